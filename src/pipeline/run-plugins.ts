import { DiagnosticError, isDiagnosticError, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { didYouMean } from '../config/did-you-mean.ts';
import { PLUGIN_KEYS, type Navigation, type Plugin, type PluginContext, type RouteDefinition, type SiteData } from './plugin.ts';

export interface PipelineResult {
  site: SiteData;
  /** Files plugins asked to emit, by output-relative path. */
  emitted: Map<string, string | Uint8Array>;
  /** Everything reported; errors included (the caller decides to stop). */
  diagnostics: Diagnostic[];
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

/** Runs `loadContent` (parallel) then `contentLoaded` (sequential, in order). */
export async function runContentHooks(plugins: Plugin[], context: PluginContext): Promise<PipelineResult> {
  validatePlugins(plugins);
  const diagnostics: Diagnostic[] = [];
  const allContent: Record<string, unknown> = {};
  await Promise.all(
    plugins.map(async (plugin) => {
      if (!plugin.loadContent) return;
      try {
        allContent[plugin.name] = await plugin.loadContent({ context });
      } catch (error) {
        diagnostics.push(...hookFailure(error, plugin.name, 'loadContent'));
      }
    }),
  );
  if (diagnostics.some((d) => d.severity === 'error')) throw new DiagnosticError(diagnostics);

  const routes: RouteDefinition[] = [];
  const navigation: Record<string, Navigation> = {};
  const globalData: Record<string, unknown> = {};
  const emitted = new Map<string, string | Uint8Array>();
  const routeOwner = new Map<string, string>();
  for (const plugin of plugins) {
    if (!plugin.contentLoaded) continue;
    const actions = {
      addRoute(route: RouteDefinition) {
        const locale = route.locale ?? context.config.defaultLocale;
        const key = `${locale} ${route.route}`;
        const owner = routeOwner.get(key);
        if (owner) {
          diagnostics.push({ severity: 'error', code: 'duplicate-route', message: `Route ${route.route} (${locale}) is added by both ${owner} and ${plugin.name}`, plugin: plugin.name, file: route.sourcePath });
          return;
        }
        routeOwner.set(key, plugin.name);
        routes.push({ ...route, locale });
      },
      setNavigation(value: Navigation) {
        navigation[value.locale] = value;
      },
      setGlobalData(data: unknown) {
        globalData[plugin.name] = data;
      },
      emitFile(path: string, contents: string | Uint8Array) {
        emitted.set(path.replace(/^\/+/, ''), contents);
      },
      report(diagnostic: Omit<Diagnostic, 'plugin' | 'hook'>) {
        diagnostics.push({ ...diagnostic, plugin: plugin.name, hook: 'contentLoaded' });
      },
    };
    try {
      await plugin.contentLoaded({ content: allContent[plugin.name], allContent, actions, context });
    } catch (error) {
      diagnostics.push(...hookFailure(error, plugin.name, 'contentLoaded'));
    }
  }
  return { site: { routes, navigation, globalData }, emitted, diagnostics };
}
