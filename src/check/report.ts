import type { Diagnostic } from '../diagnostics/diagnostic.ts';

/** What `docs-gen check` found, as `--format json` prints it. */
export interface CheckReport {
  /** False when the pipeline stopped early (a bad `_meta`): fix what is listed, then run again. */
  complete: boolean;
  pages: number;
  errors: number;
  warnings: number;
  ms: number;
  findings: Diagnostic[];
  /** Lines plugins asked to print after the summary (a migration report). */
  notes?: string[];
}

/** Exit code: 0 clean (warnings allowed), 1 with errors. (2, could not run, is decided by the caller.) */
export function exitCodeOf(report: CheckReport): 0 | 1 {
  return report.errors > 0 ? 1 : 0;
}

/** GitHub workflow-command escaping: data escapes %, CR and LF; properties also `:` and `,`. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * One finding as a GitHub Actions annotation, shown on the pull request's diff:
 * `::error file=content/a.mdx,line=3,col=7,title=broken-link::broken link /x — no page at /x`.
 */
export function githubAnnotation(d: Diagnostic): string {
  const properties = [
    d.file ? `file=${escapeProperty(d.file)}` : undefined,
    d.line ? `line=${d.line}` : undefined,
    d.column ? `col=${d.column}` : undefined,
    `title=${escapeProperty(`docs-gen ${d.code}`)}`,
  ].filter(Boolean);
  const message = d.hint ? `${d.message}\n${d.hint}` : d.message;
  return `::${d.severity === 'error' ? 'error' : 'warning'} ${properties.join(',')}::${escapeData(message)}`;
}

/** The JSON document `--format json` prints: stable keys, one object per finding. */
export function reportJson(report: CheckReport): string {
  const findings = report.findings.map((d) => ({
    severity: d.severity,
    code: d.code,
    message: d.message,
    file: d.file ?? null,
    line: d.line ?? null,
    column: d.column ?? null,
    target: d.target ?? null,
    hint: d.hint ?? null,
  }));
  return JSON.stringify({ ...report, ms: Math.round(report.ms), findings }, null, 2);
}

/** The closing line of a text report. */
export function summaryLine(report: CheckReport): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const found = report.errors || report.warnings ? `${plural(report.errors, 'error')}, ${plural(report.warnings, 'warning')}` : 'no problems found';
  const partial = report.complete ? '' : ' (stopped early: fix these, then run again for the rest)';
  return `docs-gen check: ${found} in ${plural(report.pages, 'page')}, ${(report.ms / 1000).toFixed(2)} s${partial}`;
}
