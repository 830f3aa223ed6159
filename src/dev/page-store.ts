import { readFile } from 'node:fs/promises';
import { isDiagnosticError, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { PluginContext } from '../pipeline/plugin.ts';
import type { WorkerPool, WorkerTask } from '../pipeline/worker-pool.ts';
import type { CompileInput, CompileOutput } from '../../plugins/content-loader/compile-page.ts';
import { splitFrontMatter } from '../../plugins/content-loader/front-matter.ts';
import { COMPILE_TASK } from '../check/load-checked-site.ts';

interface Entry {
  /** The content loader's compile task for the file (known after a pipeline run). */
  task?: WorkerTask<CompileInput>;
  /** The last good compile. */
  output?: CompileOutput;
  /** Front matter and first `#` heading only: what the page map needs before a compile. */
  stub?: CompileOutput;
  /** The compile of the current file on disk is done (or failed). */
  current: boolean;
  /** Bumped on every change, so a compile of an older version is not taken as current. */
  version: number;
  errors: Diagnostic[];
}

/** The first ATX `#` heading, without inline markup: the title a page without front matter gets. */
function firstHeading(body: string): string | undefined {
  const line = /^#[ \t]+(.+?)[ \t#]*$/m.exec(body)?.[1];
  return line?.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, '').trim();
}

/** A page's stand-in until it is compiled: read in a millisecond, enough for titles and the page map. */
async function readStub(file: string, relativePath: string): Promise<CompileOutput> {
  const source = await readFile(file, 'utf8').catch(() => '');
  let split: { frontMatter: CompileOutput['frontMatter']; body: string };
  try {
    split = splitFrontMatter(source, relativePath);
  } catch {
    // The compile reports it, with its place.
    split = { frontMatter: {}, body: source };
  }
  const title = firstHeading(split.body);
  return {
    frontMatter: split.frontMatter,
    compiled: { kind: 'html', code: '' },
    headings: title ? [{ id: '', value: title, depth: 1 }] : [],
    references: [],
    sections: [],
  };
}

/**
 * Compiled pages for `docs-gen dev`, by source path relative to the site root. The content loader
 * runs unchanged in dev; its compile tasks are answered from here ({@link PageStore.runInWorker}):
 * the last compile when the file has not changed, else a stub. Pages are then compiled on
 * demand (a request, an edit) or in the background, never all before the first answer.
 */
export class PageStore {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<boolean>>();
  /** Pages the content loader asked for since the last {@link PageStore.prune}. */
  private scanned = new Set<string>();

  /** `pool` is asked each time: dev replaces the pool when theme modules change. */
  constructor(private readonly pool: () => WorkerPool) {}

  private entry(path: string): Entry {
    let entry = this.entries.get(path);
    if (!entry) this.entries.set(path, (entry = { current: false, version: 0, errors: [] }));
    return entry;
  }

  /** The content loader's `runInWorker` in dev: compile tasks are remembered and answered from the store. */
  runInWorker(run: PluginContext['runInWorker']): PluginContext['runInWorker'] {
    return async <Input, Output>(task: { moduleUrl: string; exportName: string; input: Input }): Promise<Output> => {
      if (task.exportName !== COMPILE_TASK) return run<Input, Output>(task);
      const input = task.input as CompileInput;
      const entry = this.entry(input.relativePath);
      this.scanned.add(input.relativePath);
      entry.task = task as WorkerTask<CompileInput>;
      if (entry.output) return entry.output as Output;
      entry.stub ??= await readStub(input.file, input.relativePath);
      return entry.stub as Output;
    };
  }

  /** The file changed on disk. */
  invalidate(path: string): void {
    const entry = this.entry(path);
    entry.current = false;
    entry.stub = undefined;
    entry.version++;
  }

  /** What the content loader gets for a page now: its last compile, or its stub. */
  answer(path: string): CompileOutput | undefined {
    const entry = this.entries.get(path);
    return entry?.output ?? entry?.stub;
  }

  /** After the content loader listed every page: pages it no longer lists (deleted, renamed) are dropped. */
  prune(): void {
    if (!this.scanned.size) return;
    for (const path of this.entries.keys()) if (!this.scanned.has(path)) this.entries.delete(path);
    this.scanned = new Set();
  }

  /** The file is gone. */
  forget(path: string): void {
    this.entries.delete(path);
  }

  /** Everything, after a config change (links and tasks depend on it). */
  clear(): void {
    this.entries.clear();
  }

  isCurrent(path: string): boolean {
    return this.entries.get(path)?.current ?? false;
  }

  errorsOf(path: string): Diagnostic[] {
    return this.entries.get(path)?.errors ?? [];
  }

  /** Pages known from the last pipeline run whose current version is not compiled yet. */
  pending(): string[] {
    return [...this.entries].filter(([, e]) => e.task && !e.current).map(([path]) => path);
  }

  /** The module files the pages' current compiles are bundled into. */
  moduleFiles(): Set<string> {
    const files = new Set<string>();
    for (const entry of this.entries.values()) if (entry.output?.compiled.kind === 'module') files.add(entry.output.compiled.code);
    return files;
  }

  /** All pages whose compiled form bundles imports (a component they import may have changed). */
  bundled(): string[] {
    return [...this.entries].filter(([, e]) => e.output?.compiled.kind === 'module').map(([path]) => path);
  }

  /**
   * Compiles the current version of a page. Resolves to true when the page's output or errors
   * changed; errors are kept on the entry (the last good output stays in use).
   */
  compile(path: string): Promise<boolean> {
    const entry = this.entries.get(path);
    if (!entry?.task || entry.current) return Promise.resolve(false);
    // A request and the background may ask for the same page at once: one compile serves both.
    const key = `${path}@${entry.version}`;
    let running = this.inflight.get(key);
    if (!running) {
      running = this.runCompile(entry, entry.task).finally(() => this.inflight.delete(key));
      this.inflight.set(key, running);
    }
    return running;
  }

  private async runCompile(entry: Entry, task: WorkerTask<CompileInput>): Promise<boolean> {
    const version = entry.version;
    try {
      const output = await this.pool().run<CompileInput, CompileOutput>(task);
      if (entry.version !== version) return false;
      Object.assign(entry, { output, current: true, errors: [] });
    } catch (error) {
      if (entry.version !== version) return false;
      // Not a diagnostic: the compiler's bug, still shown as this page's error (dev keeps running).
      const file = task.input.relativePath;
      const errors: Diagnostic[] = isDiagnosticError(error)
        ? error.diagnostics
        : [{ severity: 'error', code: 'plugin-internal', message: `Internal error in plugin docs-gen:content-loader compiling ${file}: ${(error as Error)?.message ?? String(error)}`, file }];
      Object.assign(entry, { current: true, errors });
    }
    return true;
  }
}
