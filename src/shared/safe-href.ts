/**
 * Which hrefs a site's navigation may hold. A `_meta` href becomes a link in every page's
 * sidebar or navbar, so a `javascript:` (or `data:`, `vbscript:`) href there would run on
 * every page: only web pages, mail and paths are allowed.
 */

/** Schemes a navigation link may use. */
export const SAFE_HREF_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];

/**
 * The scheme a browser sees in `href`, lower case, or undefined for a path (`/a`, `../a`,
 * `#x`, `?q`, `//host`). Parsed as the URL standard does: leading and trailing control
 * characters and spaces are dropped and tabs and newlines removed anywhere, so
 * `" java\tscript:"` is `javascript`.
 */
export function hrefScheme(href: string): string | undefined {
  const cleaned = href.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase();
}

/** True for an http(s) or mailto URL and for any path; false for every other scheme. */
export function isSafeHref(href: string): boolean {
  const scheme = hrefScheme(href);
  return scheme === undefined || SAFE_HREF_SCHEMES.includes(scheme);
}

/** `href` when it is safe, else `#`: the second line of defence where navigation is rendered. */
export function safeHref(href: string): string {
  return isSafeHref(href) ? href : '#';
}
