import { whenIdle } from './when-idle.ts';

/**
 * The table of contents' scroll spy (`toc-spy.ts`) is a chunk of its own, started when the page
 * is idle: the first paint needs none of it, and it marks the section in view whenever it starts.
 */
export function initTocHighlight(): void {
  const links = document.querySelectorAll<HTMLAnchorElement>('.toc a[href^="#"]');
  if (links.length) whenIdle(() => void import('./toc-spy.ts').then((m) => m.spyOnHeadings(links)));
}
