/**
 * The sidebar in the browser. The server wrote only the reader's path; this loads the
 * locale's whole tree (one JSON named by its hash, so cacheable for good) when the reader first
 * reaches for the sidebar or the page is idle, and renders it with the server's own markup
 * function (`sidebar-tree.ts`, a lazy chunk: neither is in the page's first script). It also
 * keeps, across pages: the collapsed sidebar, the folders the reader opened or closed, and where the followed link sat in the sidebar's view (so the sidebar does not
 * jump). Folder links open and close their folder with the arrow keys (one Tab stop each).
 */
import { activeLink, offsetInView, placeActiveLink } from './sidebar-geometry.ts';
import { whenIdle } from './when-idle.ts';
import { SIDEBAR_COLLAPSED_CLASS, SIDEBAR_COLLAPSED_KEY, SIDEBAR_FOLDERS_KEY, SIDEBAR_SCROLL_KEY } from './sidebar-state.ts';

/** What the sidebar kept for the tab's session under `key` (sessionStorage); `take` removes it. */
function readJson<T>(key: string, take = false): T | undefined {
  try {
    const text = sessionStorage.getItem(key);
    if (take) sessionStorage.removeItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage blocked or full: the sidebar simply forgets.
  }
}

/** The reader's folder choices: route → open. */
const rememberedFolders = (): Record<string, boolean> => readJson<Record<string, boolean>>(SIDEBAR_FOLDERS_KEY) ?? {};

function initToggle(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-sidebar-toggle]');
  if (!button) return;
  const root = document.documentElement;
  const show = () => {
    const collapsed = root.classList.contains(SIDEBAR_COLLAPSED_CLASS);
    const label = (collapsed ? button.dataset.labelExpand : button.dataset.labelCollapse) ?? '';
    button.setAttribute('aria-expanded', String(!collapsed));
    button.setAttribute('aria-label', label);
    button.title = label;
  };
  show();
  button.addEventListener('click', () => {
    const collapsed = root.classList.toggle(SIDEBAR_COLLAPSED_CLASS);
    try {
      localStorage.setItem(SIDEBAR_COLLAPSED_KEY, collapsed ? '1' : '0');
    } catch {
      // Storage blocked: collapsed for this page view only.
    }
    show();
  });
}

/** Loads the whole tree (its code is a chunk of its own, fetched on this first call). */
function loadWholeTree(nav: HTMLElement, placeAt: number | undefined): Promise<void> {
  return import('./sidebar-tree.ts').then((tree) => tree.loadWholeTree(nav, { placeAt, readerOpen: rememberedFolders }));
}

/**
 * Loads the whole tree once: on the reader's first move towards the sidebar, or when the page is
 * idle; at once when the reader came by the sidebar (the JSON is in the browser's cache by then),
 * so that the followed link settles at its place straight away.
 */
function scheduleWholeTree(nav: HTMLElement, placeAt: number | undefined): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void loadWholeTree(nav, placeAt).catch(() => {
      // Offline or a stale page: the reader's path stays, and works.
    });
  };
  if (placeAt !== undefined) return start();
  for (const event of ['pointerenter', 'focusin', 'touchstart']) nav.addEventListener(event, start, { once: true, passive: true });
  document.querySelector('[data-menu-toggle]')?.addEventListener('click', start, { once: true });
  whenIdle(start);
}

function rememberFolders(nav: HTMLElement): void {
  // `toggle` does not bubble: listen in the capture phase.
  nav.addEventListener(
    'toggle',
    (event) => {
      const details = event.target as HTMLDetailsElement;
      const folder = details.closest<HTMLElement>('.sidebar-folder');
      const route = folder?.dataset.route;
      if (!folder || !route || details.parentElement !== folder) return;
      folder.querySelector(':scope > .sidebar-folder-link')?.setAttribute('aria-expanded', String(details.open));
      const folders = rememberedFolders();
      folders[route] = details.open;
      writeJson(SIDEBAR_FOLDERS_KEY, folders);
    },
    true,
  );
  // A folder's link is its one Tab stop: the arrow keys open and close it (mirrored right to left).
  nav.addEventListener('keydown', (event) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('.sidebar-folder-link');
    const details = link?.nextElementSibling;
    if (!link || !(details instanceof HTMLDetailsElement)) return;
    const rtl = getComputedStyle(nav).direction === 'rtl';
    const openKey = rtl ? 'ArrowLeft' : 'ArrowRight';
    const closeKey = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key !== openKey && event.key !== closeKey) return;
    event.preventDefault();
    details.open = event.key === openKey;
    // The toggle event would say so too, but only in a later task: a screen reader announces the
    // link's state as the key is handled.
    link.setAttribute('aria-expanded', String(details.open));
  });
}

/** Keeps the followed link where it was in the sidebar's view on the next page; returns that place, when the reader came by the sidebar. */
function keepScrollPosition(nav: HTMLElement): number | undefined {
  nav.addEventListener('click', (event) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('a[href]');
    if (link) writeJson(SIDEBAR_SCROLL_KEY, { href: link.href, top: offsetInView(nav, link) });
  });
  const saved = readJson<{ href: string; top: number }>(SIDEBAR_SCROLL_KEY, true);
  const link = activeLink(nav);
  if (!link) return undefined;
  const here = location.href.split('#')[0];
  if (saved && saved.href.split('#')[0] === here) {
    placeActiveLink(nav, saved.top);
    return saved.top;
  }
  // Arrived some other way: show the active link, as the reader would look for it.
  const offset = offsetInView(nav, link);
  if (offset < 0 || offset > nav.clientHeight - link.offsetHeight) placeActiveLink(nav, nav.clientHeight / 3);
  return undefined;
}

export function initSidebar(): void {
  initToggle();
  const nav = document.querySelector<HTMLElement>('.sidebar-nav');
  if (!nav) return;
  rememberFolders(nav);
  scheduleWholeTree(nav, keepScrollPosition(nav));
}
