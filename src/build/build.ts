import { existsSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { loadConfig } from '../config/load-config.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import { DiagnosticError, isDiagnosticError, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { fileSystemDiagnostic, isFileSystemError } from '../diagnostics/file-system-error.ts';
import { builtinPlugins } from '../pipeline/builtin-plugins.ts';
import type { MarkdownPlugins, ModuleExport, Plugin, PluginContext, RenderedPage, RouteDefinition, SiteData } from '../pipeline/plugin.ts';
import { markdownPluginsOf, mdxComponentsOf, orderPlugins, runContentHooks, runPostBuild, runTransformPage } from '../pipeline/run-plugins.ts';
import { runnableModuleUrl, runnableRefs, runnableRefsByName } from '../pipeline/runnable-module.ts';
import { WorkerPool } from '../pipeline/worker-pool.ts';
import { distUrl } from '../util/dist-path.ts';
import { copyFolderWithoutLinksOut } from '../util/symlink-policy.ts';
import type { ClientAssets } from './client-assets.ts';
import { buildSiteAssets, siteSnapshot } from './site-snapshot.ts';
import { createStagingFolder, discardStaging, removeLeftovers, swapIntoPlace } from './output-folder.ts';
import type { RenderInput, RenderOutput } from './render-worker.tsx';
import { renderCacheSiteKey } from './render-cache.ts';
import { renderInPool } from './render-in-pool.ts';
import { SPECIAL_PAGES } from '../shared/special-pages.ts';
import { robotsTxt, sitemapXml } from './site-files.ts';

export interface BuildOptions {
  /** Site folder. */
  root: string;
  /** @default `<root>/out` */
  outDir?: string;
  /** Progress lines (the CLI prints them). */
  log?: (line: string) => void;
  /** Overrides the config's `evaluationTimeoutMs`, and bounds the config's own load (tests inject a tiny one). */
  evaluationTimeoutMs?: number;
  /** Use the persistent cache in `.docs-gen-cache/` (`--no-cache`: false). @default true */
  cache?: boolean;
}

export interface BuildResult {
  outDir: string;
  pages: number;
  ms: number;
  assets: ClientAssets;
  warnings: Diagnostic[];
}

/** The pool tasks run in; dev passes a getter, since it replaces its pool when theme modules change. */
export type PoolSource = WorkerPool | (() => WorkerPool);

export function createContext(root: string, config: ResolvedConfig, mode: PluginContext['mode'], pool: PoolSource, markdown: MarkdownPlugins = { remarkPlugins: [], rehypePlugins: [] }, persistentCache = true): PluginContext {
  const cacheDir = join(root, '.docs-gen-cache');
  const currentPool = typeof pool === 'function' ? pool : () => pool;
  // A task module may be a plugin's TypeScript file in the site: bundled once, then run.
  const runInWorker: PluginContext['runInWorker'] = async ({ moduleUrl, exportName, input }) => currentPool().run({ moduleUrl: await runnableModuleUrl(moduleUrl, cacheDir), exportName, input });
  return {
    root,
    contentDir: resolve(root, config.contentDir),
    publicDir: resolve(root, config.publicDir),
    cacheDir,
    persistentCache,
    config,
    mode,
    runInWorker,
    compilePage: ({ moduleUrl, exportName, input }) => runInWorker({ moduleUrl, exportName, input }),
    markdown,
  };
}

/** Special routes the seed requires that content did not provide come from the theme. */
export function addThemeRoutes(site: SiteData, config: ResolvedConfig): void {
  for (const { locale } of config.locales) {
    const present = new Set(site.routes.filter((r) => (r.locale ?? config.defaultLocale) === locale).map((r) => r.route));
    if (locale !== config.defaultLocale && present.size === 0) continue;
    for (const [route, rule] of Object.entries(SPECIAL_PAGES)) {
      if (present.has(route)) continue;
      const title = rule.title(config.title);
      site.routes.push({ route, locale, title, content: { type: 'theme' } });
    }
  }
}

/**
 * What `build`, `check` and `dev` start from: the validated config (and the files it came
 * from), the plugins in run order, and their context. A missing content folder stops here.
 */
export async function prepareSite(root: string, mode: PluginContext['mode'], pool: PoolSource, limits: { evaluationTimeoutMs?: number; cache?: boolean } = {}) {
  const loaded = await loadConfig(root, limits);
  const { config } = loaded;
  if (!existsSync(resolve(root, config.contentDir))) {
    throw new DiagnosticError([{ severity: 'error', code: 'content-missing', message: `No content folder: ${config.contentDir}/ does not exist in ${root}`, keyPath: 'contentDir' }]);
  }
  const plugins = orderPlugins([...builtinPlugins(), ...(config.plugins as Plugin[])]);
  const cacheDir = join(root, '.docs-gen-cache');
  const { remarkPlugins, rehypePlugins } = markdownPluginsOf(plugins);
  const markdown = { remarkPlugins: await runnableRefs(remarkPlugins, cacheDir), rehypePlugins: await runnableRefs(rehypePlugins, cacheDir) };
  return { config, configFiles: loaded.file ? [loaded.file, ...loaded.dependencies] : [], plugins, context: createContext(root, config, mode, pool, markdown, limits.cache ?? true) };
}

/** The plugins' MDX components, each module runnable in the render workers. */
export function runnableMdxComponents(plugins: Plugin[], cacheDir: string): Promise<Record<string, ModuleExport>> {
  return runnableRefsByName(mdxComponentsOf(plugins), cacheDir);
}

/** Loads config and content and runs the content hooks. */
export async function loadSite(root: string, mode: PluginContext['mode'], pool: WorkerPool, limits: { evaluationTimeoutMs?: number; cache?: boolean } = {}) {
  const { config, plugins, context } = await prepareSite(root, mode, pool, limits);
  const result = await runContentHooks(plugins, context);
  return { config, plugins, context, ...result };
}

async function renderAll(pool: WorkerPool, routes: RouteDefinition[], options: Omit<RenderInput, 'definition'> & { timeoutMs: number }): Promise<RenderOutput[]> {
  const diagnostics: Diagnostic[] = [];
  const { timeoutMs, ...input } = options;
  const rendered = await Promise.all(
    routes.map((definition) =>
      renderInPool(pool, { definition, ...input }, timeoutMs)
        .catch((error: unknown) => {
          if (!isDiagnosticError(error)) throw error;
          diagnostics.push(...error.diagnostics);
          return undefined;
        }),
    ),
  );
  if (diagnostics.length) throw new DiagnosticError(diagnostics);
  return rendered as RenderOutput[];
}

/**
 * `docs-gen build`: config → plugins' content → render every route in the worker pool into a
 * staging folder → site files and postBuild hooks → swap into `outDir`.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = resolve(options.root);
  const outDir = resolve(options.outDir ?? join(root, 'out'));
  const log = options.log ?? (() => {});
  const pool = new WorkerPool();
  let staging: string | undefined;
  try {
    await removeLeftovers(outDir);
    const { config, plugins, context, site, emitted, diagnostics } = await loadSite(root, 'build', pool, { evaluationTimeoutMs: options.evaluationTimeoutMs, cache: options.cache });
    const errors = diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) throw new DiagnosticError(diagnostics);
    addThemeRoutes(site, config);
    log(`loaded ${site.routes.length} routes`);

    staging = await createStagingFolder(outDir);
    // Links in public/ that lead outside it are refused with a warning; the rest become regular files.
    const linkWarnings = existsSync(context.publicDir) ? await copyFolderWithoutLinksOut(context.publicDir, staging, root) : [];
    const [siteAssets, mdxComponents] = await Promise.all([
      buildSiteAssets({ root, outDir: staging, cacheDir: context.cacheDir, config }),
      runnableMdxComponents(plugins, context.cacheDir),
    ]);
    const { assets } = siteAssets;
    const snapshot = siteSnapshot(config, site, siteAssets, mdxComponents);
    await pool.broadcast({ moduleUrl: distUrl('src/build/render-worker.js'), exportName: 'setSite', input: snapshot });
    const cache = context.persistentCache ? { dir: join(context.cacheDir, 'rendered'), siteKey: await renderCacheSiteKey(snapshot) } : undefined;

    log('assets ready');
    const transformers = plugins.filter((p) => p.transformPage);
    const rendered = await renderAll(pool, site.routes, { root, outDir: staging, write: transformers.length === 0, timeoutMs: config.evaluationTimeoutMs, cache });
    if (transformers.length) await transformAndWrite(transformers, rendered, site.routes, context, staging);

    log(`rendered ${rendered.length} routes`);
    const notFound = join(staging, '404', 'index.html');
    // Static hosts serve /404.html for unknown paths.
    if (existsSync(notFound)) await copyFile(notFound, join(staging, '404.html'));
    await writeFile(join(staging, 'sitemap.xml'), sitemapXml({ routes: site.routes, siteUrl: config.siteUrl, basePath: config.basePath, defaultLocale: config.defaultLocale }));
    await writeFile(join(staging, 'robots.txt'), robotsTxt({ siteUrl: config.siteUrl, basePath: config.basePath }));
    for (const [path, contents] of emitted) {
      await mkdir(dirname(join(staging, path)), { recursive: true });
      await writeFile(join(staging, path), contents);
    }
    const failures = await runPostBuild(plugins, { outDir: staging, site, context });
    if (failures.length) throw new DiagnosticError(failures);

    log('site files and postBuild done');
    await swapIntoPlace(staging, outDir);
    staging = undefined;
    return { outDir, pages: site.routes.length, ms: performance.now() - started, assets, warnings: [...diagnostics.filter((d) => d.severity === 'warning'), ...linkWarnings] };
  } catch (error) {
    // A full disk or a folder we may not write to: say which path, not "internal error".
    if (isFileSystemError(error)) throw new DiagnosticError([fileSystemDiagnostic(error, root)]);
    throw error;
  } finally {
    if (staging) await discardStaging(staging);
    await pool.close();
  }
}

async function transformAndWrite(transformers: Plugin[], rendered: RenderOutput[], routes: RouteDefinition[], context: PluginContext, staging: string): Promise<void> {
  for (let i = 0; i < rendered.length; i++) {
    const output = rendered[i]!;
    const route = routes[i]!;
    const page: RenderedPage = { route: route.route, locale: route.locale ?? context.config.defaultLocale, outputPath: output.outputPath, html: output.html ?? '', theme: output.theme };
    await runTransformPage(transformers, page, context);
    await mkdir(dirname(join(staging, page.outputPath)), { recursive: true });
    await writeFile(join(staging, page.outputPath), page.html);
  }
}
