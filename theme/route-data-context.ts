import { createContext, useContext } from 'react';
import type { RouteData, ThemeData } from '../src/shared/types.ts';

/**
 * The page being rendered, for MDX components (`import { useRouteData } from 'docs-gen/theme'`).
 * The renderer provides it around every page; a component bundled for the site imports this very
 * module at run time, so both see one context.
 */
export const RouteDataContext = createContext<RouteData | undefined>(undefined);

/** The route data of the page being rendered. Throws outside a page render. */
export function useRouteData(): RouteData {
  const data = useContext(RouteDataContext);
  if (!data) throw new Error('useRouteData() is only available while a page renders');
  return data;
}

/** What plugins gave the theme with `actions.setThemeData`: the same on every page. */
export function useThemeData(): ThemeData {
  return useRouteData().themeData;
}
