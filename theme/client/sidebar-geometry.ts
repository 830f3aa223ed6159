/**
 * Where the sidebar's active link sits in its view. Used by the first script (`sidebar.ts`) and
 * by the whole tree's chunk (`sidebar-tree.ts`): stateless, so being bundled into both is only a
 * few bytes in the lazy chunk.
 */
export const activeLink = (nav: HTMLElement) => nav.querySelector<HTMLAnchorElement>('a[aria-current="page"]');

/** Where `element` sits in the sidebar's view, in pixels from its top. */
export const offsetInView = (nav: HTMLElement, element: Element) => element.getBoundingClientRect().top - nav.getBoundingClientRect().top;

/** Scrolls the sidebar so that the active link sits `top` pixels from its top. */
export function placeActiveLink(nav: HTMLElement, top: number): void {
  const link = activeLink(nav);
  if (link) nav.scrollTop += offsetInView(nav, link) - top;
}
