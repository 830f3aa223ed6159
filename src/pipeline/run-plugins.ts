import type { Dirent } from 'node:fs';
import { DiagnosticError, isDiagnosticError, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { didYouMean } from '../config/did-you-mean.ts';
import type { ThemeData } from '../shared/types.ts';
import {
  PLUGIN_KEYS,
  type ContentPage,
  type DevRequest,
  type MarkdownPlugins,
  type ModuleExport,
  type Navigation,
  type OutputFiles,
  type Plugin,
  type PluginContext,
  type RenderedPage,
  type RouteDefinition,
  type SiteData,
} from './plugin.ts';
import { plainOutputFiles } from './output-files.ts';
import { trackedOutput } from './tracked-output.ts';
import { withSections } from '../build/lazy-sections.ts';

/*
 * The one hook runner: build, dev and check call every hook through these functions, so a
 * hook runs the same way everywhere, as `HOOK_KINDS` in plugin.ts says.
 */

export interface PipelineResult {
  site: SiteData;
  /** Files plugins asked to emit, by output-relative path. */
  emitted: Map<string, string | Uint8Array>;
  /** Everything reported; errors included (the caller decides to stop). */
  diagnostics: Diagnostic[];
  /** Lines plugins asked to print after the run's summary (`actions.note`). */
  notes: string[];
}

/** Unknown keys on a plugin object are errors naming the plugin (a typo'd hook would silently never run). */
export function validatePlugins(plugins: Plugin[]): void {
  const diagnostics: Diagnostic[] = [];
  const names = new Set<string>();
  for (const plugin of plugins) {
    for (const key of Object.keys(plugin)) {
      if ((PLUGIN_KEYS as readonly string[]).includes(key)) continue;
      const suggestion = didYouMean(key, PLUGIN_KEYS);
      diagnostics.push({
        severity: 'error',
        code: 'plugin-unknown-key',
        message: `Plugin ${plugin.name} has an unknown key \`${key}\``,
        plugin: plugin.name,
        hint: suggestion ? `did you mean \`${suggestion}\`?` : `a plugin has only: ${PLUGIN_KEYS.join(', ')}`,
      });
    }
    if (names.has(plugin.name)) {
      diagnostics.push({ severity: 'error', code: 'plugin-duplicate', message: `Two plugins are named ${plugin.name}`, plugin: plugin.name });
    }
    names.add(plugin.name);
  }
  if (diagnostics.length) throw new DiagnosticError(diagnostics);
}

/** Turns whatever a hook threw into diagnostics; a non-diagnostic error is a bug in that plugin. */
export function hookFailure(error: unknown, plugin: string, hook: string): Diagnostic[] {
  if (isDiagnosticError(error)) return error.diagnostics.map((d) => ({ ...d, plugin: d.plugin ?? plugin, hook: d.hook ?? hook }));
  const e = error as Error;
  return [
    {
      severity: 'error',
      code: 'plugin-internal',
      message: `Internal error in plugin ${plugin} during hook ${hook}: ${e?.message ?? String(error)}`,
      plugin,
      hook,
      hint: e?.stack?.split('\n').slice(1, 3).join('\n').trim(),
    },
  ];
}

const ORDER_RANK = { pre: 0, normal: 1, post: 2 } as const;

/** Plugins in run order: `order: 'pre'` first, then the rest, then `order: 'post'`; each group keeps its order. */
export function orderPlugins(plugins: Plugin[]): Plugin[] {
  return plugins
    .map((plugin, index) => ({ plugin, index, rank: ORDER_RANK[plugin.order ?? 'normal'] }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.plugin);
}

/** The remark and rehype plugins every plugin registered, in plugin order. */
export function markdownPluginsOf(plugins: Plugin[]): MarkdownPlugins {
  return {
    remarkPlugins: plugins.flatMap((p) => p.remarkPlugins ?? []),
    rehypePlugins: plugins.flatMap((p) => p.rehypePlugins ?? []),
    bundlerPlugins: plugins.flatMap((p) => p.bundlerPlugins ?? []),
  };
}

/** The MDX components every plugin registered, by JSX name; a later plugin's component replaces an earlier one's. */
export function mdxComponentsOf(plugins: Plugin[]): Record<string, ModuleExport> {
  return Object.assign({}, ...plugins.map((p) => p.mdxComponents ?? {})) as Record<string, ModuleExport>;
}

/**
 * Every content source's pages, in plugin order. Joined by `concat`, which copies an array's
 * elements at once: `flatMap` went through 10 000 pages one by one, 6 ms of every dev save. (Unlike
 * `flatMap`, `concat` would keep the holes of a sparse array: a content source returns its pages
 * as an array without any.)
 */
function contentPagesOf(plugins: Plugin[], allContent: Record<string, unknown>): ContentPage[] {
  return ([] as ContentPage[]).concat(...plugins.filter((p) => p.contentSource).map((p) => (allContent[p.name] ?? []) as ContentPage[]));
}

/** `context` whose `listContent` lists the folder on its first call and gives that listing (or its error) to every later one. */
function withContentListedOnce(context: PluginContext): PluginContext {
  let listed: { entries: readonly Dirent[] } | { error: unknown } | undefined;
  const listContent = () => {
    if (!listed) {
      try {
        // Frozen: every plugin of the run reads this one array, and one that sorted it would reorder it for the others.
        listed = { entries: Object.freeze([...context.listContent()]) };
      } catch (error) {
        listed = { error };
      }
    }
    if ('error' in listed) throw listed.error;
    return listed.entries;
  };
  return { ...context, listContent };
}

/** The hooks whose runs a timer sees. */
export type TimedHook = 'loadContent' | 'contentLoaded' | 'postBuild';

/** Runs one plugin's hook (`run`), and may time it (a build's `--timings`, build-timings.ts). */
export type HookTimer = <Result>(plugin: string, hook: TimedHook, run: () => Result | Promise<Result>) => Result | Promise<Result>;

/** Runs a hook as it is, untimed: `runContentHooks` and `runPostBuild` without a timer. */
const untimed: HookTimer = (_plugin, _hook, run) => run();

/**
 * Runs one hook of every plugin that has it (`runOf` gives the run, or nothing), all at once, each
 * through `timeHook`, and answers each plugin's value or failure in plugin order: which hook ends
 * first (a machine's speed, a timer around them) never reorders what a later step sees, nor the
 * failures reported.
 */
async function atOnceInPluginOrder<Value>(
  plugins: Plugin[],
  hook: TimedHook,
  timeHook: HookTimer,
  runOf: (plugin: Plugin) => (() => Value | Promise<Value>) | undefined,
): Promise<({ value: Value } | { failure: Diagnostic[] } | undefined)[]> {
  return Promise.all(
    plugins.map(async (plugin) => {
      const run = runOf(plugin);
      if (!run) return undefined;
      try {
        return { value: await timeHook(plugin.name, hook, run) };
      } catch (error) {
        return { failure: hookFailure(error, plugin.name, hook) };
      }
    }),
  );
}

/** Runs `loadContent` (parallel) then `contentLoaded` (sequential, in order), each through `timeHook` (a build's `--timings`). */
export async function runContentHooks(plugins: Plugin[], baseContext: PluginContext, timeHook: HookTimer = untimed): Promise<PipelineResult> {
  validatePlugins(plugins);
  const context = withContentListedOnce(baseContext);
  const diagnostics: Diagnostic[] = [];
  const allContent: Record<string, unknown> = {};
  const loaded = await atOnceInPluginOrder(plugins, 'loadContent', timeHook, (plugin) => plugin.loadContent && (() => plugin.loadContent!({ context })));
  plugins.forEach((plugin, i) => {
    const result = loaded[i];
    if (result && 'value' in result) allContent[plugin.name] = result.value;
    else if (result) diagnostics.push(...result.failure);
  });
  if (diagnostics.some((d) => d.severity === 'error')) throw new DiagnosticError(diagnostics);

  const routes: RouteDefinition[] = [];
  const navigation: Record<string, Navigation> = {};
  const globalData: Record<string, unknown> = {};
  const themeData: ThemeData = {};
  const pages = contentPagesOf(plugins, allContent);
  const emitted = new Map<string, string | Uint8Array>();
  // By locale, then by the route string itself: a string keeps its hash once computed, and a page's
  // route is the same string from one dev save to the next, where a key made by joining the two
  // was a new string to hash for each of 10 000 routes on every save.
  const routeOwner = new Map<string, Map<string, string>>();
  const notes: string[] = [];
  for (const plugin of plugins) {
    if (!plugin.contentLoaded) continue;
    const actions = {
      addRoute(route: RouteDefinition) {
        const locale = route.locale ?? context.config.defaultLocale;
        let owners = routeOwner.get(locale);
        if (!owners) routeOwner.set(locale, (owners = new Map()));
        const owner = owners.get(route.route);
        if (owner) {
          diagnostics.push({ severity: 'error', code: 'duplicate-route', message: `Route ${route.route} (${locale}) comes from both ${owner} and ${plugin.name}`, plugin: plugin.name, file: route.sourcePath });
          return;
        }
        owners.set(route.route, plugin.name);
        // Its sections copied unread (lazy-sections.ts).
        routes.push(withSections(route, { locale }));
      },
      setNavigation(value: Navigation) {
        navigation[value.locale] = value;
      },
      setGlobalData(data: unknown) {
        globalData[plugin.name] = data;
      },
      setThemeData(data: Partial<ThemeData>) {
        Object.assign(themeData, data);
      },
      emitFile(path: string, contents: string | Uint8Array) {
        emitted.set(path.replace(/^\/+/, ''), contents);
      },
      report(diagnostic: Omit<Diagnostic, 'plugin' | 'hook'>) {
        diagnostics.push({ ...diagnostic, plugin: plugin.name, hook: 'contentLoaded' });
      },
      note(line: string) {
        notes.push(line);
      },
    };
    try {
      await timeHook(plugin.name, 'contentLoaded', () => plugin.contentLoaded!({ content: allContent[plugin.name], allContent, pages, actions, context }));
    } catch (error) {
      diagnostics.push(...hookFailure(error, plugin.name, 'contentLoaded'));
    }
  }
  return { site: { routes, navigation, globalData, themeData }, emitted, diagnostics, notes };
}

/** `transformPage` of every plugin, one after another in plugin order. Throws a DiagnosticError naming the plugin that failed. */
export async function runTransformPage(plugins: Plugin[], page: RenderedPage, context: PluginContext): Promise<void> {
  for (const plugin of plugins) {
    if (!plugin.transformPage) continue;
    try {
      await plugin.transformPage({ page, context });
    } catch (error) {
      throw new DiagnosticError(hookFailure(error, plugin.name, 'transformPage'));
    }
  }
}

type PostBuildArgs = { outDir: string; site: SiteData; context: PluginContext; output?: OutputFiles };

/** `postBuild` of every plugin at once. Resolves to the failures (empty when all succeeded). */
export async function runPostBuild(plugins: Plugin[], args: PostBuildArgs, timeHook: HookTimer = untimed): Promise<Diagnostic[]> {
  return postBuildInTwo(plugins, args, timeHook).finish();
}

/** The `postBuild` hooks of a build, started in two goes (`postBuildInTwo`). */
export interface PostBuildRun {
  /** Starts the hooks that read only the site (`postBuildReads: 'site'`); a second call does nothing. */
  startSiteReaders(): void;
  /** Starts every hook not started yet, and resolves to every failure, in plugin order whichever start ran a hook. */
  finish(): Promise<Diagnostic[]>;
  /** Resolves once the hooks `startSiteReaders` started have ended; never rejects. */
  settled(): Promise<unknown>;
  /** How many hooks `startSiteReaders` started (none before it is called). */
  begunEarly(): number;
}

/**
 * `postBuild` of every plugin, in two starts: a build calls `startSiteReaders` once every page is
 * in its workers' hands, and `finish` after the site files. Without `startSiteReaders`, `finish`
 * starts them all at once (dev, and builds under `--keep-going`). A build that fails first waits
 * for `settled` before it removes the folder the hooks write into.
 */
export function postBuildInTwo(plugins: Plugin[], { output, ...rest }: PostBuildArgs, timeHook: HookTimer = untimed): PostBuildRun {
  const shared = output ?? plainOutputFiles(rest.outDir);
  // A hook is done once every write it began is (tracked-output.ts), and a write that failed fails it, awaited or not.
  const runOf = (plugin: Plugin) =>
    plugin.postBuild &&
    (async () => {
      const tracked = trackedOutput(shared);
      let threw: { error: unknown } | undefined;
      try {
        await plugin.postBuild!({ ...rest, output: tracked.output });
      } catch (error) {
        threw = { error };
      }
      const failed = await tracked.settle();
      // Every write that failed, at its path; the hook's own error too, unless it is one of theirs (a write it awaited).
      const diagnostics = failed.map(({ path, error }) => failedWrite(plugin.name, path, error));
      if (threw && !failed.some(({ error }) => error === threw.error)) diagnostics.unshift(...hookFailure(threw.error, plugin.name, 'postBuild'));
      if (diagnostics.length) throw new DiagnosticError(diagnostics);
    });
  let siteReaders: ReturnType<typeof atOnceInPluginOrder<void>> | undefined;
  return {
    startSiteReaders(): void {
      siteReaders ??= atOnceInPluginOrder(plugins, 'postBuild', timeHook, (plugin) => (plugin.postBuildReads === 'site' ? runOf(plugin) : undefined));
    },
    async finish(): Promise<Diagnostic[]> {
      const started = siteReaders;
      const [early, rest] = await Promise.all([started, atOnceInPluginOrder(plugins, 'postBuild', timeHook, (plugin) => (started && plugin.postBuildReads === 'site' ? undefined : runOf(plugin)))]);
      return rest.flatMap((result, i) => {
        const settled = result ?? early?.[i];
        return settled && 'failure' in settled ? settled.failure : [];
      });
    },
    settled: (): Promise<unknown> => siteReaders ?? Promise.resolve(),
    begunEarly: () => (siteReaders ? plugins.filter((plugin) => plugin.postBuild && plugin.postBuildReads === 'site').length : 0),
  };
}

/** A write of a `postBuild` hook that failed, awaited or not. */
function failedWrite(plugin: string, path: string, error: unknown): Diagnostic {
  return {
    severity: 'error',
    code: 'plugin-internal',
    message: `Plugin ${plugin} wrote ${path} in postBuild, and the write failed: ${(error as Error | undefined)?.message ?? String(error)}`,
    plugin,
    hook: 'postBuild',
  };
}

/** Each plugin's `watchPaths`, by plugin name (as the plugin wrote them). */
export function runWatchPaths(plugins: Plugin[], context: PluginContext): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  for (const plugin of plugins) {
    const list = plugin.watchPaths?.({ context }) ?? [];
    if (list.length) paths.set(plugin.name, list);
  }
  return paths;
}

/** `devRequest` in plugin order until one answers. Resolves to true when a plugin answered. */
export async function runDevRequest(plugins: Plugin[], request: DevRequest, context: PluginContext): Promise<boolean> {
  for (const plugin of plugins) {
    if (!plugin.devRequest) continue;
    try {
      if (await plugin.devRequest({ ...request, context })) return true;
    } catch (error) {
      throw new DiagnosticError(hookFailure(error, plugin.name, 'devRequest'));
    }
  }
  return false;
}
