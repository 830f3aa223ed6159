import type { ResolvedThemeOptions, ThemeOptions } from './types.ts';
import { SPECIAL_PAGES } from './special-pages.ts';

export const DEFAULT_THEME: ResolvedThemeOptions = {
  breadcrumb: true,
  footer: true,
  layout: 'default',
  navbar: true,
  pagination: true,
  sidebar: true,
  timestamp: true,
  toc: true,
  typesetting: 'default',
};

/**
 * The theme options a page renders with, the one rule for it: the defaults, then what `_meta`
 * gives the route (inherited from its folders), then a special page's fixed options, then the
 * route's own. The renderer and `transformPage` both get this object.
 */
export function resolveTheme(route: string, options: { fromMeta?: ThemeOptions; fromRoute?: ThemeOptions }): ResolvedThemeOptions {
  return { ...DEFAULT_THEME, ...options.fromMeta, ...SPECIAL_PAGES[route]?.theme, ...options.fromRoute };
}
