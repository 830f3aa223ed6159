import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { loadConfig } from '../config/load-config.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import { DiagnosticError, isDiagnosticError, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { fileSystemDiagnostic, isFileSystemError } from '../diagnostics/file-system-error.ts';
import { builtinPlugins } from '../pipeline/builtin-plugins.ts';
import type { MarkdownPlugins, ModuleExport, PageCompileOutput, Plugin, PluginContext, RouteDefinition, SiteData } from '../pipeline/plugin.ts';
import { markdownPluginsOf, mdxComponentsOf, orderPlugins, postBuildInTwo, runContentHooks, runTransformPage, type PostBuildRun } from '../pipeline/run-plugins.ts';
import { bundlerPluginsOf, forgetRunnableModules, runnableModuleUrl, runnableRefs, runnableRefsByName, scanSiteModule } from '../pipeline/runnable-module.ts';
import type { RunOptions, WorkerPool, WorkerTask } from '../pipeline/worker-pool.ts';
import { EventLoopTurns } from '../util/event-loop-turns.ts';
import { throwFirstRejection } from '../util/first-rejection.ts';
import { distUrl } from '../util/dist-path.ts';
import { pagesToCompile } from '../util/content-pages.ts';
import { buildPoolFor, compilerWarmUp } from './pool-ahead.ts';
import { copyFolderWithoutLinksOut } from '../util/symlink-policy.ts';
import { usablePrebuiltClient, type ClientAssets, type PrebuiltClient } from './client-assets.ts';
import { buildSiteAssets, siteSnapshot } from './site-snapshot.ts';
import { createStagingFolder, discardStaging, removeLeftovers, swapIntoPlace } from './output-folder.ts';
import { OutputChangedError, outputManifestPath, plainOutputWriter, ReusingOutputWriter, sweepLastOutput, type OutputWriter, type SweptOutput } from './output-reuse.ts';
import { keepAsSpare, pageFolders, removeUnusedKept, spareFoldersPath, takeSpareFolders } from './spare-folders.ts';
import { outputPathFor } from './route-data.ts';
import type { RenderOutput } from './render-worker.tsx';
import { lookUpRendered, renderCacheSiteKey, renderedFileKey, rendersToolComponentsOnly, type RenderCache } from './render-cache.ts';
import { foundInCompileCache } from './compiled-keys.ts';
import { BuildTimings, CONTENT_STAGE, POST_BUILD_STAGE, type Timings } from './build-timings.ts';
import { pageToTransform, renderInPool } from './render-in-pool.ts';
import { withLocaleFallbacks, type PageCopy } from '../shared/locale-fallback.ts';
import { withSections } from './lazy-sections.ts';
import { uiStrings } from '../shared/ui-strings.ts';
import { SPECIAL_PAGES } from '../shared/special-pages.ts';
import { robotsTxt, sitemapXml } from './site-files.ts';
import { writeSidebarData } from './sidebar-data.ts';
import { heldBackOutput } from './held-back-output.ts';
import { redirectOutputPath, redirectPage } from './redirects.ts';
import { isPatternSource, redirectsFile } from '../shared/redirect-rules.ts';
import { pruneCachesOfOtherBuilds } from '../util/prune-caches.ts';
import { lockFilesDigest } from '../util/package-files.ts';
import { toolBuildId } from '../util/tool-build-id.ts';
import { handledLater } from '../util/handled-later.ts';
import { endCacheFilesRecord, mergePackedCaches, recordCacheFilesUsed, refreshCacheFiles } from '../util/cache-entry.ts';

export interface BuildOptions {
  /** Site folder. */
  root: string;
  /** @default `<root>/out` */
  outDir?: string;
  /** Progress lines, for an embedder or a test (the CLI prints `timings` instead, with `--timings`). */
  log?: (line: string) => void;
  /** The clock `timings` reads, in milliseconds (tests give a fake one). @default performance.now */
  clock?: () => number;
  /** Overrides the config's `evaluationTimeoutMs`, and bounds the config's own load (tests inject a tiny one). */
  evaluationTimeoutMs?: number;
  /** Use the persistent cache in `.docs-gen-cache/` (`--no-cache`: false). @default true */
  cache?: boolean;
  /**
   * A page that cannot be compiled or rendered is reported (in `failures`) and left out; the rest
   * of the site is built and swapped into place as usual. @default false
   */
  keepGoing?: boolean;
  /**
   * With the cache, update `out/` in place when it still holds exactly what the last build left
   * there: only the files that changed are moved in (output-reuse.ts). False builds into a
   * staging folder and swaps it in, as a build does when `out/` was changed by hand. @default true
   */
  updateInPlace?: boolean;
}

export interface BuildResult {
  outDir: string;
  pages: number;
  ms: number;
  assets: ClientAssets;
  warnings: Diagnostic[];
  /** With `keepGoing`: the errors of the pages left out (empty when every page was built). */
  failures: Diagnostic[];
  /** Lines plugins asked to print after the summary (`actions.note`): a migration report. */
  notes: string[];
  /** The routes rendered in this build, in site order; the others came from the persistent cache of rendered pages. */
  reRendered: string[];
  /** The output files (paths relative to `outDir`, sorted) linked from the previous output or left where they were, unchanged, rather than written again (files of public/ and assets among them). */
  reusedFiles: string[];
  /** The folders of the output (relative to `outDir`, sorted) kept from the previous output rather than made again (spare-folders.ts). */
  reusedFolders: string[];
  /** Where the time went, stage by stage and plugin hook by plugin hook (`--timings`, build-timings.ts); the cache's merge, after the build, is added when it ends. */
  timings: Timings;
}

/** What a page left out by `--keep-going` is told, when its error has no hint of its own. */
const LEFT_OUT_HINT = 'this page was left out of the build (--keep-going); fix it and build again';

/** What a page left out by `--keep-going` compiles to: a new one each time, since the content loader notes a compile key on its `compiled`. */
const emptyPage = (): PageCompileOutput => ({ frontMatter: {}, compiled: { kind: 'html', code: '' }, headings: [], references: [], sections: [] });

/** A task that only loads the renderer (React, the theme) into its worker. */
const LOAD_RENDERER: WorkerTask<undefined> = { moduleUrl: distUrl('src/build/render-worker.js'), exportName: 'loadRenderer', input: undefined };

/** The pool tasks run in; dev passes a getter, since it replaces its pool when theme modules change. */
export type PoolSource = WorkerPool | (() => WorkerPool);

export function createContext(root: string, config: ResolvedConfig, mode: PluginContext['mode'], pool: PoolSource, markdown: MarkdownPlugins = { remarkPlugins: [], rehypePlugins: [] }, persistentCache = true): PluginContext {
  const cacheDir = join(root, '.docs-gen-cache');
  const contentDir = resolve(root, config.contentDir);
  const currentPool = typeof pool === 'function' ? pool : () => pool;
  // A task module may be a plugin's TypeScript file in the site: bundled once, then run.
  const runTask = async <Input, Output>({ moduleUrl, exportName, input }: WorkerTask<Input>, options?: RunOptions): Promise<Output> =>
    currentPool().run<Input, Output>({ moduleUrl: await runnableModuleUrl(moduleUrl, cacheDir), exportName, input }, options);
  const runInWorker: PluginContext['runInWorker'] = (task) => runTask(task);
  // A page a build compiles (it changed) is rendered next: its worker loads the renderer once the
  // compile is answered, while the main thread looks up every other page (a one-page rebuild).
  const compileOptions: RunOptions = mode === 'build' ? { thenLoad: LOAD_RENDERER } : {};
  return {
    root,
    contentDir,
    publicDir: resolve(root, config.publicDir),
    cacheDir,
    persistentCache,
    config,
    mode,
    runInWorker,
    compilePage: (task) => runTask(task, compileOptions),
    markdown,
    // Synchronous: the promise version walks a folder per promise, 15 ms of main-thread work at 2000 pages against 3.
    listContent: () => readdirSync(contentDir, { recursive: true, withFileTypes: true }),
  };
}

/**
 * Routes content did not provide: in each other locale, a copy of each default-locale page it has
 * not translated (`withLocaleFallbacks`; no references, so `check` reports a link once); then
 * the special routes the seed requires, from the theme.
 */
export function addThemeRoutes(site: SiteData, config: ResolvedConfig): void {
  // The copies `withLocaleFallbacks` makes, and only those: not a locale's own routes, whatever
  // they carry (a plugin's route with `fallbackFrom` of its own was added a second time when the
  // fallbacks were told apart by that field). The default locale falls back to nothing.
  const fallbacks: RouteDefinition[] = [];
  // Copies that leave a page's lazy sections unread (lazy-sections.ts); each a new object, its references dropped in place.
  const copy: PageCopy = (page, extra) => {
    const fallback = withSections(page, extra);
    delete (fallback as unknown as Partial<RouteDefinition>).references;
    fallbacks.push(fallback as unknown as RouteDefinition);
    return fallback;
  };
  for (const { locale } of config.locales) if (locale !== config.defaultLocale) withLocaleFallbacks(site.routes, { locale, defaultLocale: config.defaultLocale, copy });
  site.routes.push(...fallbacks);
  for (const { locale } of config.locales) {
    // Whether the locale has routes, and which special pages it has: not a set of every route
    // (dev runs this on every save, at 10 000 pages 7 ms of it).
    let hasRoutes = false;
    const present = new Set<string>();
    for (const r of site.routes) {
      if ((r.locale ?? config.defaultLocale) !== locale) continue;
      hasRoutes = true;
      if (Object.hasOwn(SPECIAL_PAGES, r.route)) present.add(r.route);
    }
    if (locale !== config.defaultLocale && !hasRoutes) continue;
    for (const [route, rule] of Object.entries(SPECIAL_PAGES)) {
      if (present.has(route)) continue;
      const title = rule.title(config.title, uiStrings(locale));
      site.routes.push({ route, locale, title, content: { type: 'theme' } });
    }
  }
}

/**
 * A site whose config loaded but one of whose plugins' modules has a syntax error, or (TypeScript)
 * did not bundle: dev watches `configFiles` (the config's, and `pluginFiles`, the plugins' modules') for the fix.
 */
export class PluginModulesError extends DiagnosticError {
  constructor(
    diagnostics: Diagnostic[],
    readonly configFiles: string[],
    readonly pluginFiles: string[],
  ) {
    super(diagnostics);
  }
}

/**
 * What `build`, `check` and `dev` start from: the validated config (and the files it came
 * from), the plugins in run order, and their context. A missing content folder stops here.
 */
export async function prepareSite(root: string, mode: PluginContext['mode'], pool: PoolSource, limits: { evaluationTimeoutMs?: number; cache?: boolean } = {}) {
  // Another run in this process (a test, a dev reload) may have bundled a component or plugin
  // module that has changed since.
  forgetRunnableModules();
  const loaded = await loadConfig(root, limits);
  const { config } = loaded;
  if (!existsSync(resolve(root, config.contentDir))) {
    throw new DiagnosticError([{ severity: 'error', code: 'content-missing', message: `No content folder: ${config.contentDir}/ does not exist in ${root}`, keyPath: 'contentDir' }]);
  }
  const plugins = orderPlugins([...builtinPlugins(), ...(config.plugins as Plugin[])]);
  const cacheDir = join(root, '.docs-gen-cache');
  // The site's lock files are in every compile key (the content loader's site key): an install
  // or upgrade in the site leaves the entries unreachable, as a new docs-gen does.
  if (limits.cache ?? true) await pruneCachesOfOtherBuilds(cacheDir, createHash('sha256').update(await toolBuildId()).update('\0').update(await lockFilesDigest(root)).digest('hex'));
  // A folder with content is a site: the config's verdict may go into its cache now (configVerdicts, load-config.ts).
  await loaded.keepVerdict?.();
  const { remarkPlugins, rehypePlugins, bundlerPlugins = [] } = markdownPluginsOf(plugins);
  // The site's files its plugins' modules are made from (a remark plugin in plugins/, what it
  // imports) count as the config's: dev reloads the site when one changes.
  const scans = await Promise.all([...remarkPlugins, ...rehypePlugins, ...bundlerPlugins, ...Object.values(mdxComponentsOf(plugins))].map((ref) => scanSiteModule(ref.module, root)));
  const pluginFiles = [...new Set(scans.flatMap((scan) => scan.files))];
  const configFiles = loaded.file ? [...new Set([loaded.file, ...loaded.dependencies, ...pluginFiles])] : [];
  const syntaxErrors = scans.flatMap((scan) => scan.errors);
  if (syntaxErrors.length) throw new PluginModulesError(syntaxErrors, configFiles, pluginFiles);
  let markdown: Required<MarkdownPlugins>;
  try {
    markdown = {
      remarkPlugins: await runnableRefs(remarkPlugins, cacheDir),
      rehypePlugins: await runnableRefs(rehypePlugins, cacheDir),
      bundlerPlugins: await runnableRefs(bundlerPlugins, cacheDir),
      replacedElements: replacedElementsOf(plugins),
    };
  } catch (error) {
    if (!isDiagnosticError(error)) throw error;
    throw new PluginModulesError(error.diagnostics, configFiles, pluginFiles);
  }
  return { config, configFiles, pluginFiles, configWarnings: loaded.warnings ?? [], plugins, context: createContext(root, config, mode, pool, markdown, limits.cache ?? true) };
}

/**
 * The plugins' MDX components that replace an HTML element rather than add a JSX component
 * (`pre`, not `Alert`). The config's `components` and `islands` are capitalised (schema.ts).
 */
function replacedElementsOf(plugins: Plugin[]): string[] {
  return Object.keys(mdxComponentsOf(plugins)).filter((name) => /^[a-z]/.test(name)).sort();
}

/** The config's `components` (`{ Logo: './components/Logo.tsx#Logo' }`), each module's path absolute. */
export function configComponents(config: ResolvedConfig, root: string): Record<string, ModuleExport> {
  return Object.fromEntries(
    Object.entries(config.components).map(([name, target]) => {
      const [path, exportName = 'default'] = target.split('#');
      return [name, { module: resolve(root, path!), exportName }];
    }),
  );
}

/**
 * The plugins' MDX components and the config's `components`, each module runnable in the render
 * workers, bundled with the plugins' bundler plugins (a Nextra site's components import `next/*`).
 */
export async function runnableMdxComponents(plugins: Plugin[], context: PluginContext): Promise<Record<string, ModuleExport>> {
  const fromConfig = configComponents(context.config, context.root);
  const bundlerPlugins = await bundlerPluginsOf(context.markdown.bundlerPlugins ?? [], { root: context.root, cacheDir: context.cacheDir, basePath: context.config.basePath });
  // The config's components are the site's own files, in JavaScript too: bundled, a syntax error
  // is a diagnostic at its place, and dev learns the files each is made from (a changed one gets a
  // new URL). A plugin's are imported as they are (TypeScript bundled): dev restarts the workers
  // when a site file one is made from changes.
  const [fromPlugins, ofConfig] = await Promise.all([
    runnableRefsByName(mdxComponentsOf(plugins), context.cacheDir, bundlerPlugins),
    runnableRefsByName(fromConfig, context.cacheDir, bundlerPlugins, { bundleJavaScript: true }),
  ]);
  return { ...fromPlugins, ...ofConfig };
}

/**
 * Starts, as the content hooks start, what the pages' renders wait for that follows from the
 * config and docs-gen's own files alone: the prebuilt client's check, which reads and hashes the
 * two hundred files the bundle was made from. Done between the last compile and the first render,
 * it was 25 ms or more of the workers' wait there; started a turn after the content hooks, it
 * may hold the first compile's posting about 10 ms, while the workers still load their
 * compilers. For a build that compiles its pages (`prestartCompilers`); a rebuild takes the
 * check once its first compile is posted (`WorkerPool.whenTaskPosted`), and it then fits the
 * main thread's wait for the changed pages rather than follow it. Not the MDX components'
 * bundles: a plugin's content hook may write a file one of them imports. A failure is the
 * build's where it uses the check, as before.
 */
function startedWithContent(config: ResolvedConfig): Promise<PrebuiltClient | undefined> {
  return handledLater(new Promise<void>((resolve) => setImmediate(resolve)).then(() => usablePrebuiltClient(config.islands)));
}

/** The prebuilt client's check, begun now. Its failure is the build's where it uses the check; a build that fails before that does not leave it unhandled. */
function checkedAtOnce(config: ResolvedConfig): Promise<PrebuiltClient | undefined> {
  return handledLater(usablePrebuiltClient(config.islands));
}

/**
 * Loads config and content and runs the content hooks. With `keepGoing`, a page whose compile
 * fails is reported in `failures` and its route dropped, as `check` tolerates it.
 */
export async function loadSite(
  root: string,
  mode: PluginContext['mode'],
  pool: WorkerPool,
  limits: { evaluationTimeoutMs?: number; keepGoing?: boolean; cache?: boolean; timings?: BuildTimings; /** Called once the config and plugins are ready, as the content hooks start. */ whileContentLoads?: (config: ResolvedConfig) => void } = {},
) {
  const { config, plugins, context: base, configWarnings } = await prepareSite(root, mode, pool, limits);
  limits.timings?.endStage('config and plugins', `${plugins.length} plugins`);
  limits.whileContentLoads?.(config);
  const failures: Diagnostic[] = [];
  const failedPages = new Set<string>();
  const context: PluginContext = !limits.keepGoing
    ? base
    : {
        ...base,
        compilePage: (task) =>
          base.compilePage(task).catch((error: unknown) => {
            if (!isDiagnosticError(error)) throw error;
            failures.push(...error.diagnostics.map(leftOut));
            failedPages.add(task.sourcePath);
            return emptyPage();
          }),
      };
  const result = await runContentHooks(plugins, context, limits.timings?.timeHook);
  limits.timings?.endStage(CONTENT_STAGE);
  if (limits.keepGoing) {
    // A plugin's error placed in a page (a missing image) leaves that page out too.
    const pageFiles = new Set(result.site.routes.map((r) => r.sourcePath).filter(Boolean));
    const inPages = result.diagnostics.filter((d) => d.severity === 'error' && d.file && pageFiles.has(d.file));
    for (const d of inPages) failedPages.add(d.file!);
    failures.push(...inPages.map(leftOut));
    result.diagnostics = result.diagnostics.filter((d) => !inPages.includes(d));
  }
  if (failedPages.size) result.site.routes = result.site.routes.filter((r) => !r.sourcePath || !failedPages.has(r.sourcePath));
  return { config, plugins, context, ...result, diagnostics: [...configWarnings, ...result.diagnostics], failures };
}

/** A page's error under `--keep-going`: the same diagnostic, with a hint that the page is not in the output. */
function leftOut(diagnostic: Diagnostic): Diagnostic {
  return { ...diagnostic, hint: diagnostic.hint ? `${diagnostic.hint}; ${LEFT_OUT_HINT}` : LEFT_OUT_HINT };
}

/** Whether the route's page came from the compile cache this build, not from a compile now (its code not read yet, or read from there). */
const fromCompileCache = (definition: RouteDefinition) => definition.content.type !== 'mdx' || foundInCompileCache(definition.content.compiled);

/** How `renderAll` renders: the input every page shares, and the site snapshot sent to the workers before their first page. */
interface RenderAllOptions {
  root: string;
  outDir: string;
  write: boolean;
  timeoutMs: number;
  keepGoing?: boolean;
  cache?: RenderCache;
  defaultLocale: string;
  sendSite: () => Promise<unknown>;
  output: OutputWriter;
  /** Called once every route was looked up in the cache and, missing, handed to the pool: from then on this thread is free but for the workers' answers. */
  onAllPosted?: () => void;
}

/**
 * Every route, from the persistent cache when it holds the page, else rendered in the pool. The
 * snapshot goes to the workers only once a page misses: a warm build never loads the renderer.
 */
async function renderAll(pool: WorkerPool, routes: RouteDefinition[], options: RenderAllOptions): Promise<{ rendered: RenderOutput[]; routes: RouteDefinition[]; failures: Diagnostic[]; reRendered: string[] }> {
  const { timeoutMs, keepGoing, cache, sendSite, defaultLocale, output, onAllPosted, ...input } = options;
  const fresh = new Set<RouteDefinition>();
  let posted = 0;
  const postedOne = () => {
    if (++posted === routes.length) onAllPosted?.();
  };
  if (routes.length === 0) onAllPosted?.();
  // Each page's key in a slice of its own turn of the event loop: keyed in one go, 10 000 pages held
  // this thread for 0.7 s, and with it every worker's answer and the next task it waited for.
  const keying = new EventLoopTurns();
  const renderOne = async (definition: RouteDefinition): Promise<RenderOutput> => {
    // On the first miss the workers get the site at once, and load the renderer while the other
    // pages are keyed; a build where every page hits sends nothing.
    const found = cache ? await keying.run(() => lookUpRendered(cache, definition, { outDir: input.outDir, write: input.write, defaultLocale, output, onMiss: () => void sendSite() })) : {};
    if (found.output) {
      postedOne();
      return found.output;
    }
    fresh.add(definition);
    // Posted right behind the site (the worker's page waits for it), not once the worker has
    // answered that it holds it: the answer would wait for the other pages' keys.
    const siteSet = sendSite();
    // When the site cannot be set (a component that does not load), that is the error reported.
    const rendering = handledLater(renderInPool(pool, { definition, ...input, ...(cache && found.key ? { cache: { dir: cache.dir, key: found.key } } : {}) }, timeoutMs, RENDERS_POSTED_AHEAD));
    postedOne();
    await siteSet;
    const rendered = await rendering;
    if (found.key && input.write) output.record(rendered.outputPath, renderedFileKey(found.key), rendered.stamp);
    return rendered;
  };
  const rendered: (RenderOutput | undefined)[] = new Array(routes.length);
  const failed: Diagnostic[][] = new Array(routes.length);
  const settle = (i: number) =>
    renderOne(routes[i]!).then(
      (output) => void (rendered[i] = output),
      (error: unknown) => {
        if (!isDiagnosticError(error)) throw error;
        failed[i] = error.diagnostics;
      },
    );
  // Pages compiled by this build, not read from the compile cache, are the likely misses: looked
  // up first (the keying's slices take the pages in the order asked), and their render tasks are
  // posted in a turn of the event loop before the rest are asked for, so the one page a writer
  // edited renders while the rest are keyed.
  const likelyMisses: number[] = [];
  const others: number[] = [];
  routes.forEach((route, i) => (fromCompileCache(route) ? others : likelyMisses).push(i));
  const first = Promise.allSettled(likelyMisses.map(settle));
  if (likelyMisses.length && others.length) await new Promise((resolve) => setImmediate(resolve));
  // Every render ends before a failure is thrown: one still writing its page into the staging
  // folder while the build removed it made the removal fail (ENOTEMPTY), in place of the error.
  const [firstResults, otherResults] = await Promise.all([first, Promise.allSettled(others.map(settle))]);
  throwFirstRejection([...firstResults, ...otherResults]);
  // In the routes' order, whichever finished first.
  const diagnostics = failed.flat();
  if (diagnostics.length && !keepGoing) throw new DiagnosticError(diagnostics);
  // Under --keep-going the routes that failed are left out, each output kept beside its route.
  const kept = routes.map((route, i) => ({ route, output: rendered[i] })).filter((pair): pair is { route: RouteDefinition; output: RenderOutput } => pair.output !== undefined);
  const reRendered = kept.filter((k) => fresh.has(k.route)).map((k) => k.route.route);
  return { rendered: kept.map((k) => k.output), routes: kept.map((k) => k.route), failures: diagnostics.map(leftOut), reRendered };
}

/**
 * Render tasks a build posts to each worker (`RunOptions.postedAhead`). A page renders in about
 * half a millisecond, so the pool's four covered two milliseconds of this thread's doing something
 * else: a collection (5 to 15 ms at 2000 pages and more), a slice of the search data's work. With
 * the keys made in slices too (`renderAll`) and the pieces of the search data and llms files
 * encoded as they are made (encoding-arena.ts), a worker's idle time while the pages of 10 000
 * render fell from 37 % of it to 7 % (bench/README.md, twenty-first session). 16 still left each
 * worker idle for 0.3 s of the 4.3 s the pages of 10 000 took to render, behind this thread's
 * collections of a large heap (8 to 12 ms each); 48 made those builds 4 % faster (4 alternating
 * pairs), and builds of 2000 `.md` pages and of this repository's MDX site the same within the
 * noise (6 pairs each; bench/README.md, twenty-third session).
 */
const RENDERS_POSTED_AHEAD = 48;

/** A pool with this many pages to compile or more starts all its workers (the pool's own rule for a second one). */
const PAGES_FOR_EVERY_WORKER = 16;

/**
 * A build whose pages will all be compiled (no compile cache yet, or `--no-cache`) starts its
 * workers as it starts, before the config loads, each loading the Markdown compiler. On demand,
 * the first started only once the config, the plugins and the first page's look-up were done,
 * and then loaded its modules while the pages waited: a cold build of 250 pages took 4 % less
 * wall time this way (`bench/README.md`). With the cache, a build may compile nothing and starts
 * no thread until it must. One worker for fewer pages than the pool's rule for a second
 * (`QUEUED_BEFORE_ANOTHER_WORKER`). The pages are counted by name in the default content folder
 * (`content/`); a config that names another gets its workers on demand. True when it started them:
 * the build will compile its pages, and its main thread will mostly wait on them.
 */
export function prestartCompilers(pool: Pick<WorkerPool, 'prestart' | 'size'>, root: string, cache: boolean): boolean {
  const pages = pagesToCompile(root, cache);
  if (pages === 0) return false;
  pool.prestart(pages >= PAGES_FOR_EVERY_WORKER ? pool.size : 1, compilerWarmUp());
  return true;
}

/**
 * `docs-gen build`: config → plugins' content → render every route in the worker pool into a
 * staging folder → site files and postBuild hooks → swap into `outDir`.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  try {
    return await buildOnce(options);
  } catch (error) {
    // Another build changed `out/` under this one's update in place: built again into a staging folder.
    if (error instanceof OutputChangedError && options.updateInPlace !== false) return build({ ...options, updateInPlace: false });
    throw error;
  }
}

/**
 * Whether a build links or keeps the last output's files (output-reuse.ts): with the cache, and no
 * plugin of the site's own that may rewrite output files in place (a file linked from the old
 * output would change there too, so such a build writes every file).
 */
const reusesOutput = (config: ResolvedConfig, persistentCache: boolean) => persistentCache && !(config.plugins as Plugin[]).some((p) => p.postBuild || p.transformPage);

async function buildOnce(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = resolve(options.root);
  const outDir = resolve(options.outDir ?? join(root, 'out'));
  const log = options.log ?? (() => {});
  const timings = new BuildTimings(options.clock);
  // Started by the CLI's shim when an edited site's rebuild will need a worker (pool-ahead.ts).
  const pool = buildPoolFor(root);
  const compilesItsPages = prestartCompilers(pool, root, options.cache ?? true);
  const cacheDir = join(root, '.docs-gen-cache');
  const cacheUse = options.cache ?? true ? recordCacheFilesUsed(cacheDir) : undefined;
  // Set once every page is built: only then does what this build used say what is still wanted.
  let succeeded = false;
  // Set once the result is made (every page built, or some left out under --keep-going): its timings go on in `finally`.
  let returned = false;
  let staging: string | undefined;
  // The hooks that read only the site run while the pages render: the staging folder stays until they end.
  let postBuild: PostBuildRun | undefined;
  // Their writes that meet a site file wait for it (held-back-output.ts); a build that fails first lets them go.
  let releaseHookOutput: (() => void) | undefined;
  // Started with the content hooks; a build that fails before it uses it still waits for it, so that none of its work outlives the build.
  let prebuiltChecked: Promise<PrebuiltClient | undefined> | undefined;
  try {
    await removeLeftovers(outDir);
    let outputSwept: SweptOutput | undefined;
    let forgetWait: (() => void) | undefined;
    const whileContentLoads = (loaded: ResolvedConfig) => {
      // A build that compiles its pages waits on them from the start.
      if (compilesItsPages) prebuiltChecked = startedWithContent(loaded);
      // A rebuild's main thread is its path until its first compile is posted (the changed page,
      // looked up first); then it looks the other pages up while that compiles, and waits for it
      // when they take less. What needs nothing of the content goes there, rather than before
      // the compile's posting or after its wait. Nothing posted: both come where they are used.
      const sweeps = options.updateInPlace !== false && reusesOutput(loaded, options.cache ?? true);
      forgetWait = pool.whenTaskPosted(() => {
        prebuiltChecked ??= checkedAtOnce(loaded);
        if (sweeps) outputSwept = sweepLastOutput(outDir, cacheDir);
      });
    };
    const { config, plugins, context, site, emitted, diagnostics, failures, notes } = await loadSite(root, 'build', pool, { evaluationTimeoutMs: options.evaluationTimeoutMs, keepGoing: options.keepGoing, cache: options.cache, timings, whileContentLoads }).finally(
      // The tasks from here on are renders, which the main thread does not wait on.
      () => forgetWait?.(),
    );
    const errors = diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) throw new DiagnosticError(diagnostics);
    addThemeRoutes(site, config);
    log(`loaded ${site.routes.length} routes`);

    const reuseOutput = reusesOutput(config, context.persistentCache);
    const hadOutput = existsSync(outDir);
    staging = await createStagingFolder(outDir);
    const output = reuseOutput ? new ReusingOutputWriter({ outDir, staging, cacheDir: context.cacheDir, inPlace: options.updateInPlace !== false, swept: outputSwept }) : plainOutputWriter(staging);
    timings.endStage('the last output checked', outputState(output, hadOutput));
    // The old output's folders that will hold this build's pages, kept from the last build instead of made again (spare-folders.ts).
    const spare = reuseOutput ? spareFoldersPath(outputManifestPath(context.cacheDir, outDir)) : undefined;
    let keptFolders = new Set<string>();
    const wantedFolders = pageFolders(site.routes.map((r) => outputPathFor(r.route, r.locale ?? config.defaultLocale, config.defaultLocale)));
    // Updated in place, the old output's folders stay where they are.
    if (spare && output instanceof ReusingOutputWriter && !output.inPlace) {
      keptFolders = await takeSpareFolders(spare, staging, wantedFolders);
      output.knowFolders(keptFolders);
    }
    // Links in public/ that lead outside it are refused with a warning; the rest become regular files.
    const publicFolders = new Set<string>();
    // Updated in place, a file of public/ or a prebuilt asset that `out/` holds alike stays there uncopied.
    const keepsCopy = output instanceof ReusingOutputWriter ? (path: string, source: string) => output.keepCopiedFile(path, source) : undefined;
    const linkWarnings = existsSync(context.publicDir) ? await copyFolderWithoutLinksOut(context.publicDir, staging, root, publicFolders, keepsCopy) : [];
    // Both end before either's failure is thrown: the assets are copied into the staging folder.
    const assetsBuilt = buildSiteAssets({ root, outDir: staging, cacheDir: context.cacheDir, config, keepsCopy, prebuilt: prebuiltChecked });
    const componentsBundled = runnableMdxComponents(plugins, context);
    throwFirstRejection(await Promise.allSettled([assetsBuilt, componentsBundled]));
    const [siteAssets, mdxComponents] = await Promise.all([assetsBuilt, componentsBundled]);
    const { assets } = siteAssets;
    const sidebarUrls = await writeSidebarData(staging, site.navigation, config);
    const snapshot = siteSnapshot(config, site, siteAssets, mdxComponents, sidebarUrls);
    let siteSent: Promise<unknown> | undefined;
    const sendSite = () => (siteSent ??= pool.broadcast({ moduleUrl: distUrl('src/build/render-worker.js'), exportName: 'setSite', input: snapshot }));
    const cache = context.persistentCache ? { dir: join(context.cacheDir, 'rendered'), siteKey: await renderCacheSiteKey(snapshot), toolComponentsOnly: rendersToolComponentsOnly(snapshot) } : undefined;
    // This thread's view of the rendered entries as they are now (another build may have added some since it last read them).
    if (cache) refreshCacheFiles(cache.dir);
    timings.endStage('public/, client assets and sidebar data');

    log('assets ready');
    const transformers = plugins.filter((p) => p.transformPage);
    // The site files below are written before any postBuild hook writes the same path, as when every hook ran after them.
    const redirectPages = config.redirects.filter((r) => !isPatternSource(r.source));
    const hookOutput = heldBackOutput(output, ['404.html', 'sitemap.xml', 'robots.txt', '_redirects', ...emitted.keys(), ...redirectPages.map(redirectOutputPath)]);
    releaseHookOutput = hookOutput.release;
    const hooks = (postBuild = postBuildInTwo(plugins, { outDir: staging, site, context, output: hookOutput.output }, timings.timeHook));
    // Not under --keep-going: there a page that fails to render leaves the site these hooks read.
    // Started once every page is in the pool's hands, which this thread's keying of them would
    // otherwise hold off while the workers wait.
    const startSiteReaders = options.keepGoing ? undefined : () => hooks.startSiteReaders();
    const renders = await renderAll(pool, site.routes, { root, outDir: staging, write: transformers.length === 0, timeoutMs: config.evaluationTimeoutMs, keepGoing: options.keepGoing, cache, defaultLocale: config.defaultLocale, sendSite, output, onAllPosted: startSiteReaders });
    const { rendered } = renders;
    failures.push(...renders.failures);
    // What was not rendered is not in the site: not in the sitemap, search data or postBuild's view.
    site.routes = renders.routes;
    if (transformers.length) await transformAndWrite(transformers, rendered, site.routes, context, staging);
    timings.endStage('pages', `${renders.reRendered.length} rendered, ${rendered.length - renders.reRendered.length} from the cache`);

    log(`rendered ${rendered.length} routes`);
    const notFound = output.whereIs('404/index.html');
    // Static hosts serve /404.html for unknown paths. Every file from here on is written through
    // `output`, which never writes into a file linked from the old output (a redirect from a
    // page's path replaces that page).
    if (existsSync(notFound)) await output.write('404.html', await readFile(notFound));
    await output.write('sitemap.xml', sitemapXml({ routes: site.routes, siteUrl: config.siteUrl, basePath: config.basePath, defaultLocale: config.defaultLocale, locales: config.locales.map((l) => l.locale) }));
    await output.write('robots.txt', robotsTxt({ siteUrl: config.siteUrl, basePath: config.basePath }));
    for (const [path, contents] of emitted) await output.write(path, contents);
    // A fixed path gets a page that forwards (any host); every redirect, patterns too, goes into
    // `_redirects` for hosts that read it (Netlify, Cloudflare Pages).
    const redirectsText = redirectsFile(config.redirects, { basePath: config.basePath, locales: config.locales.map((l) => l.locale), defaultLocale: config.defaultLocale });
    if (redirectsText) await output.write('_redirects', redirectsText);
    for (const redirect of redirectPages) await output.write(redirectOutputPath(redirect), redirectPage(redirect, config));
    hookOutput.release();
    timings.endStage('site files');
    const postBuildFailures = await hooks.finish();
    const begunEarly = hooks.begunEarly();
    timings.endStage(POST_BUILD_STAGE, begunEarly ? `${begunEarly} of them began with the pages` : undefined);
    if (postBuildFailures.length) throw new DiagnosticError(postBuildFailures);

    log('site files and postBuild done');
    const updatedInPlace = output instanceof ReusingOutputWriter && output.inPlace && output.commitInPlace(wantedFolders);
    if (updatedInPlace) keptFolders = new Set(output.keptInPlace);
    else {
      if (output instanceof ReusingOutputWriter) {
        // A folder the copy of public/ made is in a build from nothing too, empty or not.
        const usedFolders = new Set([...pageFolders(output.writtenPaths()), ...publicFolders]);
        for (const folder of removeUnusedKept(staging, keptFolders, usedFolders)) keptFolders.delete(folder);
        output.identifyFiles(wantedFolders);
        output.identifyTree();
      }
      await swapIntoPlace(staging, outDir, spare && output instanceof ReusingOutputWriter ? (previous) => keepAsSpare(previous, spare, output.previousFolders) : undefined);
      staging = undefined;
    }
    if (output instanceof ReusingOutputWriter) await output.finish();
    timings.endStage('into the output folder', updatedInPlace ? 'updated in place' : 'swapped in');
    succeeded = failures.length === 0;
    returned = true;
    return { outDir, pages: site.routes.length, ms: performance.now() - started, assets, warnings: [...diagnostics.filter((d) => d.severity === 'warning'), ...linkWarnings], failures, notes, reRendered: renders.reRendered, reusedFiles: [...output.linked, ...(output instanceof ReusingOutputWriter ? output.keptCopies : [])].sort(), reusedFolders: [...keptFolders].sort(), timings };
  } catch (error) {
    // A full disk or a folder we may not write to: say which path, not "internal error".
    if (isFileSystemError(error)) throw new DiagnosticError([fileSystemDiagnostic(error, root)]);
    throw error;
  } finally {
    try {
      releaseHookOutput?.();
      await postBuild?.settled();
      await prebuiltChecked?.catch(() => undefined);
      if (staging) await discardStaging(staging);
      await pool.close();
      if (returned) timings.endStage('workers stopped, staging folder removed');
    } catch (error) {
      // Left open, the record would hold off every later build's prune of this site in this process.
      if (cacheUse) endCacheFilesRecord(cacheUse);
      throw error;
    }
    // The workers wrote their last: the packs of entries this build added may be merged, and a build that succeeded lets go of what it did not use (cache-packs.ts).
    if (cacheUse) mergePackedCaches(cacheDir, { record: cacheUse, succeeded });
    // After the result was made: the CLI prints it once the build has ended, these stages with it.
    if (returned && cacheUse) timings.endStage(succeeded ? 'cache packs merged and pruned' : 'cache packs merged (pages were left out: nothing pruned)');
  }
}

/** What the build found of the last output, for `--timings`. */
function outputState(output: OutputWriter, hadOutput: boolean): string {
  if (!(output instanceof ReusingOutputWriter)) return 'not reused: --no-cache, or a plugin of the site with postBuild or transformPage';
  if (!hadOutput) return 'none yet';
  const when = output.sweptBefore ? ', swept while the content loaded' : '';
  return output.inPlace ? `as the last build left it${when}` : `changed since, or not recorded: the new one is built beside it${when}`;
}

async function transformAndWrite(transformers: Plugin[], rendered: RenderOutput[], routes: RouteDefinition[], context: PluginContext, staging: string): Promise<void> {
  for (let i = 0; i < rendered.length; i++) {
    const page = pageToTransform(rendered[i]!, routes[i]!, context.config.defaultLocale);
    await runTransformPage(transformers, page, context);
    await mkdir(dirname(join(staging, page.outputPath)), { recursive: true });
    await writeFile(join(staging, page.outputPath), page.html);
  }
}
