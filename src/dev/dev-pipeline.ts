import { resolve } from 'node:path';
import { addThemeRoutes, prepareSite } from '../build/build.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ContentPage, PageCompileOutput, Plugin, PluginContext } from '../pipeline/plugin.ts';
import { runContentHooks, runWatchPaths, type PipelineResult } from '../pipeline/run-plugins.ts';
import type { WorkerPool } from '../pipeline/worker-pool.ts';
import { pageTitle } from '../shared/page-title.ts';
import type { PageStore } from './page-store.ts';

/**
 * The build's content pipeline, kept in memory between changes. Each plugin's `loadContent`
 * result is reused until something it reads changes ({@link DevPipeline.invalidate}); the
 * `contentLoaded` hooks, which only combine what was loaded, run every time.
 */
export class DevPipeline {
  config!: ResolvedConfig;
  /** The config file and the files it imports. */
  configFiles: string[] = [];
  /** The config loader's warnings (a Nextra site's options that do not map), as the build reports them. */
  configWarnings: Diagnostic[] = [];
  plugins: Plugin[] = [];
  context!: PluginContext;
  private readonly loaded = new Map<string, unknown>();
  private readonly dirty = new Set<string>();

  constructor(
    private readonly root: string,
    private readonly store: PageStore,
    private readonly pool: () => WorkerPool,
  ) {}

  /** (Re)loads the config. Throws a DiagnosticError when it does not load; the previous one stays. */
  async loadConfig(): Promise<void> {
    const { config, configFiles, configWarnings, plugins, context: base } = await prepareSite(this.root, 'dev', this.pool);
    this.config = config;
    this.configFiles = configFiles;
    this.configWarnings = configWarnings;
    this.plugins = plugins;
    this.context = { ...base, compilePage: this.store.compilePage(base.runInWorker) };
    this.loaded.clear();
    this.invalidate();
  }

  /** Marks one plugin's loaded content as stale, or every plugin's. */
  invalidate(pluginName?: string): void {
    for (const plugin of this.plugins) if (!pluginName || plugin.name === pluginName) this.dirty.add(plugin.name);
  }

  /** Each plugin's `watchPaths`, absolute. */
  watchPaths(): Map<string, string[]> {
    const paths = runWatchPaths(this.plugins, this.context);
    for (const [name, list] of paths) paths.set(name, list.map((p) => resolve(this.root, p)));
    return paths;
  }

  /** Runs the content hooks (theme routes added). Throws a DiagnosticError when a `loadContent` failed. */
  async run(): Promise<PipelineResult> {
    const plugins = this.plugins.map((plugin) => this.cached(plugin));
    const result = await runContentHooks(plugins, this.context);
    addThemeRoutes(result.site, this.config);
    return result;
  }

  /**
   * A content source's last pages with each page's current compile swapped in: what a full run
   * would give when no page was added or removed and no title changed (the one title rule,
   * `pageTitle`). Undefined when a full run is needed. For a 2000-page site this saves listing
   * and mapping every file on each edit.
   */
  private patchPages(pages: ContentPage[]): ContentPage[] | undefined {
    const patched: ContentPage[] = [];
    for (const page of pages) {
      const output: PageCompileOutput | undefined = this.store.answer(page.sourcePath);
      if (!output) return undefined;
      if (output.compiled === page.compiled && output.headings === page.headings && output.frontMatter === page.frontMatter) patched.push(page);
      else if (pageTitle({ ...page, ...output }) === page.title) patched.push({ ...page, ...output });
      else return undefined;
    }
    return patched;
  }

  /** The plugin with a `loadContent` that answers from the last run unless marked stale. */
  private cached(plugin: Plugin): Plugin {
    const load = plugin.loadContent;
    if (!load) return plugin;
    // Object.create keeps hooks a plugin defines on a prototype (a class instance).
    const wrapper = Object.create(plugin) as Plugin;
    wrapper.loadContent = async (args) => {
      if (!this.dirty.has(plugin.name) && this.loaded.has(plugin.name)) {
        if (!plugin.contentSource) return this.loaded.get(plugin.name);
        const patched = this.patchPages(this.loaded.get(plugin.name) as ContentPage[]);
        if (patched) {
          this.loaded.set(plugin.name, patched);
          return patched;
        }
      }
      const content = await load.call(plugin, args);
      this.loaded.set(plugin.name, content);
      this.dirty.delete(plugin.name);
      return content;
    };
    return wrapper;
  }
}
