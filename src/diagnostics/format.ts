import type { Diagnostic } from './diagnostic.ts';

export interface FormatOptions {
  /** Colour with ANSI escapes (only on a TTY). */
  color?: boolean;
  /** Source text of `file`, for a two-line code frame. */
  source?: string;
}

const paint = (on: boolean, code: number, text: string): string => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

/** `content/guide/intro.mdx:22:5 error Link target /guide/absent does not exist [broken-link]` */
export function formatDiagnostic(d: Diagnostic, options: FormatOptions = {}): string {
  const color = options.color ?? false;
  const place = d.file
    ? `${d.file}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : ''}`
    : d.keyPath
      ? `config ${d.keyPath}`
      : '';
  const severity = d.severity === 'error' ? paint(color, 31, 'error') : paint(color, 33, 'warning');
  const origin = d.plugin ? ` (${d.plugin}${d.hook ? ` in ${d.hook}` : ''})` : '';
  let text = `${place ? `${paint(color, 1, place)} ` : ''}${severity} ${d.message} [${d.code}]${origin}`;
  if (options.source && d.line) text += `\n${codeFrame(options.source, d.line, d.column ?? 1)}`;
  if (d.hint) text += `\n  ${paint(color, 36, 'hint:')} ${d.hint}`;
  return text;
}

/** The offending line and the one before it, with a caret under the column. */
export function codeFrame(source: string, line: number, column: number): string {
  const lines = source.split('\n');
  const out: string[] = [];
  const width = String(line).length;
  for (let n = Math.max(1, line - 1); n <= Math.min(lines.length, line); n++) {
    out.push(`  ${String(n).padStart(width)} | ${lines[n - 1]}`);
  }
  out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  return out.join('\n');
}
