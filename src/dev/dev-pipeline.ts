import type { Dirent } from 'node:fs';
import { resolve } from 'node:path';
import { addThemeRoutes, PluginModulesError, prepareSite } from '../build/build.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ContentPage, PageCompileOutput, Plugin, PluginActions, PluginContext } from '../pipeline/plugin.ts';
import { runContentHooks, runWatchPaths, type PipelineResult } from '../pipeline/run-plugins.ts';
import type { WorkerPool } from '../pipeline/worker-pool.ts';
import { pageTitle } from '../shared/page-title.ts';
import { withSections } from '../build/lazy-sections.ts';
import { sameData } from '../util/same-data.ts';
import type { PageStore } from './page-store.ts';

type ContentLoadedArgs = Parameters<NonNullable<Plugin['contentLoaded']>>[0];

/** One call a plugin made on its actions, to be made again. */
type RecordedAction = { [Name in keyof PluginActions]: { name: Name; args: Parameters<PluginActions[Name]> } }[keyof PluginActions];

/** A `contentLoaded` run of a plugin that reads only the pages' outline: what it read, and what it did. */
interface OutlineRun {
  content: unknown;
  /** Every other plugin's content (content sources' pages excepted: the outline stands for them). */
  others: Map<string, unknown>;
  pages: readonly ContentPage[];
  actions: RecordedAction[];
}

/** Whether two page lists have the same outline: what a `contentLoadedReads: 'outline'` hook may read. */
function sameOutline(a: readonly ContentPage[], b: readonly ContentPage[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (x.route !== y.route || x.locale !== y.locale || x.name !== y.name || x.sourcePath !== y.sourcePath || x.title !== y.title) return false;
    if (!sameData(x.frontMatter, y.frontMatter)) return false;
  }
  return true;
}

/** What {@link DevPipeline} knows of a content source's page list it made or patched. */
interface PageList {
  /** The page store's `answerChanges` before the list was made: every page was made from its answer then, or from a later one. */
  answersAt: number;
  /** Its length then: a plugin may cut or lengthen the array in place (it is every plugin's `content`). */
  length: number;
  /** Each page's index by source path; undefined when two pages share a source file (every page is then looked at). */
  indexOf: ReadonlyMap<string, number> | undefined;
}

/** Whether `page` holds `output` as it is: its compile, headings and front matter the same objects. */
const holdsAnswer = (page: ContentPage, output: PageCompileOutput) => output.compiled === page.compiled && output.headings === page.headings && output.frontMatter === page.frontMatter;

/** Each page's index in `pages` by source path, or undefined when a source path comes twice. */
function indexBySource(pages: readonly ContentPage[]): Map<string, number> | undefined {
  const indexOf = new Map<string, number>();
  for (let i = 0; i < pages.length; i++) {
    if (indexOf.has(pages[i]!.sourcePath)) return undefined;
    indexOf.set(pages[i]!.sourcePath, i);
  }
  return indexOf;
}

/**
 * The build's content pipeline, kept in memory between changes. Each plugin's `loadContent`
 * result is reused until something it reads changes ({@link DevPipeline.invalidate}); the
 * `contentLoaded` hooks, which only combine what was loaded, run every time.
 */
export class DevPipeline {
  config!: ResolvedConfig;
  /** The config file and the files it imports, and {@link pluginFiles}. */
  configFiles: string[] = [];
  /**
   * The site's files its plugins' remark, rehype and bundler modules and MDX components are made
   * from: the workers keep a module imported as it is, so a change there needs new workers
   * (`DevSite.renewWorkersForPluginFiles`).
   */
  pluginFiles: string[] = [];
  /** The config loader's warnings (a Nextra site's options that do not map), as the build reports them. */
  configWarnings: Diagnostic[] = [];
  plugins: Plugin[] = [];
  context!: PluginContext;
  private readonly loaded = new Map<string, unknown>();
  private readonly dirty = new Set<string>();
  /** The last `contentLoaded` run of each plugin that reads only the pages' outline. */
  private readonly outlineRuns = new Map<string, OutlineRun>();
  /**
   * The compile each content source page was made from, or last patched with: of the page's
   * keys, those are the compile's, and the rest (route, title…) its content source's.
   */
  private readonly madeFrom = new WeakMap<ContentPage, PageCompileOutput>();
  /** Each content source's page list as `loadContent` or {@link patchPages} last made it. */
  private readonly pageLists = new WeakMap<readonly ContentPage[], PageList>();

  constructor(
    private readonly root: string,
    private readonly store: PageStore,
    private readonly pool: () => WorkerPool,
  ) {}

  /** (Re)loads the config. Throws a DiagnosticError when it does not load; the previous one stays. */
  async loadConfig(): Promise<void> {
    let prepared: Awaited<ReturnType<typeof prepareSite>>;
    try {
      prepared = await prepareSite(this.root, 'dev', this.pool);
    } catch (error) {
      // A site plugin's module with a syntax error, or that did not bundle: watched with the config, for the fix.
      if (error instanceof PluginModulesError) ({ configFiles: this.configFiles, pluginFiles: this.pluginFiles } = error);
      throw error;
    }
    const { config, configFiles, pluginFiles, configWarnings, plugins, context: base } = prepared;
    this.config = config;
    this.configFiles = configFiles;
    this.pluginFiles = pluginFiles;
    this.configWarnings = configWarnings;
    this.plugins = plugins;
    this.context = { ...base, compilePage: this.store.compilePage(base.runInWorker) };
    this.loaded.clear();
    this.outlineRuns.clear();
    this.invalidate();
  }

  /**
   * Marks one plugin's loaded content as stale, or every plugin's, and forgets its last
   * `contentLoaded` run: a file it watches changed, and the run read it (a plugin without
   * `loadContent` has no content whose change would tell; its run was replayed, stale).
   */
  invalidate(pluginName?: string): void {
    for (const plugin of this.plugins) {
      if (pluginName && plugin.name !== pluginName) continue;
      this.dirty.add(plugin.name);
      this.outlineRuns.delete(plugin.name);
    }
  }

  /** Each plugin's `watchPaths`, absolute. */
  watchPaths(): Map<string, string[]> {
    const paths = runWatchPaths(this.plugins, this.context);
    for (const [name, list] of paths) paths.set(name, list.map((p) => resolve(this.root, p)));
    return paths;
  }

  /**
   * Runs the content hooks (theme routes added). Throws a DiagnosticError when a `loadContent` failed.
   * `listing` is the content folder as dev's start-up listing found it just before its first run
   * (`DevSite.initialize`): that run's `listContent`, one walk of 10 000 pages' folder less.
   */
  async run(listing?: readonly Dirent[]): Promise<PipelineResult> {
    const plugins = this.plugins.map((plugin) => this.replayed(this.cached(plugin), plugin));
    const result = await runContentHooks(plugins, listing ? { ...this.context, listContent: () => listing } : this.context);
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
    const answersAt = this.store.answerChanges;
    const list = this.pageLists.get(pages);
    // Only the pages whose answer changed since the list was made are looked at, when the store
    // still knows which (a save: one page of 10 000).
    const changed = list?.indexOf && list.length === pages.length ? this.store.answersChangedSince(list.answersAt) : undefined;
    if (changed) {
      let patched = pages;
      let indexHolds = true;
      for (const path of changed) {
        const at = list!.indexOf!.get(path);
        if (at === undefined) continue;
        // A plugin may have reordered the array in place: then every page is looked at, and indexed anew.
        if (pages[at]!.sourcePath !== path) {
          indexHolds = false;
          break;
        }
        const page = this.patchedPage(pages[at]!);
        if (!page) return undefined;
        if (page === pages[at]) continue;
        if (patched === pages) patched = pages.slice();
        patched[at] = page;
      }
      if (indexHolds) {
        // The same order: the indexes hold for the patched list too.
        this.pageLists.set(patched, { answersAt, length: patched.length, indexOf: list!.indexOf });
        return patched;
      }
    }
    const patched: ContentPage[] = [];
    for (const page of pages) {
      const next = this.patchedPage(page);
      if (!next) return undefined;
      patched.push(next);
    }
    this.pageLists.set(patched, { answersAt, length: patched.length, indexOf: indexBySource(patched) });
    return patched;
  }

  /** The page with its current compile, or undefined when it has none or its title would change (a full run then). */
  private patchedPage(page: ContentPage): ContentPage | undefined {
    const output: PageCompileOutput | undefined = this.store.answer(page.sourcePath);
    if (!output) return undefined;
    if (holdsAnswer(page, output)) return page;
    if (pageTitle({ frontMatter: output.frontMatter, headings: output.headings, name: page.name, route: page.route }) === page.title) return this.withCompile(page, output);
    return undefined;
  }

  /**
   * The plugin, with a `contentLoaded` that, when the plugin reads only the pages' outline
   * (`contentLoadedReads: 'outline'`) and none of its inputs changed since its last run (its own
   * content, the other plugins' content, the pages' outline), does again what that run did
   * instead of running: a body edit does not rebuild the page map of 10 000 pages.
   */
  private replayed(wrapper: Plugin, plugin: Plugin): Plugin {
    const hook = plugin.contentLoaded;
    if (!hook || plugin.contentLoadedReads !== 'outline') return wrapper;
    const sources = new Set(this.plugins.filter((p) => p.contentSource).map((p) => p.name));
    const replaying = wrapper === plugin ? (Object.create(plugin) as Plugin) : wrapper;
    replaying.contentLoaded = async (args: ContentLoadedArgs) => {
      const others = new Map(Object.entries(args.allContent).filter(([name]) => name !== plugin.name && !sources.has(name)));
      const last = this.outlineRuns.get(plugin.name);
      const unchanged =
        last !== undefined &&
        last.content === args.content &&
        last.others.size === others.size &&
        [...others].every(([name, value]) => last.others.get(name) === value) &&
        sameOutline(last.pages, args.pages);
      if (unchanged) {
        // The same outline: these pages stand for it now (the next comparison finds them identical).
        last.pages = args.pages;
        for (const action of last.actions) (args.actions[action.name] as (...values: unknown[]) => void)(...action.args);
        return;
      }
      this.outlineRuns.delete(plugin.name);
      const recorded: RecordedAction[] = [];
      const actions = Object.fromEntries(
        (Object.keys(args.actions) as (keyof PluginActions)[]).map((name) => [
          name,
          (...values: unknown[]) => {
            recorded.push({ name, args: values } as RecordedAction);
            return (args.actions[name] as (...values: unknown[]) => unknown)(...values);
          },
        ]),
      ) as unknown as PluginActions;
      await hook.call(plugin, { ...args, actions });
      this.outlineRuns.set(plugin.name, { content: args.content, others, pages: args.pages, actions: recorded });
    };
    return replaying;
  }

  /**
   * The page with `output` in place of the compile it was made from. Copied as `withSections`
   * copies a page (`Object.assign`: every page of one shape shares one hidden class,
   * lazy-sections.ts); a key the old compile had and the new one has not goes (an `.mdx` page's
   * `cleanMarkdown`, which MDX makes and the Markdown compiler does not: kept, it gave the page's
   * `.md` the text of an earlier save). A page whose compile is not known keeps its other keys.
   */
  private withCompile(page: ContentPage, output: PageCompileOutput): ContentPage {
    const next = withSections(page, output);
    const previous = this.madeFrom.get(page);
    if (previous) for (const key of Object.keys(previous)) if (!Object.hasOwn(output, key)) delete (next as unknown as Record<string, unknown>)[key];
    this.madeFrom.set(next, output);
    return next;
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
      // Before the load asks for any page: a change of an answer during the load comes after it.
      const answersAt = this.store.answerChanges;
      const content = await load.call(plugin, args);
      if (plugin.contentSource) {
        // Patched by the changes alone only when each page is its answer as the store gives it now
        // (a source whose pages have no answer, or which made them its own way, is looked at whole).
        let asAnswered = true;
        for (const page of content as ContentPage[]) {
          const output = this.store.answer(page.sourcePath);
          if (output && output.compiled === page.compiled) this.madeFrom.set(page, output);
          if (!output || !holdsAnswer(page, output)) asAnswered = false;
        }
        if (asAnswered) this.pageLists.set(content as ContentPage[], { answersAt, length: (content as ContentPage[]).length, indexOf: indexBySource(content as ContentPage[]) });
      }
      this.loaded.set(plugin.name, content);
      this.dirty.delete(plugin.name);
      return content;
    };
    return wrapper;
  }
}
