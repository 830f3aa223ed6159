/**
 * The sidebar's whole tree, a lazy chunk of its own: the markup function and the loader reach
 * the browser only when the tree is wanted (`sidebar.ts` decides when), not with every page's
 * first script. It gets the state the first script keeps (where the reader placed the active link,
 * the folders they opened) as arguments: a module imported by both would be bundled into both.
 */
import type { SidebarData } from '../../src/shared/types.ts';
import { PAGE_PATCHED_EVENT, type PagePatched } from '../../src/shared/dev-protocol.ts';
import { sidebarMarkup } from '../components/sidebar-markup.ts';
import { activeLink, offsetInView, placeActiveLink } from './sidebar-geometry.ts';

export interface WholeTreeOptions {
  /** Pixels from the sidebar's top where the active link must sit after the swap; `undefined`: where it sits now. */
  placeAt: number | undefined;
  /** Folders the reader opened or closed, by route, as remembered now. */
  readerOpen: () => Readonly<Record<string, boolean>>;
}

/**
 * The whole tree's fetch still on its way. A later load (dev patched the page again, with a tree
 * of its own) gives it up: an older tree arriving last would replace the newer one.
 */
let loading: AbortController | undefined;

/**
 * Replaces the reader's path with the whole tree of the page's section, keeping focus, and the
 * active link where it was or at `placeAt`.
 */
export async function loadWholeTree(nav: HTMLElement, options: WholeTreeOptions): Promise<void> {
  reloadAfterDevPatches(nav, options);
  const url = nav.dataset.sidebarSrc;
  const section = nav.dataset.sidebarSection;
  const activeRoute = nav.dataset.activeRoute;
  if (!url || section === undefined || activeRoute === undefined) return;
  loading?.abort();
  const controller = new AbortController();
  loading = controller;
  const response = await fetch(url, { signal: controller.signal });
  if (!response.ok) return;
  const data = (await response.json()) as SidebarData;
  if (controller.signal.aborted) return;
  const items = data.sections[section];
  if (!items) return;
  const before = activeLink(nav);
  const top = options.placeAt ?? (before ? offsetInView(nav, before) : undefined);
  const focused = nav.contains(document.activeElement) ? (document.activeElement as HTMLElement) : undefined;
  const focusedHref = focused?.getAttribute('href');
  nav.innerHTML = sidebarMarkup(items, {
    activeRoute,
    collapseLevel: Number(nav.dataset.collapseLevel) || 1,
    // The page's own headings, as the server wrote them under the active link.
    anchors: nav.querySelector('.sidebar-anchors')?.outerHTML ?? '',
    pathOnly: false,
    readerOpen: options.readerOpen(),
  });
  if (top !== undefined) placeActiveLink(nav, top);
  if (focusedHref) nav.querySelector<HTMLElement>(`a[href="${CSS.escape(focusedHref)}"]`)?.focus();
  nav.dataset.sidebarComplete = '';
}

let listeningForPatches = false;

/**
 * dev patched the page with the server's reader's path (and perhaps a new tree): load the whole
 * tree again. Only dev fires the event; it is listened for here, not in the entry every built page
 * loads. A patch before this chunk ran is covered too: the nav then still waits for its first load.
 */
function reloadAfterDevPatches(nav: HTMLElement, options: WholeTreeOptions): void {
  if (listeningForPatches) return;
  listeningForPatches = true;
  document.addEventListener(PAGE_PATCHED_EVENT, (event) => {
    // The server's sidebar was the same as last time: the live one, whole tree included, stayed.
    if ((event as CustomEvent<PagePatched | null>).detail?.sidebarKept) return;
    // The patch leaves attributes the server did not write: the nav holds only the path now.
    delete nav.dataset.sidebarComplete;
    void loadWholeTree(nav, { ...options, placeAt: undefined }).catch(() => {
      // The path stays, and works.
    });
  });
}
