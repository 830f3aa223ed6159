import type { ResolvedConfig } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { Dirent } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TextSection } from '../shared/search-index-format.ts';
import type { FrontMatter, Heading, PageMapItem, ResolvedThemeOptions, ThemeData, ThemeOptions } from '../shared/types.ts';

/** A function exported by an ES module, named by URL: what crosses to worker threads. */
export interface ModuleExport {
  /** `file:` URL or absolute path of a `.js`, `.mjs`, `.ts` or `.tsx` module (TypeScript is bundled first). */
  module: string;
  /** @default 'default' */
  exportName?: string;
}

/** A remark or rehype plugin registered by a plugin, with its options (structured-clonable). */
export interface UnifiedPluginRef extends ModuleExport {
  options?: unknown;
}

/** The remark and rehype plugins every content source runs on MDX pages, in plugin order. */
export interface MarkdownPlugins {
  remarkPlugins: UnifiedPluginRef[];
  rehypePlugins: UnifiedPluginRef[];
  /**
   * esbuild plugins a content source adds when it bundles an MDX page's imports: each module
   * export is a factory `(options, site: BundlerSite) => esbuild.Plugin`, called in the worker that bundles.
   */
  bundlerPlugins?: UnifiedPluginRef[];
  /**
   * The HTML elements (and MDX's `wrapper`) that the plugins' `mdxComponents` replace: those named
   * in lower case. An `.mdx` page with none of them, no JSX, no expressions and no imports or
   * exports is compiled to HTML; any other is rendered by React with the components.
   */
  replacedElements?: string[];
}

/** The second argument of a bundler plugin's factory: `(options, site) => esbuild.Plugin`. */
export interface BundlerSite {
  /** Absolute site folder. */
  root: string;
  /** The site's `.docs-gen-cache` folder. */
  cacheDir: string;
  /** The config's base path (`''` or `/docs`). */
  basePath: string;
}

/** What a content page's compile produces: the part of a {@link ContentPage} dev and check know how to stand in for. */
export interface PageCompileOutput {
  frontMatter: FrontMatter;
  compiled: CompiledPage;
  headings: Heading[];
  references: SourceReference[];
  /** The page's text by heading, for search. */
  sections: TextSection[];
}

/**
 * One compiled content page, as a content source (`contentSource: true`) returns it from
 * `loadContent` and every plugin reads it in `contentLoaded({ pages })`. A page object is never
 * changed once made: dev hands the same object again while its page is unchanged (and a new one
 * when it changes), so a plugin may keep what it works out per page by object (a `WeakMap`).
 */
export interface ContentPage extends PageCompileOutput {
  route: string;
  locale: string;
  /** The page's name in its folder (`index` for a folder page). */
  name: string;
  /** Relative to the site root. */
  sourcePath: string;
  title: string;
}

/** A worker task that compiles one content page: `check` tolerates its failure, dev answers it from its page store. */
export interface PageCompileTask<Input> {
  moduleUrl: string;
  exportName: string;
  input: Input;
  /** Absolute path of the page's source file. */
  file: string;
  /** The source file relative to the site root (the page's identity in dev and in diagnostics). */
  sourcePath: string;
  /** A stand-in read in a millisecond (front matter, first heading): dev serves it until the page is compiled. */
  stub: () => Promise<PageCompileOutput>;
  /**
   * The stub as a worker task, when the source can read it in a worker (its output may leave out
   * what dev reads with the compile, such as a body): dev reads the stubs of a large site in its
   * workers, many to a task, while the main thread does the rest.
   */
  stubTask?: { moduleUrl: string; exportName: string; input: unknown };
  /**
   * The page's URL path without the base path (`localizedRoute`'s spelling: `/guide/intro`,
   * `/de/guide/intro`), when the source knows it before the compile. A page a reader asks for
   * while dev starts is then compiled during the start, not after it.
   */
  urlPath?: string;
}

/** Where the site lives and how this run was started. Read-only for plugins. */
export interface PluginContext {
  /** Absolute site folder (holds `docs-gen.config.ts`, `content/`, `public/`). */
  readonly root: string;
  readonly contentDir: string;
  readonly publicDir: string;
  /** A cache folder that survives between builds (`<root>/.docs-gen-cache/<plugin>`) is yours to create under this. */
  readonly cacheDir: string;
  /** False when the run was started with `--no-cache`: read nothing kept from earlier runs and keep nothing. */
  readonly persistentCache: boolean;
  readonly config: ResolvedConfig;
  readonly mode: 'build' | 'dev' | 'check';
  /**
   * Runs `exportName` of the ES module `moduleUrl` in the shared worker pool with `input`
   * (structured-clonable) and resolves to its result. Use it for CPU-bound per-file work,
   * so that every core is busy. The function may be async.
   */
  runInWorker<Input, Output>(task: { moduleUrl: string; exportName: string; input: Input }): Promise<Output>;
  /**
   * Runs a task that compiles one content page, in the pool. A build runs it as is; `check`
   * reports its failure and goes on with an empty page; dev answers it from its page store
   * (the last compile, or `stub` until the page is compiled on demand or in the background).
   */
  compilePage<Input>(task: PageCompileTask<Input>): Promise<PageCompileOutput>;
  /** The remark and rehype plugins registered by every plugin, for content sources to run on MDX. */
  readonly markdown: MarkdownPlugins;
  /**
   * Every entry under the content folder, as `readdirSync(contentDir, { recursive: true,
   * withFileTypes: true })` lists them (throws as it does). Within one run of the content hooks
   * the folder is listed once, however many plugins walk it: the content loader, the page map and
   * the Rel outputs each walked 10 000 pages' folder of their own. Read it, do not change it.
   */
  listContent(): readonly Dirent[];
}

/** A compiled MDX/Markdown page, ready for the renderer. */
export interface CompiledPage {
  /**
   * `html`: Markdown rendered to HTML at compile time: `.md`, and `.mdx` of Markdown alone (no JSX,
   * expressions, imports or exports, no element a plugin's component replaces). Nothing to run.
   * `function-body`: MDX compiled to a function body run with the React JSX runtime.
   * `module`: an ES module file bundled by esbuild (MDX pages with imports).
   */
  kind: 'html' | 'function-body' | 'module';
  /** The HTML, the function body, or the absolute path of the module file. */
  code: string;
  /**
   * For a module: the files it was bundled from besides the page, absolute (components, data,
   * images, packages left out). dev watches them, so an edit of one outside the content folder
   * (`components/`) compiles the page again.
   */
  imports?: string[];
  /**
   * For a function body: where its code came from in the page, as `SourcePositionCollector`
   * keeps it, so that an error while rendering names the page's line and column.
   */
  positions?: number[];
  /**
   * For a function body the built-in content loader compiled: the code only builds elements from
   * Markdown, literal JSX and the MDX components (no `{expression}` other than a comment or one
   * literal, no attribute expression but a literal, no spread, no `import` or `export`; the compile's own
   * highlighted blocks, each one string of HTML, count as elements), so the page's HTML follows from the
   * components and the data they are given. Such a page joins the rendered-page cache while every
   * MDX component is docs-gen's own (render-cache.ts), and only with the mark its compile noted
   * with its key (`noteCompiledKey`): one a plugin sets or changes later is not trusted.
   */
  componentsOnly?: true;
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
  sections?: TextSection[];
  /** Set on a route the build adds because `locale` has no translation of the page: the locale whose content it shows. */
  fallbackFrom?: string;
}

/** Per-locale navigation: the page map the sidebar, navbar, breadcrumbs and prev/next are made from. */
export interface Navigation {
  locale: string;
  pageMap: PageMapItem[];
  /** Resolved theme options by route (after `_meta` inheritance). */
  themeByRoute: Record<string, ThemeOptions>;
  /** Folder route → the file its entries came from, relative to the site root (`check` places `_meta` findings in it). */
  sourceByFolder?: Record<string, string>;
}

/** What a plugin can do in `contentLoaded`. */
export interface PluginActions {
  addRoute(route: RouteDefinition): void;
  /** Replaces the page map of `navigation.locale`. */
  setNavigation(navigation: Navigation): void;
  /** Data other plugins read as `globalData[pluginName]`. */
  setGlobalData(data: unknown): void;
  /**
   * Data every render receives as `RouteData.themeData` (merged over what earlier plugins set).
   * The theme reads `images` and `relOutputs`; other keys are for components (`useThemeData()`).
   */
  setThemeData(data: Partial<ThemeData>): void;
  /** Writes a file at `path` (relative to the output folder) when the build is written. */
  emitFile(path: string, contents: string | Uint8Array): void;
  /** Reports a problem; errors stop `build` and `check` after this phase. */
  report(diagnostic: Omit<Diagnostic, 'plugin' | 'hook'>): void;
  /** A line `build` and `check` print after their own summary (a migration report, say): not a problem. */
  note(line: string): void;
}

/** A route after rendering, as `transformPage` sees it. */
export interface RenderedPage {
  route: string;
  locale: string;
  /** Output path relative to the output folder, e.g. `rel/primer/index.html`. */
  outputPath: string;
  html: string;
  /** The theme options the page was rendered with (defaults, `_meta`, special page, route). */
  theme: ResolvedThemeOptions;
}

/** How `postBuild` writes into the output folder. */
export interface OutputFiles {
  /**
   * Writes `path` (relative to the output folder, `/`-separated), making its folders. In a build
   * with the cache on, bytes equal to the ones the last build wrote at that path are linked from
   * the old output instead (a rebuild writes only what changed); in dev, the file is replaced
   * atomically (a browser may be fetching it).
   */
  write(path: string, contents: string | Uint8Array): Promise<void>;
  /**
   * Writes `path` as its pieces' texts one after another. Each piece's `key` names everything
   * its text comes from: a hash the caller makes more cheaply than the text (of a page's data,
   * not of the text made from it), and that changes whenever the text would. In a build with the
   * cache on, a piece whose key the last build's file at `path` held is copied from that file's
   * bytes, its `make` never called, and a file of the very same keys is linked whole: a rebuild
   * makes only the pieces of what changed (the search data and `llms-full.txt` are a piece per
   * page). Elsewhere every piece is made.
   */
  writePieces(path: string, pieces: readonly OutputPiece[]): Promise<void>;
}

/** A piece of a file written with `writePieces`. */
export interface OutputPiece {
  /**
   * Names everything the text comes from; two pieces of one file with one key have one text.
   * Read only by a writer that may reuse the piece (not dev's): a getter spares dev the hashing.
   */
  readonly key: string;
  /** The piece's text, or its UTF-8 bytes (the writer copies them as they are). */
  make: () => string | Uint8Array | Promise<string | Uint8Array>;
}

/** Everything the site has after `contentLoaded`: what `postBuild` and the checker see. */
export interface SiteData {
  routes: RouteDefinition[];
  navigation: Record<string, Navigation>;
  globalData: Record<string, unknown>;
  /** What plugins gave the theme with `setThemeData`. */
  themeData: ThemeData;
}

/** A dev-server request, as `devRequest` sees it. */
export interface DevRequest {
  request: IncomingMessage;
  response: ServerResponse;
  /** The request URL, parsed (path with the base path, if any). */
  url: URL;
  /**
   * Tell dev of a symbolic link refused because it leads out of the folder a file is served
   * from (absolute paths of the link, its real target and the folder); dev names each once.
   */
  refusedLink: (link: { file: string; target: string; folder: string }) => void;
}

/** How the runner calls a hook: all plugins at once, one after another in plugin order, or in order until one answers. */
export type HookKind = 'parallel' | 'sequential' | 'first';

/**
 * A docs-gen plugin: a `name` and optional hooks, each taking one object argument.
 * Hooks run in this order; the kind of each (parallel or sequential) is fixed.
 */
export interface Plugin<Content = unknown> {
  /** Unique name; built-ins are `docs-gen:<name>`. */
  name: string;
  /** `pre` plugins run before the built-ins (a compatibility layer ahead of the loader), `post` after everything. */
  order?: 'pre' | 'post';
  /** This plugin's content is `ContentPage[]`: every plugin reads it in `contentLoaded({ pages })`, dev re-uses it between edits. */
  contentSource?: boolean;
  /** MDX components available in every page without an import, by JSX name. */
  mdxComponents?: Record<string, ModuleExport>;
  /** remark plugins content sources run on MDX pages (`.md` pages are rendered by markdown-it). */
  remarkPlugins?: UnifiedPluginRef[];
  /** rehype plugins content sources run on MDX pages. */
  rehypePlugins?: UnifiedPluginRef[];
  /**
   * esbuild plugins content sources add when they bundle a page's imports (loaders for other
   * file types, aliases of specifiers): the export is a factory `(options, site: BundlerSite) => esbuild.Plugin`.
   * They run before the loader's own resolution; React always resolves to docs-gen's copy.
   */
  bundlerPlugins?: UnifiedPluginRef[];
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
    /** Every content source's pages, in plugin order. */
    pages: readonly ContentPage[];
    actions: PluginActions;
    context: PluginContext;
  }) => void | Promise<void>;
  /**
   * What `contentLoaded` reads of `pages` (dev only; a build always runs it). `'outline'`: only
   * the list and each page's route, locale, name, source path, title and front matter (a page
   * map, a route table). Dev then skips the hook after an edit that changed no page's outline
   * (a body edit) and none of its other inputs, and replays the actions of its last run.
   * Default `'pages'`: anything of a page (its compiled body, headings, references), so the
   * hook runs again on every change. See ARCHITECTURE.md (dev: when `contentLoaded` runs again).
   */
  contentLoadedReads?: 'outline' | 'pages';
  /** 3. **Sequential** per rendered page, in plugin order. Mutate `page.html` to rewrite it. */
  transformPage?: (args: { page: RenderedPage; context: PluginContext }) => void | Promise<void>;
  /**
   * 4. **Parallel** across plugins, on the finished temporary output folder before it replaces
   * `out/`. Write files with `output.write`: a rebuild then links a file that came out the same
   * from the old output instead of writing it again. A file the hook writes itself must be a new
   * file (never one of the output's, rewritten in place).
   */
  postBuild?: (args: { outDir: string; site: SiteData; context: PluginContext; output: OutputFiles }) => void | Promise<void>;
  /**
   * What `postBuild` reads (a build only). `'site'`: only `site` and what the plugin's own earlier
   * hooks kept, never a file of the output folder. A build then starts the hook once every page
   * is in its workers' hands, while they render and this thread mostly waits, instead of after
   * the last page (the search data, `llms.txt`); its writes to a path the site files take
   * (`sitemap.xml`, `robots.txt`, `404.html`, redirects, emitted files) wait for those. Under
   * `--keep-going` it still starts after the pages, since a page that fails leaves the site.
   * Default `'output'`: the finished output folder.
   */
  postBuildReads?: 'site' | 'output';
  /** 5. Dev only, **once**: extra files or folders to watch; a change re-runs this plugin. */
  watchPaths?: (args: { context: PluginContext }) => string[];
  /**
   * 6. Dev only, **first answer wins**, in plugin order, before dev's own routes and files.
   * Answer the request and return true, or return false to pass it on.
   */
  devRequest?: (args: DevRequest & { context: PluginContext }) => boolean | Promise<boolean>;
}

/** The kind of each hook: how `src/pipeline/run-plugins.ts` calls it, in build, dev and check alike. */
export const HOOK_KINDS = {
  loadContent: 'parallel',
  contentLoaded: 'sequential',
  transformPage: 'sequential',
  postBuild: 'parallel',
  watchPaths: 'sequential',
  devRequest: 'first',
} as const satisfies Record<HookName, HookKind>;

export type HookName = 'loadContent' | 'contentLoaded' | 'transformPage' | 'postBuild' | 'watchPaths' | 'devRequest';

/** Every key a plugin object may have: anything else is an error. */
export const PLUGIN_KEYS = ['name', 'order', 'contentSource', 'mdxComponents', 'remarkPlugins', 'rehypePlugins', 'bundlerPlugins', 'loadContent', 'contentLoaded', 'contentLoadedReads', 'transformPage', 'postBuild', 'postBuildReads', 'watchPaths', 'devRequest'] as const;
