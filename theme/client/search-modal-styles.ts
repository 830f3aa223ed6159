/**
 * The search modal's stylesheet. It travels in the modal's chunk, so pages that never open the
 * modal do not download it (main.css is served to every page). Colours are the theme's tokens.
 */
export const SEARCH_MODAL_CSS = `
.search-modal-backdrop{position:fixed;inset:0;z-index:60;display:flex;align-items:flex-start;justify-content:center;padding:4rem 1rem 1rem;background:rgb(15 23 42/.45)}
.search-modal-backdrop[hidden]{display:none}
.search-modal{display:flex;flex-direction:column;width:min(40rem,100%);max-height:calc(100vh - 6rem);background:var(--bg);color:var(--fg);border:1px solid var(--border);border-radius:var(--radius);box-shadow:var(--shadow);font-size:.875rem}
.search-modal-form{display:flex;gap:.5rem;padding:.75rem;border-bottom:1px solid var(--border-subtle)}
.search-modal-input{flex:1;min-width:0;height:2.5rem;padding:0 .75rem;border:1px solid var(--accent);border-radius:var(--radius);background:var(--bg);color:var(--fg);font-size:1rem;outline:none;box-shadow:0 0 0 3px var(--accent-bg-strong)}
.search-modal[data-state=stalled] .search-modal-input{background-image:linear-gradient(90deg,transparent,var(--accent-bg-strong),transparent);background-size:200% 100%;animation:search-modal-stalled 1s linear infinite}
@keyframes search-modal-stalled{from{background-position:100% 0}to{background-position:-100% 0}}
.search-modal-close{padding:0 .75rem;border:1px solid var(--border);border-radius:var(--radius);background:var(--bg);color:var(--fg-muted);cursor:pointer}
.search-modal-body{flex:1;overflow-y:auto;overscroll-behavior:contain;padding:.5rem .75rem}
.search-modal-group{margin:.5rem 0 .25rem;color:var(--accent-text);font-size:.75rem;font-weight:600}
.search-modal-list{margin:0;padding:0;list-style:none}
.search-modal-hit{display:flex;align-items:center;gap:.25rem;margin:.25rem 0;border-radius:.375rem;background:var(--bg-subtle)}
.search-modal-hit[aria-selected=true]{background:var(--accent-bg)}
.search-modal-hit-link{flex:1;min-width:0;display:block;padding:.5rem .75rem;color:var(--fg)}
.search-modal-hit-title{display:block;font-weight:600}
.search-modal-hit-path,.search-modal-hit-snippet{display:block;color:var(--fg-muted);font-size:.8125rem}
.search-modal mark{background:none;color:var(--accent-text);text-decoration:underline}
.search-modal-action{width:2rem;height:2rem;margin-inline-end:.25rem;border:0;border-radius:.25rem;background:none;color:var(--fg-muted);cursor:pointer}
.search-modal-action:hover{background:var(--bg-hover);color:var(--fg)}
.search-modal-save::before{content:"☆"}
.search-modal-remove::before{content:"✕"}
.search-modal-message,.search-modal-error-title{margin:1.5rem 0 .5rem;text-align:center;font-weight:600}
.search-modal-help{margin:.25rem 0;text-align:center;color:var(--fg-muted)}
.search-modal-suggestions{display:flex;flex-wrap:wrap;justify-content:center;gap:.5rem;margin:.5rem 0;padding:0;list-style:none}
.search-modal-suggestion{padding:.25rem .75rem;border:1px solid var(--border);border-radius:999px;background:var(--bg);color:var(--accent-text);cursor:pointer}
.search-modal-footer{padding:.5rem .75rem;border-top:1px solid var(--border-subtle);text-align:end}
.search-modal-footer:empty{display:none}
.search-modal-see-all{color:var(--accent-text)}
@media (max-width:768px){.search-modal-backdrop{padding:0}.search-modal{max-height:100vh;height:100%;border-radius:0}}
`;
