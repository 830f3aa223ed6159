/**
 * The one rule for the URLs a built page writes: a route becomes an href by encoding each
 * path segment exactly once, and a link as written in content (relative, root-absolute,
 * `.md`/`.mdx`, trailing slash, `#hash`, `?query`, percent-encoded or not) becomes the href
 * of the page it names. The `.md` renderer, the `.mdx` compile (Markdown links and raw JSX
 * `<a>`/`<img>`), the sidebar, the navbar, breadcrumbs and pagination all write hrefs with
 * it, and `check` resolves links with the same `resolveLink`, so what it checks is what the
 * reader's browser will ask for.
 */
import { resolveImagePath } from './asset-paths.ts';
import { isExternalHref, resolveLink } from './resolve-link.ts';

/** Where one page's links point. */
export interface PageLinkContext {
  /** The page's route: a bare `#anchor` or `?query` stays on it. */
  pageRoute: string;
  /** Route of the page's source folder: relative links resolve against it. */
  folderRoute: string;
  /** The base path plus the page's locale prefix (`/docs/fr-FR`; '' for the default locale at the root). */
  hrefPrefix: string;
  /** The site's base path ('' or `/docs`): files of `public/` live under it, whatever the locale. */
  basePath: string;
  /** Folder of the page's source file from the site root (`sourceFolderOf`): relative images are files beside the page. */
  sourceFolder?: string;
}

// encodeURIComponent escapes these too, but a path segment may hold them as they are (RFC 3986 pchar).
const SEGMENT_SAFE = /%(?:21|24|26|27|28|29|2A|2B|2C|3A|3B|3D|40)/gi;
// A fragment may also hold `/` and `?`.
const FRAGMENT_SAFE = /%(?:21|24|26|27|28|29|2A|2B|2C|2F|3A|3B|3D|3F|40)/gi;

// What the two rules above leave as it is: text of these characters alone is its own encoding.
// Most segments and ids are such (`getting-started`): answered without encoding and decoding
// back, which was a tenth of the llms files' time on a rebuild of 2000 pages.
const PLAIN_SEGMENT = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]*$/;
const PLAIN_FRAGMENT = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?]*$/;

/** One path segment, percent-encoded once: `a#b` → `a%23b`, `50%` → `50%25`, `café` → `caf%C3%A9`. */
export function encodeSegment(segment: string): string {
  if (PLAIN_SEGMENT.test(segment)) return segment;
  return encodeURIComponent(segment).replace(SEGMENT_SAFE, (escape) => decodeURIComponent(escape));
}

/** A decoded fragment (a heading id), percent-encoded once. */
export function encodeFragment(fragment: string): string {
  if (PLAIN_FRAGMENT.test(fragment)) return fragment;
  return encodeURIComponent(fragment).replace(FRAGMENT_SAFE, (escape) => decodeURIComponent(escape));
}

/** A route (decoded, as file names make it) as a URL path: every segment encoded once. */
export function encodeRoute(route: string): string {
  return route.split('/').map(encodeSegment).join('/');
}

/**
 * The href of a route on the built site. `hrefPrefix` is the base path plus the locale prefix;
 * a prefixed home page is the prefix itself (`/docs`, `/fr-FR`), as the sitemap lists it.
 */
export function routeHref(route: string, hrefPrefix: string): string {
  return route === '/' && hrefPrefix ? hrefPrefix : `${hrefPrefix}${encodeRoute(route)}`;
}

/**
 * The href the built page writes for a link as content writes it. External links (`https:`,
 * `mailto:`, `//host`) are left as they are; a same-page `#anchor` stays a fragment; everything
 * else is resolved to its route (`resolveLink`, which decodes) and written back with
 * `routeHref` (which encodes), so `/a%23b` stays `/a%23b` and never turns into `/a#b`.
 * The query is kept as written.
 */
export function pageHref(written: string, context: PageLinkContext): string {
  if (written === '' || isExternalHref(written)) return written;
  const resolved = resolveLink(written, context);
  if (!resolved) return written;
  const hash = resolved.hash ? `#${encodeFragment(resolved.hash)}` : written.endsWith('#') ? '#' : '';
  if (written.startsWith('#')) return hash || '#';
  return `${routeHref(resolved.route, context.hrefPrefix)}${resolved.search}${hash}`;
}

/**
 * The URL of an image as content names it (an image's `src`): a file of `public/`, or one beside
 * the page (`resolveImagePath`), under the base path (never a locale prefix), each segment encoded once; the
 * query and fragment as written. External and `data:` URLs are left as they are.
 */
export function assetHref(src: string, context: Pick<PageLinkContext, 'folderRoute' | 'basePath' | 'sourceFolder'>): string {
  const path = resolveImagePath(src, context);
  if (path === undefined) return src;
  const suffixAt = src.search(/[?#]/);
  return `${context.basePath}${encodeRoute(path)}${suffixAt >= 0 ? src.slice(suffixAt) : ''}`;
}
