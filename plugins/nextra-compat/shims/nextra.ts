/**
 * `nextra`, `nextra/context`, `nextra/hooks`: what pages and components read of the page and the
 * site, from docs-gen's route data.
 */
import { useRouteData } from 'docs-gen/theme';
import type { FrontMatter } from 'docs-gen';

export interface NextraConfigView {
  title: string;
  frontMatter: FrontMatter;
  docsRepositoryBase?: string;
  project?: { link?: string };
  chat?: { link?: string };
  [key: string]: unknown;
}

/** Nextra's `useConfig()`: the page's title and front matter, and the site's theme config. */
export function useConfig(): NextraConfigView {
  const data = useRouteData();
  const config = data.config as unknown as Record<string, unknown>;
  return { ...config, title: data.title, frontMatter: data.frontMatter };
}

interface PageSummary {
  route: string;
  locale: string;
  name: string;
  title: string;
  frontMatter: FrontMatter;
}

/** A page as Nextra's page-map helpers give it. */
export interface NextraPageItem {
  kind: 'MdxPage';
  name: string;
  route: string;
  frontMatter: FrontMatter;
  meta: { title: string };
}

/**
 * The pages directly in the folder at `route`, in the page's locale (Nextra's `getPagesUnderRoute`),
 * ordered by route: `_meta` order is not applied here.
 */
export function getPagesUnderRoute(route: string): NextraPageItem[] {
  const data = useRouteData();
  const pages = (data.themeData as { nextraPages?: PageSummary[] }).nextraPages ?? [];
  const folder = route === '/' ? '' : route.replace(/\/$/, '');
  return pages
    .filter((p) => p.locale === data.locale && p.route !== route && p.route.startsWith(`${folder}/`) && !p.route.slice(folder.length + 1).includes('/'))
    .sort((a, b) => a.route.localeCompare(b.route))
    .map((p) => ({ kind: 'MdxPage', name: p.name, route: p.route, frontMatter: p.frontMatter, meta: { title: p.title } }));
}

/** Nextra 3's `useFSRoute()`: the page's route. */
export function useFSRoute(): string {
  return useRouteData().route;
}

/** Nextra 3's `useRouter()` from `nextra/hooks`. */
export { useRouter } from './next-router.ts';
