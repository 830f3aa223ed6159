/**
 * Injected into every HTML page dev serves (bundled into an inline script by
 * `src/build/inline-scripts.ts`). On `reload` it fetches the page again and patches the live DOM
 * in place (a small morph: same elements kept, text and attributes updated, so listeners, scroll
 * and focus stay and nothing flashes); when patching is not safe (other assets, islands, rel
 * outputs to fetch, a failed fetch) it reloads the page; a newer message gives up a page fetch
 * still on its way. `css` swaps the stylesheet; `error` shows an overlay whose text is set with
 * textContent only, never as HTML. `changes`, heard as the socket opens, says whether a change
 * was told before it opened (the page is shown again). When the server goes away it
 * reconnects, and reloads once it is back.
 */
import { DEV_SOCKET_PATH, PAGE_PATCHED_EVENT, type DevMessage, type PagePatched } from '../../src/shared/dev-protocol.ts';

interface ErrorOverlay {
  element: HTMLDivElement;
  body: HTMLPreElement;
}

let overlay: ErrorOverlay | undefined;

function removeOverlay(): void {
  overlay?.element.remove();
  overlay = undefined;
}

function createOverlay(): ErrorOverlay {
  const element = document.createElement('div');
  element.id = 'docs-gen-error-overlay';
  element.setAttribute('role', 'alert');
  element.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(24,4,4,.94);color:#fff;padding:32px;overflow:auto;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace';
  const title = document.createElement('div');
  title.style.cssText = 'font-weight:700;color:#ff8a8a;margin-bottom:12px';
  title.textContent = 'docs-gen: the site has an error — fix it and save; this page updates by itself.';
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'close';
  close.style.cssText = 'position:absolute;top:12px;right:16px;background:none;color:#fff;border:1px solid #888;border-radius:4px;cursor:pointer';
  close.onclick = removeOverlay;
  const body = document.createElement('pre');
  body.style.cssText = 'white-space:pre-wrap;margin:0';
  element.append(title, close, body);
  return { element, body };
}

function showError(text: string): void {
  overlay ??= createOverlay();
  overlay.body.textContent = text;
  if (!overlay.element.isConnected) document.body.appendChild(overlay.element);
}

const SIDEBAR = 'nav[data-sidebar-src]';

/** The stylesheets and scripts a document loads: a page whose assets changed is reloaded, not patched. */
function assetsOf(doc: Document): string {
  return Array.from(doc.querySelectorAll('head link[rel="stylesheet"], head script[src]'), (e) => e.getAttribute('href') ?? e.getAttribute('src')).join(' ');
}

/**
 * The sidebar the server wrote in the last page fetched here. When the next fetch has the very
 * same one (a body edit: same tree file, same active page, same headings under it), the live
 * sidebar is kept as it is, whole tree and opened folders included: morphing it back to the
 * reader's path and loading the whole tree again costs the browser the size of the site
 * (thousands of links at 10 000 pages) on every save.
 *
 * At first the page's own: this script runs where the server put it, at the end of the body,
 * before the sidebar's module script has loaded the whole tree into it. Without it, the first
 * save after a page loaded fetched the whole tree again (1.3 MB at 10 000 pages; that save took
 * 250 to 500 ms to be on screen against 120 to 150 for the next ones).
 */
let lastServerSidebar: string | undefined = document.querySelector(SIDEBAR)?.outerHTML;

/** Makes `from` look like `to`, keeping the nodes that stay (scripts are never re-run or changed) and `kept` as it is. */
function morph(from: Element, to: Element, kept?: Element): void {
  for (let i = from.attributes.length - 1; i >= 0; i--) {
    const name = from.attributes[i]!.name;
    if (!to.hasAttribute(name)) from.removeAttribute(name);
  }
  for (const { name, value } of Array.from(to.attributes)) if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  let old = from.firstChild;
  let next = to.firstChild;
  while (next) {
    const following = next.nextSibling;
    if (!old) from.appendChild(next);
    else if (old.nodeType === next.nodeType && old.nodeName === next.nodeName) {
      if (old.nodeType === Node.ELEMENT_NODE) {
        if (old.nodeName !== 'SCRIPT' && old !== kept) morph(old as Element, next as Element, kept);
      } else if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
      old = old.nextSibling;
    } else {
      const replaced = old;
      old = old.nextSibling;
      from.replaceChild(next, replaced);
    }
    next = following;
  }
  while (old) {
    const gone = old;
    old = old.nextSibling;
    from.removeChild(gone);
  }
}

/**
 * The last page fetch made for a `reload`. While it is on its way a later message is newer than
 * its answer: an `error` whose overlay that answer's patch would take down (the page fetched
 * before the broken save), or another `reload` whose answer could come first and be overwritten
 * by the older one. Either aborts it (aborting a fetch already answered does nothing).
 */
let pending: AbortController | undefined;

function update(): void {
  pending?.abort();
  const controller = new AbortController();
  pending = controller;
  fetch(location.href, { cache: 'no-store', signal: controller.signal })
    .then((response) => {
      if (!response.ok) throw new Error(`status ${response.status}`);
      return response.text();
    })
    .then((html) => {
      if (controller.signal.aborted) return;
      const next = new DOMParser().parseFromString(html, 'text/html');
      const unsafe = '[data-island], docs-island, [data-rel-output][data-state="loading"]';
      if (assetsOf(next) !== assetsOf(document) || document.querySelector(unsafe) || next.querySelector(unsafe) || next.documentElement.lang !== document.documentElement.lang) {
        location.reload();
        return;
      }
      document.title = next.title;
      removeOverlay();
      const serverSidebar = next.querySelector(SIDEBAR)?.outerHTML;
      const liveSidebar = document.querySelector(SIDEBAR) ?? undefined;
      const keepSidebar = serverSidebar !== undefined && serverSidebar === lastServerSidebar;
      lastServerSidebar = serverSidebar;
      morph(document.body, next.body, keepSidebar ? liveSidebar : undefined);
      document.dispatchEvent(new CustomEvent<PagePatched>(PAGE_PATCHED_EVENT, { detail: { sidebarKept: keepSidebar && liveSidebar !== undefined } }));
    })
    .catch(() => {
      if (!controller.signal.aborted) location.reload();
    });
}

function swapCss(href: string): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) if (link.href.includes('/_docs-gen/style-')) link.href = href;
}

/** How many changes the server had told the tabs of when it served this page, and in which session of dev (its script's `data-changes`, `data-session`). */
const changesShown = Number(document.currentScript?.getAttribute('data-changes') ?? 0);
const sessionShown = document.currentScript?.getAttribute('data-session') ?? '';

let delay = 100;
function connect(wasDown: boolean): void {
  const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss://' : 'ws://'}${location.host}${DEV_SOCKET_PATH}`);
  socket.onopen = () => {
    delay = 100;
    if (wasDown) location.reload();
  };
  socket.onmessage = (event: MessageEvent<string>) => {
    const message = JSON.parse(event.data) as DevMessage;
    if (message.type === 'reload') update();
    else if (message.type === 'css') swapCss(message.href);
    else if (message.type === 'error') {
      pending?.abort();
      showError(message.message);
    }
    // A change told before this socket opened (a save right after the page loaded) is not on screen
    // yet; nor, when another dev served the page (it stopped before this socket opened), any of this one's.
    else if (message.type === 'changes' && !wasDown && (message.session !== sessionShown || message.count > changesShown)) update();
  };
  socket.onclose = () => {
    setTimeout(() => connect(true), delay);
    delay = Math.min(delay * 2, 2000);
  };
}
connect(false);
