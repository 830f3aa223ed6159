import type { RouteDefinition } from '../pipeline/plugin.ts';
import { escapeHtml } from '../shared/escape-html.ts';
import { routeHref } from '../shared/page-href.ts';
import { isNavigable } from './route-data.ts';

interface SiteFileOptions {
  routes: RouteDefinition[];
  siteUrl?: string;
  basePath: string;
  defaultLocale: string;
}

/** Routes search engines should see: not /404, /500 or the noindex /search. */
function indexable(routes: RouteDefinition[]): RouteDefinition[] {
  return routes.filter((r) => isNavigable(r.route));
}

export function sitemapXml({ routes, siteUrl, basePath, defaultLocale }: SiteFileOptions): string {
  const origin = (siteUrl ?? '').replace(/\/$/, '');
  const entries = indexable(routes)
    .map((r) => {
      const locale = r.locale ?? defaultLocale;
      const path = routeHref(r.route, `${basePath}${locale === defaultLocale ? '' : `/${locale}`}`);
      const lastmod = r.frontMatter?.lastmod ?? r.frontMatter?.date;
      return `  <url><loc>${escapeHtml(origin + path)}</loc>${lastmod ? `<lastmod>${escapeHtml(String(lastmod))}</lastmod>` : ''}</url>`;
    })
    .sort();
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

export function robotsTxt({ siteUrl, basePath }: { siteUrl?: string; basePath: string }): string {
  const lines = ['User-agent: *', 'Allow: /', `Disallow: ${basePath}/search`];
  if (siteUrl) lines.push(`Sitemap: ${siteUrl.replace(/\/$/, '')}${basePath}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}
