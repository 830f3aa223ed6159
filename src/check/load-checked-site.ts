import { relative } from 'node:path';
import { addThemeRoutes, prepareSite } from '../build/build.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import { DiagnosticError, isDiagnosticError, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { PageCompileOutput, PluginContext, SiteData } from '../pipeline/plugin.ts';
import { runContentHooks } from '../pipeline/run-plugins.ts';
import type { WorkerPool } from '../pipeline/worker-pool.ts';

export interface CheckedSite {
  config: ResolvedConfig;
  context: PluginContext;
  /** Undefined when a plugin stopped the pipeline (bad `_meta`, a plugin bug). */
  site?: SiteData;
  emitted: Set<string>;
  /** Everything the pipeline reported, page compile errors included. */
  diagnostics: Diagnostic[];
  /** Source paths of pages that did not compile: their anchors are unknown, not absent. */
  failedPages: Set<string>;
  /** The config file, relative to the root (where config findings are placed). */
  configFile?: string;
  /** Lines plugins asked to print after the summary. */
  notes?: string[];
}

/** Pipeline failures that are not about the content. */
const COULD_NOT_RUN = new Set(['plugin-unknown-key', 'plugin-duplicate', 'plugin-internal']);

/** What a page that failed to compile contributes: its route, and nothing to check inside it. */
const EMPTY_PAGE: PageCompileOutput = { frontMatter: {}, compiled: { kind: 'html', code: '' }, headings: [], references: [], sections: [] };

/**
 * The content pipeline as `check` runs it, without rendering. A config that does not load,
 * or a missing content folder, throws (the check could not run). A page that does not
 * compile is reported and stays a route, so one run still checks every other page.
 */
export async function loadCheckedSite(root: string, pool: WorkerPool): Promise<CheckedSite> {
  const { config, plugins, context: base, configWarnings, configFiles } = await prepareSite(root, 'check', pool);
  const configFile = configFiles[0] ? relative(root, configFiles[0]) : undefined;
  const diagnostics: Diagnostic[] = [...configWarnings];
  const failedPages = new Set<string>();
  const context: PluginContext = {
    ...base,
    // A content source's page compile: its failure is reported and the page stays, empty.
    compilePage: (task) =>
      base.compilePage(task).catch((error: unknown) => {
        if (!isDiagnosticError(error)) throw error;
        diagnostics.push(...error.diagnostics);
        failedPages.add(task.sourcePath);
        return EMPTY_PAGE;
      }),
  };
  try {
    const result = await runContentHooks(plugins, context);
    if (result.diagnostics.some((d) => COULD_NOT_RUN.has(d.code))) throw new DiagnosticError(result.diagnostics);
    addThemeRoutes(result.site, config);
    return { config, context, site: result.site, emitted: new Set(result.emitted.keys()), diagnostics: [...diagnostics, ...result.diagnostics], failedPages, configFile, notes: result.notes };
  } catch (error) {
    // A plugin that is misconfigured or crashed means the check could not run at all.
    if (!isDiagnosticError(error) || error.diagnostics.some((d) => COULD_NOT_RUN.has(d.code))) throw error;
    return { config, context, emitted: new Set(), diagnostics: [...diagnostics, ...error.diagnostics], failedPages, configFile };
  }
}
