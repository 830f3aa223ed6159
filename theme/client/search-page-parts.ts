/**
 * What the navbar's search box and the search modal both need of the page: where the site is
 * served and in which language, a hit's href, and highlighted text as DOM nodes.
 */
import { encodeFragment, encodeRoute } from '../../src/shared/page-href.ts';
import type { TextRun } from '../../src/shared/search-engine.ts';

/** The page's base path and locales, from the attributes the server writes on `<html>`. */
export function pageLocation(): { basePath: string; locale: string; defaultLocale: string } {
  const { basePath = '', locale = 'en-US', defaultLocale } = document.documentElement.dataset;
  return { basePath, locale, defaultLocale: defaultLocale ?? locale };
}

/** The locale's /search page for `query`: both the box's and the modal's 'See all' lead there. */
export function searchPageHref(where: { basePath: string; locale: string; defaultLocale: string }, query: string): string {
  const prefix = where.locale === where.defaultLocale ? '' : `/${where.locale}`;
  return `${where.basePath}${prefix}/search?query=${encodeURIComponent(query)}`;
}

/** A hit's href: the index holds routes (names), which an href encodes as the pages' own links do. */
export function hitHref(basePath: string, route: string, anchor = ''): string {
  return `${basePath}${encodeRoute(route)}${anchor ? `#${encodeFragment(anchor)}` : ''}`;
}

/** Text with its matched runs in `<mark>`: built from text nodes, never parsed as HTML. */
export function markedRuns(parts: readonly TextRun[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const part of parts) {
    if (!part.marked) fragment.append(part.text);
    else {
      const mark = document.createElement('mark');
      mark.textContent = part.text;
      fragment.append(mark);
    }
  }
  return fragment;
}
