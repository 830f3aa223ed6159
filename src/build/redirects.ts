import type { ResolvedConfig } from '../config/schema.ts';
import { escapeHtml } from '../shared/escape-html.ts';
import { routeHref } from '../shared/page-href.ts';
import { isExternalHref } from '../shared/resolve-link.ts';

type Redirect = ResolvedConfig['redirects'][number];

/** The URL a redirect sends the reader to: an external URL as it is, a route with the base path. */
export function redirectHref(redirect: Redirect, basePath: string): string {
  return isExternalHref(redirect.destination) ? redirect.destination : routeHref(redirect.destination, basePath);
}

/** The output path of a redirect's page: `/old/page` → `old/page/index.html`. */
export function redirectOutputPath(redirect: Redirect): string {
  const path = redirect.source.replace(/^\/+|\/+$/g, '');
  return path ? `${path}/index.html` : 'index.html';
}

/**
 * A page that forwards at once: `<meta http-equiv="refresh">` (static hosts have no server-side
 * redirects) and a canonical link, so search engines index the destination; a plain link for
 * readers whose browser does not follow.
 */
export function redirectPage(redirect: Redirect, config: Pick<ResolvedConfig, 'basePath' | 'siteUrl'>): string {
  const href = redirectHref(redirect, config.basePath);
  const canonical = isExternalHref(href) ? href : `${(config.siteUrl ?? '').replace(/\/$/, '')}${href}`;
  const url = escapeHtml(href);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${url}</title><meta http-equiv="refresh" content="0; url=${url}"><link rel="canonical" href="${escapeHtml(canonical)}"><meta name="robots" content="noindex"></head><body><a href="${url}">${url}</a></body></html>\n`;
}
