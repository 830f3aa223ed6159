import { join, resolve } from 'node:path';
import { dedupeDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import { WorkerPool } from '../pipeline/worker-pool.ts';
import { mergePackedCaches } from '../util/cache-entry.ts';
import { checkMetaLinks } from './check-meta-links.ts';
import { checkReachability } from './check-reachability.ts';
import { checkLinks } from './check-references.ts';
import { checkExternalLinks, type ExternalCheckOptions } from './external-links.ts';
import { checkRedirects } from './check-redirects.ts';
import { isPatternSource } from '../shared/redirect-rules.ts';
import { LinkTargets } from './link-targets.ts';
import { loadCheckedSite } from './load-checked-site.ts';
import type { CheckReport } from './report.ts';

export interface CheckOptions {
  /** Site folder. */
  root: string;
  /** Also request every external link (`--external`); off by default so CI works offline. */
  external?: ExternalCheckOptions | false;
}

/** Where readers enter besides the page map: the navbar links and the logo's docs link. */
function entryPoints(config: ResolvedConfig): string[] {
  const hrefs = [config.logo.docsHref];
  for (const item of config.navbar.items) {
    if (item.href) hrefs.push(item.href);
    for (const entry of item.items ?? []) hrefs.push(entry.href);
  }
  return hrefs;
}

/** Where `--external` remembers good answers between runs. */
export function externalCacheFile(root: string): string {
  return join(resolve(root), '.docs-gen-cache', 'external-links.json');
}

/**
 * `docs-gen check`: the content pipeline without rendering (compiled pages carry their links,
 * images and headings with positions; the image-size and rel-output plugins report missing
 * images and rel outputs as they load), then every other kind of finding in one pass: broken
 * links and anchors, broken `_meta` links, unreachable pages.
 * Throws a DiagnosticError when it could not run (bad config, no content folder).
 */
export async function checkSite(options: CheckOptions): Promise<CheckReport> {
  const started = performance.now();
  const root = resolve(options.root);
  // A second worker only when pages queue up: a small site does not pay for two threads' imports.
  const pool = new WorkerPool(undefined, { startOnDemand: true });
  let loaded: Awaited<ReturnType<typeof loadCheckedSite>>;
  try {
    loaded = await loadCheckedSite(root, pool);
  } finally {
    await pool.close();
    // Its workers add packs to the compile cache as a build's do (cache-packs.ts).
    mergePackedCaches(join(root, '.docs-gen-cache'));
  }
  const { config, context, site, emitted, failedPages } = loaded;
  const findings: Diagnostic[] = [...loaded.diagnostics];
  if (site) {
    // A fixed redirect's source is a file of the site whose destination is checked once; a
    // pattern's destination depends on the link, so each link is followed through it.
    const fixedRedirects = config.redirects.filter((r) => !isPatternSource(r.source));
    const patternRedirects = config.redirects.filter((r) => isPatternSource(r.source));
    const targets = new LinkTargets({ site, defaultLocale: config.defaultLocale, root, publicDir: context.publicDir, emitted, failedPages, redirectSources: fixedRedirects.map((r) => r.source) });
    findings.push(...checkRedirects(fixedRedirects, targets, { defaultLocale: config.defaultLocale, configFile: loaded.configFile }));
    findings.push(...checkLinks(site.routes, targets, { defaultLocale: config.defaultLocale, basePath: config.basePath, patternRedirects }));
    findings.push(...checkMetaLinks(site.navigation, targets, { root, contentDir: context.contentDir, defaultLocale: config.defaultLocale }));
    findings.push(...checkReachability(site, targets, { defaultLocale: config.defaultLocale, entryPoints: entryPoints(config) }));
    if (options.external) findings.push(...(await checkExternalLinks(site.routes, options.external)));
  }
  const unique = dedupeDiagnostics(findings);
  return {
    complete: site !== undefined,
    pages: site?.routes.filter((r) => r.sourcePath).length ?? 0,
    errors: unique.filter((d) => d.severity === 'error').length,
    warnings: unique.filter((d) => d.severity === 'warning').length,
    ms: performance.now() - started,
    findings: unique,
    notes: loaded.notes ?? [],
  };
}
