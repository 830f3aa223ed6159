/** An internal link, resolved to the route it means on the built site. */
export interface ResolvedLink {
  route: string;
  /** Without the `#`; '' when there is none. */
  hash: string;
  /** With the `?`; '' when there is none. */
  search: string;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** True for links that leave the site (`https:`, `mailto:`, `//host`). */
export function isExternalHref(href: string): boolean {
  return EXTERNAL.test(href);
}

/**
 * Resolves an href as written in content: absolute (`/rel/x`), relative to the page's folder
 * (`../x`, `x.mdx`), with or without a trailing slash or `.md`/`.mdx`/`index` — the same
 * way the built site's clean URLs work. `folderRoute` is the route of the source file's folder.
 * Returns undefined for external links; a bare `#anchor` resolves to `pageRoute`.
 */
export function resolveLink(href: string, options: { pageRoute: string; folderRoute: string }): ResolvedLink | undefined {
  if (isExternalHref(href)) return undefined;
  const hashAt = href.indexOf('#');
  const hash = hashAt >= 0 ? href.slice(hashAt + 1) : '';
  let path = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const queryAt = path.indexOf('?');
  const search = queryAt >= 0 ? path.slice(queryAt) : '';
  if (queryAt >= 0) path = path.slice(0, queryAt);
  if (path === '') return { route: options.pageRoute, hash: safeDecode(hash), search };
  const segments = path.startsWith('/') ? [] : options.folderRoute.split('/').filter(Boolean);
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const last = segments[segments.length - 1];
  if (last !== undefined) {
    const stripped = last.replace(/\.(mdx|md|html)$/, '');
    if (stripped === 'index') segments.pop();
    else segments[segments.length - 1] = stripped;
  }
  return { route: `/${segments.map(safeDecode).join('/')}`, hash: safeDecode(hash), search };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
