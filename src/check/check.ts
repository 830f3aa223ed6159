import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { didYouMean } from '../config/did-you-mean.ts';
import { loadSite } from '../build/build.ts';
import { SPECIAL_PAGES } from '../build/route-data.ts';
import { WorkerPool } from '../pipeline/worker-pool.ts';
import type { RouteDefinition } from '../pipeline/plugin.ts';
import { isExternalHref, resolveLink } from '../shared/resolve-link.ts';

/** Anchors made by the Markdown pipeline itself rather than headings (GFM footnotes). */
const GENERATED_ANCHOR = /^user-content-fn/;

function folderRouteOf(route: RouteDefinition): string {
  const isIndex = !route.sourcePath || /(^|[\\/])index\.(mdx|md)$/.test(route.sourcePath);
  return isIndex ? route.route : route.route.slice(0, route.route.lastIndexOf('/')) || '/';
}

/**
 * `docs-gen check`: the content pipeline without rendering, then every internal link,
 * `#anchor` and image checked against the routes, headings and files the build would have.
 */
export async function checkSite(options: { root: string }): Promise<Diagnostic[]> {
  const root = resolve(options.root);
  const pool = new WorkerPool();
  try {
    const { config, context, site, diagnostics } = await loadSite(root, 'check', pool);
    const findings: Diagnostic[] = [...diagnostics];
    const byLocale = new Map<string, Map<string, RouteDefinition>>();
    for (const route of site.routes) {
      const locale = route.locale ?? config.defaultLocale;
      if (!byLocale.has(locale)) byLocale.set(locale, new Map());
      byLocale.get(locale)!.set(route.route, route);
    }
    const base = config.basePath;
    for (const route of site.routes) {
      const routes = byLocale.get(route.locale ?? config.defaultLocale)!;
      for (const ref of route.references ?? []) {
        const place = { file: route.sourcePath, line: ref.line, column: ref.column, target: ref.url };
        if (isExternalHref(ref.url) || ref.url.startsWith('mailto:')) continue;
        if (ref.kind !== 'link') {
          const path = ref.url.split(/[?#]/)[0]!;
          if (path.startsWith('/') && !existsSync(join(context.publicDir, path.slice(base.length && path.startsWith(base) ? base.length : 0)))) {
            findings.push({ severity: 'error', code: 'missing-image', message: `Image ${ref.url} was not found; add it under ${config.publicDir}/`, ...place });
          }
          continue;
        }
        const href = base && ref.url.startsWith(`${base}/`) ? ref.url.slice(base.length) : ref.url;
        const resolved = resolveLink(href, { pageRoute: route.route, folderRoute: folderRouteOf(route) });
        if (!resolved) continue;
        const target = routes.get(resolved.route);
        if (!target && !(resolved.route in SPECIAL_PAGES)) {
          const suggestion = didYouMean(resolved.route, routes.keys());
          findings.push({ severity: 'error', code: 'broken-link', message: `broken link ${ref.url} — no page at ${resolved.route}`, ...place, hint: suggestion ? `did you mean ${suggestion}?` : undefined });
          continue;
        }
        if (!resolved.hash || !target || GENERATED_ANCHOR.test(resolved.hash)) continue;
        const ids = (target.headings ?? []).map((h) => h.id);
        if (!ids.includes(resolved.hash)) {
          const suggestion = didYouMean(resolved.hash, ids);
          findings.push({
            severity: 'error',
            code: 'broken-anchor',
            message: `broken anchor ${ref.url} — no heading with id "${resolved.hash}" on ${resolved.route}`,
            ...place,
            hint: suggestion ? `did you mean #${suggestion}?` : undefined,
          });
        }
      }
    }
    return findings;
  } finally {
    await pool.close();
  }
}
