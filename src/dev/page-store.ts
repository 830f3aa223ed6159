import { availableParallelism } from 'node:os';
import { sep } from 'node:path';
import { isDiagnosticError, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { PageCompileOutput, PageCompileTask, PluginContext } from '../pipeline/plugin.ts';
import type { WorkerPool } from '../pipeline/worker-pool.ts';
import { distUrl } from '../util/dist-path.ts';
import type { OutlineCache } from './outline-cache.ts';
import { readStubs, type StubTask } from './read-stubs.ts';
import { stampOf, type FileStamp } from './startup-changes.ts';

/** Pages whose stubs one worker task reads (dev's start on a large site); fewer asked for in one turn, with no batch waiting, are read on the main thread. */
const STUBS_PER_TASK = 200;

/**
 * Stub tasks in the pool at once: two per core. dev starts on a worker fewer than the cores
 * (`DevSite.pool`), each running two at a time; the two more wait in the pool's queue and go to a
 * worker as it answers, without waiting for this thread's turn. The rest of the batches are for
 * the main thread to take.
 */
export const STUB_TASKS_IN_FLIGHT = 2 * Math.min(availableParallelism(), 8);

/** How many times a compile reads a page whose file keeps changing under it before it takes what it read (the watcher's event for the change compiles it again). */
const READS_PER_COMPILE = 3;

/**
 * The latest changes of pages' answers {@link PageStore.answersChangedSince} keeps (a save is one
 * or two; dev's background compile at start is one a page, and a caller from before it that many
 * changes ago looks at every page again).
 */
export const ANSWER_CHANGES_KEPT = 1024;

/** A stub asked for and not yet read. */
interface QueuedStub {
  task: PageCompileTask<unknown>;
  stubTask: StubTask;
  resolve: (stub: Promise<PageCompileOutput>) => void;
}

/**
 * Answers each stub of `batch` with what `read` (its stub tasks read by a worker or here) gives it;
 * a batch whose read failed is read by the source's own `stub`, one page at a time.
 */
function readBatch(batch: readonly QueuedStub[], read: (tasks: StubTask[]) => Promise<PageCompileOutput[]>): Promise<void> {
  return read(batch.map((queued) => queued.stubTask)).then(
    (stubs) => batch.forEach(({ resolve }, i) => resolve(Promise.resolve(stubs[i]!))),
    () => batch.forEach(({ task, resolve }) => resolve(task.stub())),
  );
}

interface Entry {
  /** The content source's compile task for the file (known after a pipeline run). */
  task?: PageCompileTask<unknown>;
  /** The plugin whose task it is (for an internal error's message). */
  plugin?: string;
  /** The last good compile. */
  output?: PageCompileOutput;
  /** Front matter and first `#` heading only: what the page map needs before a compile. */
  stub?: PageCompileOutput;
  /** The compile of the current file on disk is done (or failed). */
  current: boolean;
  /** New on every change (and for every entry made), so a compile of an older version is not taken as current. */
  version: number;
  /** The file changed since dev listed it at start. */
  changed?: true;
  errors: Diagnostic[];
}

/**
 * Compiled pages for `docs-gen dev`, by source path relative to the site root. Content sources
 * run unchanged in dev; their page compiles (`context.compilePage`) are answered from here
 * ({@link PageStore.compilePage}): the last compile when the file has not changed, else the task's stub. Pages are then compiled on
 * demand (a request, an edit) or in the background, never all before the first answer.
 */
export class PageStore {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<boolean>>();
  /** Pages the content loader asked for since the last {@link PageStore.prune}. */
  private scanned = new Set<string>();

  /** Stubs from dev's last session, by file stamp (unset: every stub is read from its file). */
  outline?: OutlineCache;
  /** The page files' stamps taken before dev first read them (its start-up listing), by absolute path. */
  startupStamps?: ReadonlyMap<string, FileStamp>;
  /** How many stubs were read from their files (the rest came from {@link PageStore.outline}). */
  stubsRead = 0;
  /** Whether a request waits for the page at this URL path (`PageCompileTask.urlPath`): its compile is then the answer, not its stub. */
  wanted?: (urlPath: string) => boolean;

  /**
   * Each change that may have given a page another {@link PageStore.answer}, oldest first: the
   * page's path, and {@link answerChanges} once it was made. The last {@link ANSWER_CHANGES_KEPT}
   * at least: dev's pipeline patches its pages with the few that changed since its last run
   * rather than asking for every page's answer again (10 ms a save at 10 000 pages).
   */
  private answerLog: { path: string; count: number }[] = [];
  private answerCount = 0;
  /** The count up to which changes are not in the log (trimmed from it, or an entry dropped: a page with no answer). */
  private answerLogFrom = 0;

  /** `pool` is asked each time: dev replaces the pool when theme modules change. */
  constructor(private readonly pool: () => WorkerPool) {}

  /**
   * The last version given to any entry: versions are never reused, not even by an entry made
   * again after `clear` or `forget`. A compile still running for the entry that went (the
   * background's, as a config change empties the store) has a key of its own then, and a request
   * does not join it: its output lands on the old entry, and the request was served the stub.
   */
  private lastVersion = 0;

  private entry(path: string): Entry {
    let entry = this.entries.get(path);
    if (!entry) this.entries.set(path, (entry = { current: false, version: ++this.lastVersion, errors: [] }));
    return entry;
  }

  /** `context.compilePage` in dev: compile tasks are remembered and answered from the store. */
  compilePage(run: PluginContext['runInWorker']): PluginContext['compilePage'] {
    return async <Input>(task: PageCompileTask<Input>): Promise<PageCompileOutput> => {
      const entry = this.entry(task.sourcePath);
      this.scanned.add(task.sourcePath);
      entry.task = task as PageCompileTask<unknown>;
      this.run = run;
      if (entry.output) return entry.output;
      if (!entry.current && task.urlPath !== undefined && this.wanted?.(task.urlPath)) {
        // A reader is waiting for this page: it compiles in a worker now, while this thread reads
        // the other pages' stubs, and the site dev first answers from holds it compiled, not its
        // stub (which would take a second run of every content hook at the answer).
        await this.compile(task.sourcePath);
        if (entry.output) return entry.output;
      }
      if (!entry.stub) {
        entry.stub = await this.stubOf(task, entry);
        this.answerMayChange(task.sourcePath);
      }
      return entry.stub;
    };
  }

  /** The page's stub: from last session's outline when its file is as it was then, else read (and kept for the next). */
  private async stubOf(task: PageCompileTask<unknown>, entry: Entry): Promise<PageCompileOutput> {
    // The start-up listing's stamp holds until the file changes; after that, one taken now. Either
    // is taken before the read: a file written meanwhile is read again next time, never missed.
    const stamp = (entry.changed ? undefined : this.startupStamps?.get(task.file)) ?? stampOf(task.file);
    const kept = this.outline?.stub(task.sourcePath, stamp);
    if (kept) return kept;
    this.stubsRead++;
    const stub = await this.readStub(task);
    this.outline?.remember(task.sourcePath, stamp, stub);
    return stub;
  }

  /** How tasks run (the context's `runInWorker`, which knows the current pool). */
  private run?: PluginContext['runInWorker'];

  /** Stubs asked for since the event loop last turned, to be read together. */
  private stubQueue: QueuedStub[] = [];

  /**
   * Batches of stubs not yet read, by the workers from the front and this thread from the back.
   * One list for every turn's batches: the content loader asks for the stubs as it lists the pages,
   * a slice per turn of the event loop, and the workers read the first slices' stubs while this
   * thread lists the rest (at 10 000 pages the worker sat idle for that, 0.4 s).
   */
  private readonly stubBatches: QueuedStub[][] = [];
  /** Stub tasks posted to the pool and not yet answered (at most {@link STUB_TASKS_IN_FLIGHT}). */
  private stubTasksInFlight = 0;
  /** Whether this thread takes a batch from the back at the next turn of its event loop. */
  private readingStubsHere = false;

  /**
   * A page's stub: read in the workers when its source gives a `stubTask` and many are asked for
   * (dev's start reads every page's, a slice per turn of the event loop), {@link STUBS_PER_TASK}
   * to a task; else, or when a task fails, by the source's `stub` on this thread.
   */
  private readStub(task: PageCompileTask<unknown>): Promise<PageCompileOutput> {
    const { stubTask } = task;
    if (!stubTask || !this.run) return task.stub();
    return new Promise((resolve) => {
      if (this.stubQueue.push({ task, stubTask, resolve }) === 1) setImmediate(() => this.sendStubs());
    });
  }

  /**
   * Reads the queued stubs in batches: the workers take them from the front, a few tasks in flight
   * at a time, and this thread takes one from the back whenever its event loop comes round (it
   * has little else to do until the stubs are in: at 10 000 pages it waited on the workers for
   * most of half a second).
   */
  private sendStubs(): void {
    const queued = this.stubQueue;
    this.stubQueue = [];
    // A few pages (an edit, a small site) are read here, unless batches still wait (then they join
    // them, and this thread takes them in turn): a task's round trip would cost more. Not kept
    // from this by tasks in flight, which a closed pool never settles.
    if (!this.run || (queued.length < STUBS_PER_TASK && this.stubBatches.length === 0)) {
      for (const { task, resolve } of queued) resolve(task.stub());
      return;
    }
    for (let at = 0; at < queued.length; at += STUBS_PER_TASK) this.stubBatches.push(queued.slice(at, at + STUBS_PER_TASK));
    this.stubsToWorkers();
    if (!this.readingStubsHere) {
      this.readingStubsHere = true;
      setImmediate(() => this.readStubsHere());
    }
  }

  /** Posts batches from the front while fewer than {@link STUB_TASKS_IN_FLIGHT} are in the pool. */
  private stubsToWorkers(): void {
    const run = this.run;
    while (run && this.stubTasksInFlight < STUB_TASKS_IN_FLIGHT && this.stubBatches.length) {
      const batch = this.stubBatches.shift()!;
      this.stubTasksInFlight++;
      readBatch(batch, (tasks) => run<StubTask[], PageCompileOutput[]>({ moduleUrl: distUrl('src/dev/read-stubs.js'), exportName: 'readStubs', input: tasks }))
        .finally(() => {
          this.stubTasksInFlight--;
          this.stubsToWorkers();
        });
    }
  }

  /** Reads one batch from the back on this thread, then again at the next turn while any are left. */
  private readStubsHere(): void {
    const batch = this.stubBatches.pop();
    if (!batch) {
      this.readingStubsHere = false;
      return;
    }
    void readBatch(batch, readStubs);
    setImmediate(() => this.readStubsHere());
  }

  /** The file changed on disk. */
  invalidate(path: string): void {
    const entry = this.entry(path);
    entry.current = false;
    entry.stub = undefined;
    entry.changed = true;
    entry.version = ++this.lastVersion;
    this.answerMayChange(path);
  }

  /** How many changes of answers there have been: {@link answersChangedSince} takes one of these counts. */
  get answerChanges(): number {
    return this.answerCount;
  }

  /**
   * The paths of the pages whose {@link answer} may have changed since {@link answerChanges} was
   * `count`; undefined when any page's may have (the change is no longer kept, or a page's entry
   * was dropped since).
   */
  answersChangedSince(count: number): Set<string> | undefined {
    if (count < this.answerLogFrom) return undefined;
    const paths = new Set<string>();
    for (let at = this.answerLog.length - 1; at >= 0 && this.answerLog[at]!.count > count; at--) paths.add(this.answerLog[at]!.path);
    return paths;
  }

  private answerMayChange(path: string): void {
    this.answerLog.push({ path, count: ++this.answerCount });
    // Trimmed by half its length at once: a splice per change would copy the log each time.
    if (this.answerLog.length >= 2 * ANSWER_CHANGES_KEPT) this.answerLogFrom = this.answerLog.splice(0, ANSWER_CHANGES_KEPT).at(-1)!.count;
  }

  /** Entries dropped: a page that had an answer may have none, which only a look at every page finds. */
  private answersDropped(): void {
    this.answerLog = [];
    this.answerLogFrom = ++this.answerCount;
  }

  /** What the content loader gets for a page now: its last compile, or its stub. */
  answer(path: string): PageCompileOutput | undefined {
    const entry = this.entries.get(path);
    return entry?.output ?? entry?.stub;
  }

  /** After the content loader listed every page: pages it no longer lists (deleted, renamed) are dropped. */
  prune(): void {
    if (!this.scanned.size) return;
    for (const [path, entry] of this.entries) {
      if (this.scanned.has(path)) continue;
      this.countImports(entry.output, -1);
      this.entries.delete(path);
      this.answersDropped();
    }
    this.scanned = new Set();
  }

  /** The file is gone. */
  forget(path: string): void {
    this.countImports(this.entries.get(path)?.output, -1);
    if (this.entries.delete(path)) this.answersDropped();
  }

  /** Everything, after a config change (links and tasks depend on it). */
  clear(): void {
    this.entries.clear();
    this.importers.clear();
    this.answersDropped();
  }

  isCurrent(path: string): boolean {
    return this.entries.get(path)?.current ?? false;
  }

  errorsOf(path: string): Diagnostic[] {
    return this.entries.get(path)?.errors ?? [];
  }

  /** Pages known from the last pipeline run whose current version is not compiled yet. */
  pending(): string[] {
    const paths: string[] = [];
    for (const [path, entry] of this.entries) if (entry.task && !entry.current) paths.push(path);
    return paths;
  }

  /** Whether the page is still one {@link PageStore.pending} would list (not compiled since, nor gone). */
  isPending(path: string): boolean {
    const entry = this.entries.get(path);
    return entry !== undefined && entry.task !== undefined && !entry.current;
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

  /** The pages whose bundle was made from `path` (a component outside the content folder), or from a file in the folder `path`. */
  importersOf(path: string): string[] {
    const madeFrom = (file: string) => file === path || file.startsWith(path + sep);
    return [...this.entries].filter(([, e]) => e.output?.compiled.imports?.some(madeFrom)).map(([source]) => source);
  }

  /** The pages whose last compile failed (a file they import may have been fixed, or made): source path, file (absolute) and errors. */
  failedCompiles(): { path: string; file: string; errors: Diagnostic[] }[] {
    return [...this.entries].filter(([, e]) => e.errors.length && e.task).map(([path, e]) => ({ path, file: e.task!.file, errors: e.errors }));
  }

  /** Every file the pages' bundles were made from (`CompiledPage.imports`): dev watches them. */
  importedFiles(): string[] {
    return [...this.importers.keys()];
  }

  /**
   * Told when a compile's bundle was made from a file no current page's bundle was made from
   * (dev then watches it), among the files {@link watchesImport} accepts, and when a compile fails.
   */
  onNewImports: () => void = () => {};
  /** The imports that count for {@link onNewImports}: dev's, those outside the content and public folders (its folders are watched whole). */
  watchesImport: (file: string) => boolean = () => true;
  /** How many pages' current bundles were made from each file: kept as outputs change, so a new one is found without a walk of every page. */
  private readonly importers = new Map<string, number>();

  /** Adds (`1`) or takes away (`-1`) an output's imports from the counts; true when a file is counted for the first time. */
  private countImports(output: PageCompileOutput | undefined, by: 1 | -1): boolean {
    let added = false;
    for (const file of output?.compiled.imports ?? []) {
      const count = (this.importers.get(file) ?? 0) + by;
      if (count > 0) this.importers.set(file, count);
      else this.importers.delete(file);
      if (by === 1 && count === 1 && this.watchesImport(file)) added = true;
    }
    return added;
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

  private async runCompile(entry: Entry, task: PageCompileTask<unknown>): Promise<boolean> {
    const version = entry.version;
    for (let read = 1; ; read++) {
      const before = stampOf(task.file);
      let result: Pick<Entry, 'errors'> & { output?: PageCompileOutput };
      try {
        const { moduleUrl, exportName, input } = task;
        const output = this.run ? await this.run<unknown, PageCompileOutput>({ moduleUrl, exportName, input }) : await this.pool().run<unknown, PageCompileOutput>({ moduleUrl, exportName, input });
        result = { output, errors: [] };
      } catch (error) {
        // Not a diagnostic: the compiler's bug, still shown as this page's error (dev keeps running).
        const file = task.sourcePath;
        const errors: Diagnostic[] = isDiagnosticError(error)
          ? error.diagnostics
          : [{ severity: 'error', code: 'plugin-internal', message: `Internal error compiling ${file}: ${(error as Error)?.message ?? String(error)}`, file }];
        result = { errors };
      }
      if (entry.version !== version) return false;
      // The file changed while the worker read it: an editor's save is often two writes (truncate,
      // then write), and a read between them compiles an empty or cut page, which would be served
      // and kept as the page's last good version. Read it again, a few times at most.
      if (read < READS_PER_COMPILE && before !== undefined && stampOf(task.file) !== before) continue;
      // The new imports are counted before the old go: a file both import is not new. A failed
      // compile (no output) keeps the last good output in use, and its imports.
      const added = result.output ? this.countImports(result.output, 1) : false;
      if (result.output) this.countImports(entry.output, -1);
      Object.assign(entry, result, { current: true });
      this.answerMayChange(task.sourcePath);
      // A failure may name a file outside content/ (the component with the syntax error) to watch for its fix.
      if (added || (!result.output && result.errors.length)) this.onNewImports();
      return true;
    }
  }
}
