import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { CONFIG_FILES } from '../config/load-config.ts';
import { readFileSync, statSync, type Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { SiteSnapshot } from '../build/route-data.ts';
import { siteSnapshot } from '../build/site-snapshot.ts';
import { contentKey } from '../build/output-reuse.ts';
import { contentRoute } from '../content/content-route.ts';
import { writeSidebarData } from '../build/sidebar-data.ts';
import { configComponents, runnableMdxComponents } from '../build/build.ts';
import { forgetRunnableModules, runnableModuleInputs } from '../pipeline/runnable-module.ts';
import { missingImportPath, missingPackageName } from '../util/import-module.ts';
import { packageFilesOf } from '../util/package-files.ts';
import { BUILTIN_WORKER_MODULES, CONTENT_COMPILER_MODULE } from '../pipeline/builtin-plugins.ts';
import type { ModuleExport } from '../pipeline/plugin.ts';
import { isDiagnosticError, type Diagnostic, type DiagnosticCode } from '../diagnostics/diagnostic.ts';
import type { Navigation, RouteDefinition, SiteData } from '../pipeline/plugin.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import { runPostBuild } from '../pipeline/run-plugins.ts';
import { plainOutputFiles } from '../pipeline/output-files.ts';
import { PostBuildFiles } from './postbuild-files.ts';
import { WorkerPool } from '../pipeline/worker-pool.ts';
import { distUrl } from '../util/dist-path.ts';
import type { BroadcastMessage } from '../shared/dev-protocol.ts';
import { buildDevAssets, type DevAssets } from './dev-assets.ts';
import { DevPipeline } from './dev-pipeline.ts';
import { DevRenderer } from './dev-renderer.ts';
import { ErrorBoard } from './error-board.ts';
import { PageStore } from './page-store.ts';
import { RouteIndex, routeUrlOf } from './route-index.ts';
import { warnOncePerLink, type RefusedLink } from '../util/symlink-policy.ts';
import { OutlineCache } from './outline-cache.ts';
import { toolBuildId } from '../util/tool-build-id.ts';
import { isRacy, listStartupFiles, UNKNOWN_STAMP, type FileStamp, type ReadTree, type StartupFiles } from './startup-changes.ts';
import { contentSecurityPolicy } from '../build/content-security-policy.ts';
import { devClientScript } from '../build/inline-scripts.ts';

function readFileOrEmpty(file: string): Buffer | string {
  try {
    return readFileSync(file);
  } catch {
    return '';
  }
}

export interface DevSiteOptions {
  root: string;
  /** Tells every open tab. */
  send: (message: BroadcastMessage) => void;
  log: { info: (line: string) => void; error: (text: string) => void };
  color?: boolean;
  /**
   * Page module files (MDX pages with imports, a new file per edit) the workers may import before
   * they are replaced: Node never unloads a module, so without a bound memory grows with every edit.
   * @default 50
   */
  maxPageModulesPerWorkers?: number;
  /** How the start-up listing walks a folder (`ReadTree`; tests hand it a listing that holds a file back). */
  readTree?: ReadTree;
}

/** The formats (`md`, `mdx`) of the pages among the listed files: what the content loader takes for a page (`contentRoute`: not `_partial.mdx`, nothing under `_drafts/` or a dot-folder). */
export function contentFormats(paths: Iterable<string>, contentDir: string, config: Pick<ResolvedConfig, 'locales' | 'defaultLocale'>): string[] {
  const formats = new Set<string>();
  const inside = join(contentDir, sep);
  const locales = config.locales.map((l) => l.locale);
  for (const path of paths) {
    // A format already found needs no other file of it: the route of every one of 10 000 pages was a tenth of a second of dev's start.
    const extension = path.endsWith('.md') ? 'md' : path.endsWith('.mdx') ? 'mdx' : undefined;
    if (!extension || formats.has(extension) || !path.startsWith(inside)) continue;
    const format = contentRoute(path.slice(inside.length), locales, config.defaultLocale)?.format;
    if (format) formats.add(format);
  }
  return [...formats].sort();
}

/** How many requests made while dev starts have their pages compiled during the start: a tab or two, not a crawler's list. */
const EARLY_REQUESTS = 8;

/** Anything thrown that is not a diagnostic is our bug: still a diagnostic for the overlay. */
export function asDiagnostics(error: unknown, code: DiagnosticCode = 'internal'): Diagnostic[] {
  if (isDiagnosticError(error)) return error.diagnostics;
  return [{ severity: 'error', code, message: `internal error: ${(error as Error)?.message ?? String(error)}` }];
}

/**
 * The workers dev starts with: one fewer than the cores, at least one. Its start keeps the main
 * thread busy throughout, and a thread more than the cores took CPU from it (`DevSite.pool`).
 */
export const workersBeforeFirstAnswer = (): number => Math.max(1, availableParallelism() - 1);

/**
 * The site `docs-gen dev` serves, in memory: the pipeline's routes (pages compiled on demand or in
 * the background), the render cache, the client assets, and the current errors. Every change of
 * state goes through {@link DevSite.exclusive}, one at a time; requests read a consistent state.
 */
export class DevSite {
  /**
   * Until dev's first page is answered, as many workers as leave the main thread a core of its own
   * ({@link workersBeforeFirstAnswer}); dev-server starts the others with the background compile
   * (`WorkerPool.startAll`). On this project's two cores that is one: a second one loading its
   * compilers and React while the first read the site took CPU the start needed. At 10 000 pages
   * the first page came in 2.13 s against 2.32 (3.36 CPU s against 3.80) from a cold start, and in
   * 1.52 s against 2.00 (2.25 CPU s against 3.29) on a restart: medians of 8 alternating runs.
   */
  pool = new WorkerPool(undefined, { startOnDemand: true });
  readonly store = new PageStore(() => this.pool);
  readonly pipeline: DevPipeline;
  readonly renderer: DevRenderer;
  readonly errors: ErrorBoard;
  readonly outDir: string;
  /** What `postBuild` wrote into {@link outDir}: a file a run no longer writes is removed. */
  private readonly postBuildFiles: PostBuildFiles;
  /** Names each symbolic link in public/ that dev refuses to serve (it leads outside), once. */
  readonly refusedLink: (link: RefusedLink) => void;
  site?: SiteData;
  emitted = new Map<string, string | Uint8Array>();
  assets?: DevAssets;
  /** The plugins' MDX components, runnable in the render workers. */
  mdxComponents: Record<string, ModuleExport> = {};
  /** URL path (no base path) → route. */
  routes = new RouteIndex([], 'en-US');
  private lock: Promise<unknown> = Promise.resolve();
  postBuildStale = true;
  /**
   * The files the last {@link DevSite.initialize} found, listed before it read any, with their
   * stamps: dev watches only after its first answer, and takes what changed in between from these.
   */
  readFrom?: Map<string, FileStamp>;
  /** dev watches the site (chokidar is ready): a later {@link DevSite.initialize} (a config change) needs no listing. */
  watching = false;

  /** The URLs of the requests that came before the first answer could be given (at most {@link EARLY_REQUESTS}). */
  private readonly earlyRequests = new Set<string>();

  constructor(readonly options: DevSiteOptions) {
    this.store.wanted = (urlPath) => this.requestedEarly(urlPath);
    this.store.watchesImport = (file) => this.isSourceFile(file);
    this.pipeline = new DevPipeline(options.root, this.store, () => this.pool);
    this.renderer = new DevRenderer(() => this.pool, options.root);
    this.errors = new ErrorBoard(options.root, options.log, options.color);
    this.outDir = join(options.root, '.docs-gen-cache', 'dev-out');
    this.postBuildFiles = new PostBuildFiles(this.outDir, join(options.root, '.docs-gen-cache', 'dev-postbuild-files.json'));
    this.refusedLink = warnOncePerLink(options.root, options.log.info);
  }

  get ready(): boolean {
    return this.site !== undefined;
  }

  get basePath(): string {
    return this.site ? this.pipeline.config.basePath : '';
  }

  /**
   * A request came while dev starts: the page it asks for is compiled during the start (a tab
   * left open on a page, reloading as dev comes back, gets it sooner).
   */
  noteEarlyRequest(url: string | undefined): void {
    if (this.ready || url === undefined || this.earlyRequests.size >= EARLY_REQUESTS) return;
    this.earlyRequests.add(url);
    this.earlyRouteUrls = undefined;
  }

  /** The route URLs the early requests ask for, under the base path they were made with (made once per base path, not per page asked about). */
  private earlyRouteUrls?: { base: string; urls: Set<string> };

  /** Whether a request that came while dev started asked for the page at `urlPath` (no base path, as `RouteIndex.urlOf` spells it). */
  private requestedEarly(urlPath: string): boolean {
    if (!this.earlyRequests.size) return false;
    const base = this.pipeline.config?.basePath ?? '';
    if (this.earlyRouteUrls?.base !== base) {
      const urls = new Set<string>();
      for (const url of this.earlyRequests) {
        const { pathname } = new URL(url, 'http://localhost');
        if (base && pathname !== base && !pathname.startsWith(`${base}/`)) continue;
        const routeUrl = routeUrlOf(pathname.slice(base.length) || '/');
        if (routeUrl !== undefined) urls.add(routeUrl);
      }
      this.earlyRouteUrls = { base, urls };
    }
    return this.earlyRouteUrls.urls.has(urlPath);
  }

  /** Runs `task` after every earlier one: changes never interleave. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.lock.then(task, task);
    this.lock = run.catch(() => {});
    return run;
  }

  /** Config, assets and the page map from stubs: what the first answer needs (no page compiled yet). */
  async initialize(): Promise<void> {
    // The compiler loads in the workers while the main thread reads the config and the page map.
    this.pool.prestart(workersBeforeFirstAnswer());
    void this.pool.broadcast({ moduleUrl: distUrl('src/dev/warm-up.js'), exportName: 'warmUp', input: BUILTIN_WORKER_MODULES.map(distUrl) }).catch(() => {});
    // Stamped before it is read: a config saved while it loads (or fixed while it fails to) is seen once dev watches.
    // Files the config imports are known only once it loads: one saved during the load has an
    // mtime not older than its start, so stamped with its text too, and compared by it once dev watches.
    const startedAt = Date.now();
    const configStamps = this.watching ? undefined : await listStartupFiles({ dirs: [], files: this.configCandidates() }, { startedAt });
    try {
      await this.pipeline.loadConfig();
      this.errors.warnOnce(this.pipeline.configWarnings);
      this.errors.set('config', []);
      this.renewWorkersForPluginFiles();
    } catch (error) {
      this.errors.set('config', asDiagnostics(error, 'config-load'));
      if (configStamps) this.readFrom = configStamps;
      return;
    }
    this.mdxComponents = {};
    await this.bundleComponents();
    this.store.clear();
    this.renderer.reset();
    await mkdir(this.outDir, { recursive: true });
    const listed = async () => {
      const { contentDir } = this.pipeline.context;
      // The content folder's listing is the first run's `listContent` too: the pages dev reads are those it stamped.
      let contentListing: readonly Dirent[] | undefined;
      const onListed = (dir: string, entries: readonly Dirent[]) => {
        if (dir === contentDir) contentListing = entries;
      };
      const [files, outline] = await Promise.all([this.watching ? undefined : listStartupFiles(this.startupFiles(), { startedAt, onListed, readTree: this.options.readTree }), this.loadOutline()]);
      if (files && configStamps) {
        // The config's imports, stamped after it loaded: one that may have been saved during the
        // load (a stamp with a hash: mtime not older than the load's start) may hold other text
        // than the load read, so it counts as changed once dev watches.
        for (const path of this.pipeline.configFiles) {
          const stamp = files.get(path);
          if (!configStamps.has(path) && stamp !== undefined && isRacy(stamp)) files.set(path, UNKNOWN_STAMP);
        }
        for (const [path, stamp] of configStamps) files.set(path, stamp);
      }
      this.readFrom = files;
      this.store.startupStamps = files;
      this.store.outline = outline;
      // The compilers the site's pages need load in the workers while the main thread reads the pages.
      const formats = files ? contentFormats(files.keys(), this.pipeline.context.contentDir, this.pipeline.config) : [];
      if (formats.length) void this.pool.broadcast({ moduleUrl: distUrl(CONTENT_COMPILER_MODULE), exportName: 'warmUpCompiler', input: formats }).catch(() => {});
      return contentListing;
    };
    // Listed before the content is read: a file added meanwhile is new to the listing too.
    await Promise.all([this.rebuildAssets(), listed().then((contentListing) => this.refresh(contentListing))]);
    await this.publish();
    this.earlyRequests.clear();
    this.earlyRouteUrls = undefined;
  }

  /** Last session's page stubs, when the tool and the config are the same (none with `--no-cache`). */
  private async loadOutline(): Promise<OutlineCache | undefined> {
    const { context } = this.pipeline;
    if (!context.persistentCache) return undefined;
    const key = createHash('sha256').update(await toolBuildId()).update('\0').update(JSON.stringify(context.config));
    // The config's JSON leaves its functions (plugins, hooks) out: the text of the config and of
    // every file it imports stands for them.
    for (const file of [...this.pipeline.configFiles].sort()) key.update('\0').update(file).update('\0').update(await readFile(file).catch(() => ''));
    return OutlineCache.load(join(context.cacheDir, 'dev-outline.json'), key.digest('hex'));
  }

  /** What {@link DevSite.initialize} reads the site from (the watcher covers more: the theme, plugins' paths). */
  startupFiles(): StartupFiles {
    const { context, configFiles } = this.pipeline;
    const files = [...new Set([...configFiles, ...this.configCandidates()])];
    if (!context) return { dirs: [], files };
    // The config's islands (bundled for the browser) and components: read at start like the content.
    const { root, config } = context;
    for (const path of Object.values(config.islands)) files.push(resolve(root, path));
    files.push(...this.componentFiles());
    const dirs = [context.contentDir, context.publicDir];
    // What plugins asked to watch (`watchPaths`): their loadContent read it at start too.
    for (const path of [...this.pipeline.watchPaths().values()].flat()) {
      if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) dirs.push(path);
      else files.push(path);
    }
    return { dirs, files };
  }

  /** Every name the config file may have, in the site folder. */
  private configCandidates(): string[] {
    return CONFIG_FILES.map((name) => join(this.options.root, name));
  }

  async rebuildAssets(): Promise<void> {
    const { root } = this.options;
    try {
      this.assets = await buildDevAssets({ root, outDir: this.outDir, cacheDir: this.pipeline.context.cacheDir, config: this.pipeline.config });
      this.errors.set('assets', []);
    } catch (error) {
      this.errors.set('assets', asDiagnostics(error));
    }
  }

  /**
   * Re-runs the content hooks and hands the render workers the new site when it changed. The new
   * routes become visible to requests only once the workers hold the snapshot that goes with them:
   * a route rendered against an older snapshot would miss what the refresh added (an image's entry
   * in the image-size table), which under load showed as false errors on unchanged pages.
   */
  async refresh(contentListing?: readonly Dirent[]): Promise<void> {
    if (!this.pipeline.context) return;
    let site = this.site;
    try {
      const result = await this.pipeline.run(contentListing);
      this.store.prune();
      site = result.site;
      this.emitted = result.emitted;
      this.errors.set('pipeline', result.diagnostics);
    } catch (error) {
      // The last good site stays in use.
      this.errors.set('pipeline', asDiagnostics(error));
    }
    if (!site) return;
    this.renderer.retain(site.routes);
    if (this.renderer.pageModulesImported >= (this.options.maxPageModulesPerWorkers ?? 50)) await this.recycleWorkers();
    this.postBuildStale = true;
    await this.publish(site);
    this.site = site;
    this.routes = new RouteIndex(site.routes, this.pipeline.config.defaultLocale);
    this.errors.clearPrefix('page:');
    // Only pages with errors: the rest are cleared already, and a key and a filtered list made for
    // each of 10 000 pages were 20 ms of every refresh, the first answer's and each save's.
    for (const route of site.routes) {
      if (!route.sourcePath) continue;
      const errors = this.store.errorsOf(route.sourcePath);
      if (errors.length) this.errors.set(`page:${route.sourcePath}`, errors);
    }
    // Stubs read for pages added since: kept for the next start (written only when some were).
    // Until dev watches, dev-server writes them once its watcher is ready: after the first answer,
    // whose own refresh (its page compiled) would otherwise write 10 000 stubs before answering.
    if (this.watching) void this.store.outline?.save();
  }

  /** Hands the render workers `site` (once the assets exist too; `initialize` publishes then). */
  private async publish(site = this.site): Promise<void> {
    if (site && this.assets) await this.renderer.setSnapshot(await this.snapshot(site));
  }

  /** Each locale's sidebar tree URL, by the navigation it was written from (the same object while no title or `_meta` changed). */
  private sidebarWritten = new Map<string, { navigation: Navigation; config: ResolvedConfig; url: string }>();

  private async sidebarUrls(navigation: Record<string, Navigation>): Promise<Record<string, string>> {
    const { config } = this.pipeline;
    const urls: Record<string, string> = {};
    const stale: Record<string, Navigation> = {};
    for (const [locale, localeNavigation] of Object.entries(navigation)) {
      const written = this.sidebarWritten.get(locale);
      if (written?.navigation === localeNavigation && written.config === config) urls[locale] = written.url;
      else stale[locale] = localeNavigation;
    }
    // Beside the client assets, as a build writes it: the page's sidebar loads the whole tree from there.
    const fresh = await writeSidebarData(this.outDir, stale, config);
    for (const [locale, url] of Object.entries(fresh)) this.sidebarWritten.set(locale, { navigation: stale[locale]!, config, url });
    return { ...urls, ...fresh };
  }

  private async snapshot(site: SiteData): Promise<SiteSnapshot> {
    const sidebarUrls = await this.sidebarUrls(site.navigation);
    const snapshot = siteSnapshot(this.pipeline.config, site, this.assets!, this.mdxComponents, sidebarUrls);
    // The live-reload client is an inline script too: with the policy on, dev allows it by hash.
    snapshot.config.contentSecurityPolicy = contentSecurityPolicy(this.pipeline.config, [devClientScript()]);
    return snapshot;
  }

  /** Compiles the route's page first if its current version is not compiled yet. */
  async ensureCompiled(route: RouteDefinition): Promise<RouteDefinition> {
    const source = route.sourcePath;
    if (!source || (this.store.isCurrent(source) && this.showsLatestCompile(route, source))) return route;
    const url = this.routes.urlOf(route);
    return this.exclusive(async () => {
      const compiled = await this.store.compile(source);
      // The background compiles outside the lock and refreshes now and then: a page it compiled
      // may not be in the routes yet.
      if (compiled || !this.showsLatestCompile(this.routes.at(url) ?? route, source)) await this.refresh();
      if (this.store.errorsOf(source).length) this.announceErrors();
      return this.routes.at(url) ?? route;
    });
  }

  /** Whether the route holds the store's latest compile of its page (not an older one, or the stub). */
  private showsLatestCompile(route: RouteDefinition, source: string): boolean {
    const latest = this.store.answer(source);
    return !latest || route.content.type !== 'mdx' || route.content.compiled === latest.compiled;
  }

  /**
   * Renders a route to HTML. A render error goes to the board (and the overlay); the route's last
   * good HTML is served meanwhile (an image gone from public/, a component removed), else an
   * empty page with status 500. A tab never patches itself empty: the `error` told before the
   * answer gives up its fetch (the page it shows stays, under the overlay), and a 500 that
   * reaches it first makes it reload.
   */
  async render(route: RouteDefinition): Promise<{ status: number; html: string }> {
    const key = `render:${route.sourcePath ?? route.route}`;
    try {
      const html = await this.renderer.render(route, { plugins: this.pipeline.plugins, context: this.pipeline.context });
      const failedBefore = this.errors.has(key);
      this.errors.set(key, []);
      // Its failure was on the overlay (a request in the middle of an edit) and was the last
      // error: no change is coming to clear it, so the tabs reload to the site as it is now.
      if (failedBefore && !this.errors.size) {
        this.errors.report();
        this.options.send({ type: 'reload' });
      }
      return { status: 200, html };
    } catch (error) {
      // A request that took its route just before a refresh may render it against the newer
      // snapshot; its failure says nothing about the page as it is now, so render that instead.
      const current = this.routes.current(route);
      if (current && current !== route) return this.render(current);
      this.errors.set(key, asDiagnostics(error));
      this.announceErrors();
      const lastGood = this.renderer.lastGoodHtml(route);
      if (lastGood !== undefined) return { status: 200, html: lastGood };
      return { status: 500, html: '<!doctype html><html><head><meta charset="utf-8"><title>docs-gen: error</title></head><body></body></html>' };
    }
  }

  /** Prints new errors and shows the current ones in every tab. */
  announceErrors(): void {
    this.errors.report();
    if (this.errors.size) this.options.send({ type: 'error', message: this.errors.text() });
  }

  /** Renders the routes of these source files now, so the reload that follows finds them ready. */
  prerender(sourcePaths: string[]): void {
    const wanted = new Set(sourcePaths);
    for (const route of this.site?.routes ?? []) if (route.sourcePath && wanted.has(route.sourcePath)) void this.render(route);
  }

  /** Runs the plugins' `postBuild` on dev's output folder (search data and the like), when the site changed since. */
  async runPostBuild(): Promise<void> {
    if (!this.postBuildStale || !this.site) return;
    this.postBuildStale = false;
    const { plugins, context } = this.pipeline;
    const written = new Set<string>();
    const output = this.postBuildFiles.recording(plainOutputFiles(this.outDir), written);
    const failures = await runPostBuild(plugins, { outDir: this.outDir, site: this.site, context, output });
    // In dev the output has no pages: a postBuild that needs them is not the writer's error.
    for (const d of failures) this.options.log.info(`docs-gen dev: ${d.message}`);
    await this.postBuildFiles.settle(written, failures.length === 0);
  }

  /**
   * New workers, which have imported no page module yet, and the module files no current compile
   * uses removed: what edits of MDX pages with imports leave behind is dropped, in memory and on disk.
   */
  private async recycleWorkers(): Promise<void> {
    this.restartWorkers();
    const moduleDir = join(this.pipeline.context.cacheDir, 'pages');
    const inUse = this.store.moduleFiles();
    const files = await readdir(moduleDir).catch(() => [] as string[]);
    await Promise.all(files.filter((name) => name.endsWith('.mjs') && !inUse.has(join(moduleDir, name))).map((name) => rm(join(moduleDir, name), { force: true })));
  }

  /**
   * The config's and plugins' components bundled for the render workers, afresh: at start, and
   * when a file one was made from changed. One that fails to bundle is shown, and the last good
   * ones stay in use (the pages that do not use it still render).
   */
  async bundleComponents(): Promise<void> {
    forgetRunnableModules();
    try {
      this.mdxComponents = await runnableMdxComponents(this.pipeline.plugins, this.pipeline.context);
      this.errors.set('components', []);
    } catch (error) {
      // A failed bundle is a `module-bundle` error at its place; anything else is dev's own.
      this.errors.set('components', asDiagnostics(error));
    }
  }

  /**
   * What dev watches outside the content and public folders ({@link WatchedPaths.sourcePaths}):
   * the folder of each file pages' and components' bundles were made from (or a failed bundle's
   * error names), of the components' own files, and of what a page that failed to bundle imports;
   * a file at the site root (or in a folder holding the content folder) alone. Once watched, a
   * folder stays watched for the session: a page or component whose bundle fails names no
   * imports, and a fix there (or a missing file made) must still be seen.
   */
  sourcePaths(): string[] {
    const { context } = this.pipeline;
    if (!context) return [];
    const files = [...this.store.importedFiles(), ...runnableModuleInputs(context.cacheDir), ...this.componentFiles(), ...this.importsOfFailedPages()];
    // `/` holds everything (and is no prefix of `//`): a package file at the root of the file system is watched alone, not `/` whole.
    const holdsSite = (dir: string) => dirname(dir) === dir || [context.root, context.contentDir, context.publicDir].some((inside) => inside === dir || inside.startsWith(dir + sep));
    for (const file of files) if (this.isSourceFile(file)) this.watchedSources.add(holdsSite(dirname(file)) ? file : dirname(file));
    return [...this.watchedSources].sort();
  }

  /**
   * What the pages whose bundle failed name: the file an error is in (a component with a syntax
   * error), where a relative import that could not be found would be, and for a package not
   * installed, the package manifests and lock files installing it writes ({@link packageFilesOf}:
   * its hint says to run `npm install`; the package's own folder may not exist, and dev does not
   * watch `node_modules`).
   */
  private importsOfFailedPages(): string[] {
    const { root } = this.pipeline.context;
    const files: string[] = [];
    let packageMissing = false;
    for (const { file: page, errors } of this.store.failedCompiles()) {
      for (const error of errors) {
        if (error.code !== 'mdx-import') continue;
        if (error.file && resolve(root, error.file) !== page) files.push(resolve(root, error.file));
        const missing = missingImportPath(error.message, page);
        if (missing) files.push(missing);
        packageMissing ||= missingPackageName(error.message) !== undefined;
      }
    }
    // Once, however many pages miss a package: the walk up is a dozen file checks a folder.
    if (packageMissing) files.push(...packageFilesOf(root));
    return files;
  }

  /** Every path {@link sourcePaths} gave this session (a folder's files may import nothing now, and may again). */
  private readonly watchedSources = new Set<string>();

  /** The config's components' own files (`components: { Logo: './components/Logo.tsx' }`), absolute. */
  componentFiles(): string[] {
    const { context } = this.pipeline;
    return context ? Object.values(configComponents(context.config, context.root)).map((component) => component.module) : [];
  }

  /** A file dev watches one by one when a bundle was made from it: not in the content or public folder (watched whole), not the config's. */
  private isSourceFile(file: string): boolean {
    const { context, configFiles } = this.pipeline;
    if (!context) return false;
    return !file.startsWith(context.contentDir + sep) && !file.startsWith(context.publicDir + sep) && !configFiles.includes(file);
  }

  /**
   * The text digest of each file of the plugins' modules (`DevPipeline.pluginFiles`) when the
   * workers may have imported it: a worker keeps a module it imported, also while the config
   * leaves its plugin out, and a site's JavaScript module is imported as it is.
   */
  private importedPluginFiles = new Map<string, string>();

  /** The digest of each plugin module file's text as it is now (a file that is gone: of none). */
  private pluginFileDigests(): Map<string, string> {
    return new Map(this.pipeline.pluginFiles.map((file) => [file, contentKey(readFileOrEmpty(file))]));
  }

  /** New workers when a plugin module's file changed since the workers may have imported it. */
  private renewWorkersForPluginFiles(): void {
    const digests = this.pluginFileDigests();
    if ([...digests].some(([file, digest]) => (this.importedPluginFiles.get(file) ?? digest) !== digest)) this.restartWorkers(digests);
    else for (const [file, digest] of digests) this.importedPluginFiles.set(file, digest);
  }

  /** New render workers, which import the theme and renderer modules afresh (and the plugins' modules, as `pluginDigests` found their files). */
  restartWorkers(pluginDigests = this.pluginFileDigests()): void {
    const old = this.pool;
    this.pool = new WorkerPool();
    this.importedPluginFiles = pluginDigests;
    this.renderer.reset();
    // The old workers go once the tasks already on them have finished, however long they take:
    // a page compiling or rendering there (slow on a busy machine) still answers.
    this.retired.add(old);
    void old
      .retire()
      .catch(() => {
        // Closing failed (a worker already gone): nothing is left to wait for.
      })
      .finally(() => this.retired.delete(old));
  }

  private readonly retired = new Set<WorkerPool>();

  async close(): Promise<void> {
    await this.lock;
    await this.store.outline?.save();
    for (const pool of this.retired) await pool.close();
    await this.pool.close();
  }
}
