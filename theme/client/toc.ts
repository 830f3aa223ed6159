import { whenIdle } from './when-idle.ts';

/**
 * The table of contents' scroll spy (`toc-spy.ts`) is a chunk of its own, started when the page
 * is idle or first scrolls, whichever comes first: the first paint needs none of it.
 */
export function initTocHighlight(): void {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('.toc a[href^="#"]')];
  if (!links.length || !('IntersectionObserver' in window)) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void import('./toc-spy.ts').then((m) => m.spyOnHeadings(links));
  };
  addEventListener('scroll', start, { once: true, passive: true });
  whenIdle(start);
}
