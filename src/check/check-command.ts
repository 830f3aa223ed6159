import { resolve } from 'node:path';
import { isDiagnosticError, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { formatDiagnostic } from '../diagnostics/format.ts';
import { sourceOf } from '../diagnostics/source-of.ts';
import { checkSite, externalCacheFile } from './check.ts';
import { exitCodeOf, githubAnnotation, reportJson, summaryLine } from './report.ts';

export interface CheckCommandOptions {
  root: string;
  format: 'text' | 'json';
  external: boolean;
  externalTimeout: number;
  externalConcurrency: number;
  /** Print GitHub annotations (`GITHUB_ACTIONS=true`). */
  github: boolean;
  color: boolean;
  debug: boolean;
}

function print(list: Diagnostic[], options: CheckCommandOptions, root: string): void {
  for (const d of list) {
    if (options.github) console.log(githubAnnotation(d));
    else console.error(formatDiagnostic(d, { color: options.color, source: sourceOf(root, d) }));
  }
}

/**
 * `docs-gen check` from argument to exit code: 0 clean, 1 findings, 2 could not run
 * (bad config, no content folder, a plugin that crashed, an internal error).
 */
export async function runCheckCommand(options: CheckCommandOptions): Promise<0 | 1 | 2> {
  const root = resolve(options.root);
  const external = options.external
    ? { timeoutMs: options.externalTimeout, concurrency: options.externalConcurrency, cacheFile: externalCacheFile(root) }
    : false;
  try {
    const report = await checkSite({ root, external });
    if (options.format === 'json') console.log(reportJson(report));
    else {
      print(report.findings, options, root);
      console.log(summaryLine(report));
      for (const line of report.notes ?? []) console.log(line);
    }
    return exitCodeOf(report);
  } catch (error) {
    const diagnostics: Diagnostic[] = isDiagnosticError(error)
      ? error.diagnostics
      : [{ severity: 'error', code: 'internal', message: `internal error: ${(error as Error)?.message ?? String(error)}`, hint: options.debug ? (error as Error)?.stack : 'run again with --debug for the stack trace' }];
    if (options.format === 'json') {
      const report = { complete: false, pages: 0, errors: diagnostics.length, warnings: 0, ms: 0, findings: diagnostics };
      console.log(reportJson(report));
    } else {
      print(diagnostics, options, root);
      console.error('docs-gen check: could not run (see above)');
    }
    return 2;
  }
}
