import type { ResolvedConfig } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { FrontMatter, Heading, PageMapItem, ResolvedThemeOptions, ThemeOptions } from '../shared/types.ts';

/** Where the site lives and how this run was started. Read-only for plugins. */
export interface PluginContext {
  /** Absolute site folder (holds `docs-gen.config.ts`, `content/`, `public/`). */
  readonly root: string;
  readonly contentDir: string;
  readonly publicDir: string;
  /** A cache folder that survives between builds (`<root>/.docs-gen-cache/<plugin>`) is yours to create under this. */
  readonly cacheDir: string;
  readonly config: ResolvedConfig;
  readonly mode: 'build' | 'dev' | 'check';
  /**
   * Runs `exportName` of the ES module `moduleUrl` in the shared worker pool with `input`
   * (structured-clonable) and resolves to its result. Use it for CPU-bound per-file work,
   * so that every core is busy. The function may be async.
   */
  runInWorker<Input, Output>(task: { moduleUrl: string; exportName: string; input: Input }): Promise<Output>;
}

/** A compiled MDX/Markdown page, ready for the renderer. */
export interface CompiledPage {
  /**
   * `html`: Markdown rendered to HTML at compile time (`.md`: nothing to run).
   * `function-body`: MDX compiled to a function body run with the React JSX runtime.
   * `module`: an ES module file bundled by esbuild (MDX pages with imports).
   */
  kind: 'html' | 'function-body' | 'module';
  /** The HTML, the function body, or the absolute path of the module file. */
  code: string;
  /**
   * For a function body: where its code came from in the page, as `SourcePositionCollector`
   * keeps it, so that an error while rendering names the page's line and column.
   */
  positions?: number[];
}

/** A place in a source file that refers to another resource: checked by `check`, used by image plugins. */
export interface SourceReference {
  kind: 'link' | 'image' | 'rel-output';
  /** As written in the source. */
  url: string;
  line: number;
  column: number;
}

/** A route's content: compiled MDX from the content loader, or ready HTML from any plugin. */
export type RouteContent =
  | { type: 'mdx'; compiled: CompiledPage }
  | { type: 'html'; html: string }
  /** The theme's own page for a special route (`/404`, `/500`, `/search`). */
  | { type: 'theme' };

/** One route of the site, as plugins contribute it with `actions.addRoute`. */
export interface RouteDefinition {
  /** Clean route without base path or locale prefix, e.g. `/rel/primer`. */
  route: string;
  /** @default the config's default locale */
  locale?: string;
  title: string;
  frontMatter?: FrontMatter;
  headings?: Heading[];
  content: RouteContent;
  /** Source file relative to the site root. */
  sourcePath?: string;
  references?: SourceReference[];
  /** Theme options for this route alone (the page map's options apply first). */
  theme?: ThemeOptions;
  /** The page's text by heading, for search. */
  sections?: { id: string; title: string; text: string }[];
}

/** Per-locale navigation: the page map the sidebar, navbar, breadcrumbs and prev/next are made from. */
export interface Navigation {
  locale: string;
  pageMap: PageMapItem[];
  /** Resolved theme options by route (after `_meta` inheritance). */
  themeByRoute: Record<string, ThemeOptions>;
}

/** What a plugin can do in `contentLoaded`. */
export interface PluginActions {
  addRoute(route: RouteDefinition): void;
  /** Replaces the page map of `navigation.locale`. */
  setNavigation(navigation: Navigation): void;
  /** Data other plugins read as `globalData[pluginName]`. */
  setGlobalData(data: unknown): void;
  /** Writes a file at `path` (relative to the output folder) when the build is written. */
  emitFile(path: string, contents: string | Uint8Array): void;
  /** Reports a problem; errors stop `build` and `check` after this phase. */
  report(diagnostic: Omit<Diagnostic, 'plugin' | 'hook'>): void;
}

/** A route after rendering, as `transformPage` sees it. */
export interface RenderedPage {
  route: string;
  locale: string;
  /** Output path relative to the output folder, e.g. `rel/primer/index.html`. */
  outputPath: string;
  html: string;
  theme: ResolvedThemeOptions;
}

/** Everything the site has after `contentLoaded`: what `postBuild` and the checker see. */
export interface SiteData {
  routes: RouteDefinition[];
  navigation: Record<string, Navigation>;
  globalData: Record<string, unknown>;
}

/**
 * A docs-gen plugin: a `name` and optional hooks, each taking one object argument.
 * Hooks run in this order; the kind of each (parallel or sequential) is fixed.
 */
export interface Plugin<Content = unknown> {
  /** Unique name; built-ins are `docs-gen:<name>`. */
  name: string;
  /**
   * 1. **Parallel** across plugins. Read this plugin's sources (files, `_meta`, images).
   * Whatever it returns becomes `content` for this plugin and `allContent[name]` for others.
   */
  loadContent?: (args: { context: PluginContext }) => Content | Promise<Content>;
  /**
   * 2. **Sequential**, in plugin order, after every `loadContent` finished.
   * Contribute routes, navigation, global data and files. `docs-gen check` stops after this.
   */
  contentLoaded?: (args: {
    content: Content;
    allContent: Record<string, unknown>;
    actions: PluginActions;
    context: PluginContext;
  }) => void | Promise<void>;
  /** 3. **Sequential** per rendered page, in plugin order. Mutate `page.html` to rewrite it. */
  transformPage?: (args: { page: RenderedPage; context: PluginContext }) => void | Promise<void>;
  /** 4. **Parallel** across plugins, on the finished temporary output folder before it replaces `out/`. */
  postBuild?: (args: { outDir: string; site: SiteData; context: PluginContext }) => void | Promise<void>;
  /** 5. Dev only, **once**: extra files or folders to watch; a change re-runs this plugin. */
  watchPaths?: (args: { context: PluginContext }) => string[];
}

/** The hook names, in run order: anything else on a plugin object is an error. */
export const PLUGIN_KEYS = ['name', 'loadContent', 'contentLoaded', 'transformPage', 'postBuild', 'watchPaths'] as const;
