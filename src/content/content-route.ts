/** How a content file maps to a route and locale (shared by the content loader and the page map). */
export interface ContentPath {
  route: string;
  locale: string;
  /** The page's name in its folder (`index` for a folder page). */
  name: string;
  format: 'md' | 'mdx';
}

const PAGE_FILE = /^(?<name>.+?)(?:\.(?<locale>[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})+|[a-z]{2}))?\.(?<ext>mdx|md)$/;

/**
 * `rel/primer/index.mdx` → `/rel/primer`; `rel/x.fr-FR.md` → `/rel/x` in `fr-FR`.
 * Returns undefined for files that are not pages (`_meta.json`, `_partial.mdx`, images).
 */
export function contentRoute(relativePath: string, locales: string[], defaultLocale: string): ContentPath | undefined {
  const segments = relativePath.split(/[\\/]/);
  const fileName = segments.pop()!;
  if ([...segments, fileName].some((s) => s.startsWith('_') || s.startsWith('.'))) return undefined;
  const match = PAGE_FILE.exec(fileName);
  if (!match?.groups) return undefined;
  let { name, locale } = match.groups as { name: string; locale?: string };
  if (locale && !locales.includes(locale)) {
    // `file.v2.mdx` style names: the suffix is part of the name, not a locale.
    name = `${name}.${locale}`;
    locale = undefined;
  }
  const parts = name === 'index' ? segments : [...segments, name];
  return {
    route: `/${parts.join('/')}`,
    locale: locale ?? defaultLocale,
    name,
    format: match.groups.ext === 'md' ? 'md' : 'mdx',
  };
}

/**
 * The route of the folder a page's source file is in: relative links and images resolve
 * against it. A folder's index page is its folder; a page without a source file counts as one.
 */
export function folderRouteOf(page: { route: string; sourcePath?: string }): string {
  // `index.mdx`, and a locale's `index.fr-FR.mdx`.
  const isIndex = !page.sourcePath || /(^|[\\/])index(\.[A-Za-z0-9-]+)?\.(mdx|md)$/.test(page.sourcePath);
  return isIndex ? page.route : page.route.slice(0, page.route.lastIndexOf('/')) || '/';
}

export { titleFromName } from '../shared/page-title.ts';

/** The URL path of a route in a locale: the default locale has no prefix. */
export function localizedRoute(route: string, locale: string, defaultLocale: string): string {
  if (locale === defaultLocale) return route;
  return route === '/' ? `/${locale}` : `/${locale}${route}`;
}
