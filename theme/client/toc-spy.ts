/**
 * The table of contents marks the section being read (`aria-current="true"`, class `active`):
 * the last heading that has scrolled past the top of the content area (below the sticky
 * navbar). Only a colour change, in place: nothing moves. A lazy chunk (`toc.ts` starts it).
 */
export function spyOnHeadings(tocLinks: NodeListOf<HTMLAnchorElement>): void {
  const links = [...tocLinks];
  const headings = links.map((link) => document.getElementById(decodeURIComponent(link.hash.slice(1)))).filter((h): h is HTMLElement => h !== null);
  let current: HTMLAnchorElement | undefined;
  // The reading line: a little under the sticky navbar.
  const line = (document.querySelector<HTMLElement>('.navbar')?.offsetHeight ?? 0) + 24;
  const mark = () => {
    // The last heading at or above the reading line; none yet: the first.
    const above = headings.filter((heading) => heading.getBoundingClientRect().top <= line);
    const heading = above[above.length - 1] ?? headings[0];
    const link = links.find((l) => decodeURIComponent(l.hash.slice(1)) === heading?.id);
    if (link === current) return;
    current?.classList.remove('active');
    current?.removeAttribute('aria-current');
    link?.classList.add('active');
    link?.setAttribute('aria-current', 'true');
    current = link;
  };
  // A heading crossing the reading line (the root's top edge) is the only moment the answer changes.
  const observer = new IntersectionObserver(mark, { rootMargin: `${-line}px 0px 0px 0px`, threshold: [0, 1] });
  for (const heading of headings) observer.observe(heading);
  mark();
}
