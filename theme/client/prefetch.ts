/**
 * Pages are plain links (see ARCHITECTURE.md, "Navigation"); this makes the next one fast: a
 * page link is prefetched (`<link rel="prefetch">`, so the browser's HTTP cache serves the
 * click) when it comes within 200px of the viewport (seed §9: link prefetch margin 200px) or
 * when the pointer or focus reaches it. Each URL once; nothing on a metered connection.
 */
import { whenIdle } from './when-idle.ts';

const fetched = new Set<string>();

/** A link to another page of this site (not an anchor on this page, not a file download). */
function pageUrl(link: HTMLAnchorElement): string | undefined {
  if (link.target === '_blank' || link.hasAttribute('download')) return undefined;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || /\.[a-z0-9]+$/i.test(url.pathname)) return undefined;
  if (url.pathname === location.pathname && url.search === location.search) return undefined;
  url.hash = '';
  return url.href;
}

function prefetch(link: HTMLAnchorElement): void {
  const href = pageUrl(link);
  if (!href || fetched.has(href)) return;
  fetched.add(href);
  const hint = document.createElement('link');
  hint.rel = 'prefetch';
  hint.href = href;
  document.head.append(hint);
}

export function initPrefetch(): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (link instanceof HTMLAnchorElement) prefetch(link);
  };
  // (No `passive`: pointerover has no default action for a listener to delay.)
  document.addEventListener('pointerover', onIntent);
  document.addEventListener('focusin', onIntent);
  // Links coming into view: observed from when the page is idle (a chunk of its own); nothing is
  // prefetched before the page's own loading is done anyway.
  whenIdle(() => void import('./prefetch-in-view.ts').then((m) => m.prefetchInView(prefetch)));
}
