import type { DiagnosticCode, PluginDiagnosticCode } from './codes.ts';

export type { DiagnosticCode, PluginDiagnosticCode } from './codes.ts';

/** One problem with a place: the union of unified's VFileMessage and esbuild's Message. */
export interface Diagnostic {
  severity: 'error' | 'warning';
  /** Stable kebab-case code from the catalogue (`src/diagnostics/codes.ts`), or a plugin's own `name:code`. */
  code: DiagnosticCode | PluginDiagnosticCode;
  message: string;
  /** Path relative to the site root, or absolute when outside it. */
  file?: string;
  line?: number;
  column?: number;
  /** Config key path, e.g. `sidebar.defaultMenuCollapseLevel`. */
  keyPath?: string;
  /** The link or path as written, for link diagnostics. */
  target?: string;
  plugin?: string;
  hook?: string;
  hint?: string;
}

/** Thrown to stop a phase with one or more diagnostics; anything else thrown is our bug. */
export class DiagnosticError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[]) {
    super(diagnostics.map((d) => d.message).join('\n'));
    this.name = 'DiagnosticError';
    this.diagnostics = diagnostics;
  }
}

export function isDiagnosticError(error: unknown): error is DiagnosticError {
  return error instanceof DiagnosticError || (typeof error === 'object' && error !== null && (error as { name?: string }).name === 'DiagnosticError' && Array.isArray((error as { diagnostics?: unknown }).diagnostics));
}

/** Drops exact repeats (same code, place and message) and sorts by file and position. */
export function dedupeDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of list) {
    const key = `${d.code}|${d.file ?? ''}|${d.line ?? ''}|${d.column ?? ''}|${d.keyPath ?? ''}|${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out.sort((a, b) =>
    (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}

/** A 1-based line and column from a 0-based offset into `text`. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
