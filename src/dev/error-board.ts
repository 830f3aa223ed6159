import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { dedupeDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { formatDiagnostic } from '../diagnostics/format.ts';

/**
 * The dev server's current errors, by what produced them (`config`, `pipeline`, `page:<file>`,
 * `images:<file>`, `assets`). Each source is replaced as a whole when it is recomputed, so a fix
 * clears exactly what it fixed. New errors are printed once, with file:line:col and a code frame.
 */
export class ErrorBoard {
  private readonly bySource = new Map<string, Diagnostic[]>();
  private printed = new Set<string>();
  private readonly warned = new Set<string>();

  constructor(
    private readonly root: string,
    private readonly log: { error: (text: string) => void; info: (text: string) => void },
    private readonly color = false,
  ) {}

  /**
   * Prints each warning not printed before in this session (a build prints them once per run;
   * dev reloads its config on every config edit and must not repeat an unchanged one). Warnings
   * never reach the overlay: they stop nothing.
   */
  warnOnce(warnings: Diagnostic[]): void {
    for (const d of warnings) {
      const key = `${d.code}|${d.file}|${d.line}|${d.column}|${d.message}`;
      if (this.warned.has(key)) continue;
      this.warned.add(key);
      this.log.error(formatDiagnostic(d, { color: this.color, source: this.sourceOf(d) }));
    }
  }

  /** Replaces one source's errors (an empty list clears it); its warnings are printed, each once ({@link warnOnce}). */
  set(source: string, diagnostics: Diagnostic[]): void {
    this.warnOnce(diagnostics.filter((d) => d.severity === 'warning'));
    const errors = diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) this.bySource.set(source, errors);
    else this.bySource.delete(source);
  }

  /** Whether `source` has errors now. */
  has(source: string): boolean {
    return this.bySource.has(source);
  }

  /** Drops every source whose key starts with `prefix`. */
  clearPrefix(prefix: string): void {
    for (const key of [...this.bySource.keys()]) if (key.startsWith(prefix)) this.bySource.delete(key);
  }

  get size(): number {
    return this.list().length;
  }

  list(): Diagnostic[] {
    return dedupeDiagnostics([...this.bySource.values()].flat());
  }

  /** What the overlay shows: each error on its own line with its place, no colour, no frames. */
  text(): string {
    return this.list()
      .map((d) => formatDiagnostic(d, { source: this.sourceOf(d) }))
      .join('\n\n');
  }

  /** Prints errors not printed before, and a line when the last one is gone. */
  report(): void {
    const now = new Set<string>();
    for (const d of this.list()) {
      const key = `${d.code}|${d.file}|${d.line}|${d.column}|${d.message}`;
      now.add(key);
      if (!this.printed.has(key)) this.log.error(formatDiagnostic(d, { color: this.color, source: this.sourceOf(d) }));
    }
    if (this.printed.size && !now.size) this.log.info('docs-gen dev: errors fixed');
    this.printed = now;
  }

  private sourceOf(d: Diagnostic): string | undefined {
    if (!d.file || !d.line) return undefined;
    try {
      return readFileSync(resolve(this.root, d.file), 'utf8');
    } catch {
      return undefined;
    }
  }
}
