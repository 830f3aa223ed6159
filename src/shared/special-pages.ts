import type { SpecialPage, ThemeOptions } from './types.ts';

/** The seed's fixed options for its special pages (seed §2): the one place that names them. */
export const SPECIAL_PAGES: Record<string, { special: SpecialPage; theme: ThemeOptions; noindex?: boolean; hideFeedback: true }> = {
  '/': { special: 'home', theme: { layout: 'full', breadcrumb: false, toc: false }, hideFeedback: true },
  '/404': { special: '404', theme: { layout: 'full', sidebar: false, toc: false, breadcrumb: false, pagination: false }, hideFeedback: true },
  '/500': { special: '500', theme: { layout: 'full', sidebar: false, toc: false, breadcrumb: false, pagination: false }, hideFeedback: true },
  '/search': { special: 'search', theme: { layout: 'full', breadcrumb: false, toc: false, pagination: false }, noindex: true, hideFeedback: true },
};

/** Whether readers navigate to `route`: not `/404`, `/500` or `/search` (the seed keeps them out of menus, sitemaps, prev/next and search). */
export const isNavigable = (route: string): boolean => !(route in SPECIAL_PAGES) || route === '/';
