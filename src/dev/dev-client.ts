/**
 * The tiny typed protocol between `docs-gen dev` and each open tab, over a WebSocket at
 * {@link DEV_SOCKET_PATH}. Server → tab only.
 */
export type DevMessage =
  /** Content changed: show the page again (patched in place, or reloaded). */
  | { type: 'reload' }
  /** Only the stylesheet changed: swap it in place (no reload, scroll kept). */
  | { type: 'css'; href: string }
  /** The site has errors: show them over the page until a `reload` comes. */
  | { type: 'error'; message: string };

export const DEV_SOCKET_PATH = '/__docs-gen/ws';

/**
 * Injected into every HTML page dev serves. On `reload` it fetches the page again and patches the
 * live DOM in place (a small morph: same elements kept, text and attributes updated, so listeners,
 * scroll and focus stay and nothing flashes); when patching is not safe (other assets, islands,
 * rel outputs to fetch, a failed fetch) it reloads the page. `css` swaps the stylesheet; `error`
 * shows an overlay whose text is set with textContent only, never as HTML. When the server goes
 * away it reconnects, and reloads once it is back.
 */
export const DEV_CLIENT = `(function () {
  var overlay;
  function showError(text) {
    if (!overlay) {
      overlay = document.createElement('div');
      overlay.id = 'docs-gen-error-overlay';
      overlay.setAttribute('role', 'alert');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(24,4,4,.94);color:#fff;padding:32px;overflow:auto;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace';
      var title = document.createElement('div');
      title.style.cssText = 'font-weight:700;color:#ff8a8a;margin-bottom:12px';
      title.textContent = 'docs-gen: the site has an error — fix it and save; this page updates by itself.';
      var close = document.createElement('button');
      close.type = 'button';
      close.textContent = 'close';
      close.style.cssText = 'position:absolute;top:12px;right:16px;background:none;color:#fff;border:1px solid #888;border-radius:4px;cursor:pointer';
      close.onclick = function () { overlay.remove(); overlay = undefined; };
      var body = document.createElement('pre');
      body.style.cssText = 'white-space:pre-wrap;margin:0';
      overlay.append(title, close, body);
    }
    overlay.lastChild.textContent = text;
    if (!overlay.isConnected) document.body.appendChild(overlay);
  }
  function assetsOf(doc) {
    return Array.prototype.map.call(doc.querySelectorAll('head link[rel="stylesheet"], head script[src]'), function (e) { return e.getAttribute('href') || e.getAttribute('src'); }).join(' ');
  }
  function morph(from, to) {
    var i, name;
    for (i = from.attributes.length - 1; i >= 0; i--) { name = from.attributes[i].name; if (!to.hasAttribute(name)) from.removeAttribute(name); }
    for (i = 0; i < to.attributes.length; i++) if (from.getAttribute(to.attributes[i].name) !== to.attributes[i].value) from.setAttribute(to.attributes[i].name, to.attributes[i].value);
    var old = from.firstChild, next = to.firstChild;
    while (next) {
      var following = next.nextSibling;
      if (!old) from.appendChild(next);
      else if (old.nodeType === next.nodeType && old.nodeName === next.nodeName) {
        if (old.nodeType === 1) { if (old.nodeName !== 'SCRIPT') morph(old, next); }
        else if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
        old = old.nextSibling;
      } else { var replaced = old; old = old.nextSibling; from.replaceChild(next, replaced); }
      next = following;
    }
    while (old) { var gone = old; old = old.nextSibling; from.removeChild(gone); }
  }
  function update() {
    fetch(location.href, { cache: 'no-store' }).then(function (response) {
      if (!response.ok) throw new Error('status ' + response.status);
      return response.text();
    }).then(function (html) {
      var next = new DOMParser().parseFromString(html, 'text/html');
      var unsafe = '[data-island], docs-island, [data-rel-output][data-state="loading"]';
      if (assetsOf(next) !== assetsOf(document) || document.querySelector(unsafe) || next.querySelector(unsafe) || next.documentElement.lang !== document.documentElement.lang) return location.reload();
      document.title = next.title;
      if (overlay) { overlay.remove(); overlay = undefined; }
      morph(document.body, next.body);
    }).catch(function () { location.reload(); });
  }
  function swapCss(href) {
    var links = document.querySelectorAll('link[rel="stylesheet"]');
    for (var i = 0; i < links.length; i++) if (links[i].href.indexOf('/_docs-gen/style-') >= 0) links[i].href = href;
  }
  var delay = 100;
  function connect(wasDown) {
    var socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '${DEV_SOCKET_PATH}');
    socket.onopen = function () { delay = 100; if (wasDown) location.reload(); };
    socket.onmessage = function (event) {
      var message = JSON.parse(event.data);
      if (message.type === 'reload') update();
      else if (message.type === 'css') swapCss(message.href);
      else if (message.type === 'error') showError(message.message);
    };
    socket.onclose = function () {
      setTimeout(function () { connect(true); }, delay);
      delay = Math.min(delay * 2, 2000);
    };
  }
  connect(false);
})();`;

/** Adds the client to a page, just before `</body>`. */
export function injectDevClient(html: string): string {
  const script = `<script>${DEV_CLIENT}</script>`;
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html + script : html.slice(0, at) + script + html.slice(at);
}
