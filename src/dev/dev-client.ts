/**
 * Injected into every HTML page dev serves: reloads on `reload`, shows an overlay on `error`,
 * and reconnects (then reloads) when the server restarts. Text goes in via textContent only.
 */
export const DEV_CLIENT = `(function(){var o;function overlay(t){if(!o){o=document.createElement('div');o.id='docs-gen-error-overlay';o.setAttribute('role','alert');o.style.cssText='position:fixed;inset:0;z-index:99999;background:rgba(20,0,0,.92);color:#fff;padding:32px;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap;overflow:auto';document.body.appendChild(o)}o.textContent=t}function connect(wasDown){var s=new WebSocket((location.protocol==='https:'?'wss://':'ws://')+location.host+'/__docs-gen/ws');s.onopen=function(){if(wasDown)location.reload()};s.onmessage=function(e){var m=JSON.parse(e.data);if(m.type==='reload')location.reload();else if(m.type==='error')overlay(m.message)};s.onclose=function(){setTimeout(function(){connect(true)},500)}}connect(false)})();`;
