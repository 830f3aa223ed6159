import type { UiStrings } from './ui-strings.ts';
import type { SpecialPage, ThemeOptions } from './types.ts';

/** A route the seed gives fixed options, and the title the theme's own version of it has. */
export interface SpecialPageRule {
  special: SpecialPage;
  /** Fixed theme options: they win over `_meta` (a route's own options still apply last). */
  theme: ThemeOptions;
  /** Kept out of search engines. */
  noindex?: boolean;
  /** The feedback question is never asked on it. */
  hideFeedback: true;
  /** The title of the theme's page when content has none (`home` takes the site title). */
  title: (siteTitle: string, strings: UiStrings) => string;
  /** Readers do not navigate to it: out of menus, sitemaps, prev/next and search. */
  navigable: boolean;
}

/**
 * The seed's special pages, the one place that names them: the theme routes added when content
 * has none, their options and titles, and whether readers navigate to them.
 */
export const SPECIAL_PAGES: Readonly<Record<string, SpecialPageRule>> = {
  '/': { special: 'home', theme: { layout: 'full', breadcrumb: false, toc: false }, hideFeedback: true, title: (siteTitle) => siteTitle, navigable: true },
  '/404': { special: '404', theme: { layout: 'full', sidebar: false, toc: false, breadcrumb: false, pagination: false }, hideFeedback: true, title: (_siteTitle, strings) => strings.notFoundTitle, navigable: false },
  '/500': { special: '500', theme: { layout: 'full', sidebar: false, toc: false, breadcrumb: false, pagination: false }, hideFeedback: true, title: (_siteTitle, strings) => strings.serverErrorTitle, navigable: false },
  '/search': { special: 'search', theme: { layout: 'full', breadcrumb: false, toc: false, pagination: false }, noindex: true, hideFeedback: true, title: (_siteTitle, strings) => strings.searchTitle, navigable: false },
};

/** Whether readers navigate to `route`: not `/404`, `/500` or `/search` (the seed keeps them out of menus, sitemaps, prev/next and search). */
export const isNavigable = (route: string): boolean => SPECIAL_PAGES[route]?.navigable ?? true;

/** The rule of a special page by what it is (`'404'`, `'home'`…): the theme's pages read their titles here. */
export function specialPageRule(special: SpecialPage): SpecialPageRule {
  const rule = Object.values(SPECIAL_PAGES).find((candidate) => candidate.special === special);
  if (!rule) throw new Error(`no special page ${special}`);
  return rule;
}
