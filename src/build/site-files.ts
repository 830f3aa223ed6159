import type { RouteDefinition } from '../pipeline/plugin.ts';
import { escapeHtml } from '../shared/escape-html.ts';
import { routeHref } from '../shared/page-href.ts';
import { isNavigable } from './route-data.ts';
import { hreflangAlternates } from '../shared/hreflang.ts';

interface SiteFileOptions {
  routes: RouteDefinition[];
  siteUrl?: string;
  basePath: string;
  defaultLocale: string;
  /** The config's locales, in its order: the order of each page's alternates. */
  locales?: string[];
}

/** Routes search engines should see: not /404, /500 or the noindex /search. */
function indexable(routes: RouteDefinition[]): RouteDefinition[] {
  return routes.filter((r) => isNavigable(r.route));
}

/**
 * Every translated page (a locale's fallback copy of a default-locale page is not one: its
 * canonical URL is the original's), each with its translations as `hreflang` alternates
 * (Google's sitemap form: every version lists every version, itself included, and `x-default`).
 */
export function sitemapXml({ routes, siteUrl, basePath, defaultLocale, locales = [] }: SiteFileOptions): string {
  const origin = (siteUrl ?? '').replace(/\/$/, '');
  const translated = indexable(routes).filter((r) => !r.fallbackFrom);
  const localeOf = (r: RouteDefinition) => r.locale ?? defaultLocale;
  const urlOf = (r: RouteDefinition) => origin + routeHref(r.route, `${basePath}${localeOf(r) === defaultLocale ? '' : `/${localeOf(r)}`}`);
  // Each route's versions, where a page has more than one: a site in one locale has none to list, and a list made for each of its 10 000 pages was half of the sitemap's time.
  const versions = new Map<string, RouteDefinition[]>();
  if (translated.some((r) => localeOf(r) !== defaultLocale)) {
    for (const r of translated) {
      const all = versions.get(r.route);
      if (all) all.push(r);
      else versions.set(r.route, [r]);
    }
    for (const all of versions.values()) all.sort((a, b) => locales.indexOf(localeOf(a)) - locales.indexOf(localeOf(b)));
  }
  const entries = translated
    .map((r) => {
      const lastmod = r.frontMatter?.lastmod ?? r.frontMatter?.date;
      const all = versions.get(r.route);
      const alternates = !all || all.length < 2 ? [] : hreflangAlternates(all.map((v) => ({ locale: localeOf(v), href: urlOf(v) })), defaultLocale);
      const links = alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}"/>`).join('');
      return `  <url><loc>${escapeHtml(urlOf(r))}</loc>${lastmod ? `<lastmod>${escapeHtml(String(lastmod))}</lastmod>` : ''}${links}</url>`;
    })
    .sort();
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

export function robotsTxt({ siteUrl, basePath }: { siteUrl?: string; basePath: string }): string {
  const lines = ['User-agent: *', 'Allow: /', `Disallow: ${basePath}/search`];
  if (siteUrl) lines.push(`Sitemap: ${siteUrl.replace(/\/$/, '')}${basePath}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}
