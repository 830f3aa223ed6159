/**
 * Prefetches the page's own links and the pagination's (where a reader goes next) when they come
 * within 200px of the viewport (seed §9: link prefetch margin 200px). The sidebar's hundreds of
 * links are prefetched on intent only (`prefetch.ts`).
 */
export const PREFETCH_MARGIN = '200px';

export function prefetchInView(prefetch: (link: HTMLAnchorElement) => void): void {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        prefetch(entry.target as HTMLAnchorElement);
      }
    },
    { rootMargin: PREFETCH_MARGIN },
  );
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.content a[href], .pagination a[href]')) observer.observe(link);
}
