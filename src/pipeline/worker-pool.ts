import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { serialize } from 'node:v8';
import { distPath, distUrl } from '../util/dist-path.ts';
import { handledLater } from '../util/handled-later.ts';
import { RUNNING_AT_ONCE } from './running-at-once.ts';

export interface WorkerTask<Input = unknown> {
  moduleUrl: string;
  exportName: string;
  input: Input;
  /** `input` as `v8.serialize` wrote it, when the pool sends one task to several workers (`broadcast`): posted instead of `input`, and the worker reads it. */
  serializedInput?: Uint8Array;
}

/**
 * A broadcast's task with its input serialized once, for every worker and any replacement,
 * rather than once per `postMessage`: the site dev sends its two workers at 10 000 pages is
 * 2.4 MB, about 20 ms to serialize each time. An input `v8.serialize` refuses goes as it is, and
 * `postMessage` reports it as before.
 */
function serializedOnce(task: WorkerTask): WorkerTask {
  try {
    return { ...task, serializedInput: serialize(task.input) };
  } catch {
    return task;
  }
}

export interface RunOptions {
  /** Stop the task after this long: its worker is terminated and replaced, and the task rejects with `TaskTimeoutError`. */
  timeoutMs?: number;
  /**
   * Once this task is answered, its worker runs this one too, unless it ran it already: a task
   * that only loads modules the worker will soon need (a build's page compile is followed by its
   * render). Nobody's task: its answer is dropped, it keeps no worker busy, and nothing waits for it.
   */
  thenLoad?: WorkerTask;
  /**
   * How many tasks a worker may hold when this one is posted to it (`WorkerPoolOptions.postedAhead`),
   * instead of the pool's: a build's page renders take about half a millisecond each, so the
   * pool's four covered two milliseconds of the main thread's being busy elsewhere; its compiles
   * take tens, and more of them queued on one worker would leave the other idle at the end.
   */
  postedAhead?: number;
}

/**
 * The worker thread running a task ended before answering it (user code called `process.exit`,
 * or the thread died some other way): Node emits `exit` but no `error` then, so without this the
 * task would never settle. The pool replaces the worker for later tasks.
 */
export class WorkerExitedError extends Error {
  readonly exitCode: number;
  constructor(exitCode: number) {
    super(`the worker thread exited with code ${exitCode} before the task finished`);
    this.name = 'WorkerExitedError';
    this.exitCode = exitCode;
  }
}

/** A task ran past its `timeoutMs` (user code in an endless loop); its worker was replaced. */
export class TaskTimeoutError extends Error {
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`did not finish within ${timeoutMs} ms`);
    this.name = 'TaskTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  slot: PoolWorker;
  task: WorkerTask;
  options: RunOptions;
  timer?: NodeJS.Timeout;
  /** A broadcast replayed to a replacement worker (`spawnWithBroadcasts`), not a caller's task. */
  replay?: boolean;
}

interface PoolWorker {
  worker: Worker;
  busy: number;
  /** Of `busy`, the callers' tasks: not the broadcasts, which run as they come (worker-entry.ts) and take no task's place. */
  tasks: number;
  /** Settles when a replacement worker has had the broadcasts replayed: tasks wait for it. Never rejects. */
  ready: Promise<unknown>;
  /** The pool terminates this worker on purpose (a task ran out of time, or the pool closes): its exit is no failure. */
  stopping?: true;
  /** The `thenLoad` tasks sent to this worker, by module and export. */
  loaded?: Set<string>;
}

interface Queued {
  task: WorkerTask;
  options: RunOptions;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * With `startOnDemand`, another worker starts when a task arrives and this many wait already.
 * A thread pays for its own start and imports (the compilers, React and the theme), and its code
 * is cold: measured over a whole test run, a build thread took 0.05 CPU s to start and load its
 * first module and 0.15 CPU s in all (median), while a warm one compiles or renders a small page
 * in a few milliseconds. A site whose pages fit in that runs on one thread. With two workers from the fifth task on, every build of five pages or
 * more started two (the theme's own pages are four), most of them to render a page or two.
 */
const QUEUED_BEFORE_ANOTHER_WORKER = 16;

export interface WorkerPoolOptions {
  /**
   * Start one worker when the first task comes, and the others (up to the size) only when tasks
   * queue up, instead of all at once. A count of tasks decides, never a clock, so which worker
   * runs what does not depend on the machine's speed. @default false
   */
  startOnDemand?: boolean;
  /**
   * Tasks posted to a worker before the pool queues the rest, at least `RUNNING_AT_ONCE`. Those
   * beyond it wait in the worker (worker-entry.ts), which takes the next one as soon as it is
   * done, while the main thread may be busy for a while: its answers and the next task waited
   * for the main thread's turn (a collection, a slice of the search data's work), and a build's
   * workers sat idle for a sixth of the time. A build posts 4; dev and `check` keep 2: dev's
   * tasks are few, and a page it serves would wait behind those posted. @default RUNNING_AT_ONCE
   */
  postedAhead?: number;
}

/** What a worker posts back: a result, or a serialised error (diagnostics survive the trip). */
export type WorkerReply =
  | { id: number; started: true }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string; stack?: string; diagnostics?: unknown } };

/**
 * A pool of up to `size` worker threads running tasks `{moduleUrl, exportName, input}`.
 * Tasks go to the least busy worker; modules stay loaded between tasks.
 */
export class WorkerPool {
  private readonly workers: PoolWorker[] = [];
  private readonly maxSize: number;
  private readonly postedAhead: number;
  private readonly pending = new Map<number, Pending>();
  private readonly queue: Queued[] = [];
  /** The last broadcast per task function, replayed to a worker that replaces a stopped one. */
  private readonly broadcasts = new Map<string, WorkerTask>();
  private nextId = 1;
  private closed = false;
  private closing: Promise<void> | undefined;
  /** Set by `retire` while it waits: called once no task is pending or queued. */
  private whenIdle: (() => void) | undefined;

  constructor(size = Math.max(1, Math.min(availableParallelism(), 8)), options: WorkerPoolOptions = {}) {
    this.maxSize = size;
    this.postedAhead = Math.max(RUNNING_AT_ONCE, options.postedAhead ?? RUNNING_AT_ONCE);
    // On demand, not even one before a task or a broadcast comes: a build whose pages all come
    // from the cache (it sends the site only on a miss), or that stops at its config, starts no thread.
    const initial = options.startOnDemand ? 0 : size;
    for (let i = 0; i < initial; i++) this.workers.push(this.spawn());
  }

  private spawn(): PoolWorker {
    const worker = new Worker(distPath('src/pipeline/worker-entry.js'));
    const slot: PoolWorker = { worker, busy: 0, tasks: 0, ready: Promise.resolve() };
    worker.on('message', (reply: WorkerReply) => {
      const task = this.pending.get(reply.id);
      if (!task) return;
      if ('started' in reply) {
        // The clock runs from here: loading the task's module (React, the theme) is not its time.
        const { timeoutMs } = task.options;
        if (timeoutMs !== undefined) task.timer = setTimeout(() => this.stop(slot, reply.id, timeoutMs), timeoutMs);
        return;
      }
      slot.busy--;
      this.pending.delete(reply.id);
      clearTimeout(task.timer);
      // A task's place is free: the next queued one takes it (a broadcast held none).
      if (!task.replay) {
        slot.tasks--;
        this.next(slot);
      }
      if (task.options.thenLoad) this.load(slot, task.options.thenLoad);
      if (reply.ok) task.resolve(reply.value);
      else task.reject(Object.assign(new Error(reply.error.message), reply.error));
      this.settled();
    });
    worker.on('error', (error) => {
      for (const [, task] of this.takePending(slot)) task.reject(error);
      for (const queued of this.queue) queued.reject(error);
      this.queue.length = 0;
      this.settled();
    });
    worker.on('exit', (code) => this.exited(slot, code));
    return slot;
  }

  /**
   * A worker ended without the pool asking: the tasks it may have begun reject with
   * `WorkerExitedError` (they will never be answered; all of them when it died taking the
   * broadcasts), and a replacement with the broadcasts takes the others and those queued. A
   * worker that ended with nothing to do is replaced only when a task comes (`start`): a thread
   * that cannot start at all must not be restarted over and over.
   */
  private exited(slot: PoolWorker, exitCode: number): void {
    if (slot.stopping || this.closed) return;
    const taken = this.takePending(slot);
    const error = new WorkerExitedError(exitCode);
    // A replacement that died taking the broadcasts would die again in its own replacement, on and
    // on (a component module calling process.exit as it loads): the queue gets the error instead.
    const diedTakingBroadcasts = taken.some(([, pending]) => pending.replay);
    // The worker began its tasks in the order posted, RUNNING_AT_ONCE at a time (worker-entry.ts):
    // past the oldest unanswered, none began, and they go back to the queue's front for the
    // replacement. Only the tasks that ran when the thread ended get its error.
    const tasks = taken.filter(([, pending]) => !pending.replay).sort(([a], [b]) => a - b);
    const notBegun = diedTakingBroadcasts ? [] : tasks.slice(RUNNING_AT_ONCE).map(([, pending]) => pending);
    for (const [, pending] of taken) if (!notBegun.includes(pending)) pending.reject(error);
    this.queue.unshift(...notBegun.map(({ task, options, resolve, reject }) => ({ task, options, resolve, reject })));
    if (diedTakingBroadcasts) for (const queued of this.queue.splice(0)) queued.reject(error);
    const index = this.workers.indexOf(slot);
    const answersOwed = taken.some(([, pending]) => !pending.replay) || this.queue.length > 0;
    if (index >= 0 && answersOwed) {
      const replacement = this.spawnWithBroadcasts();
      this.workers[index] = replacement;
      this.next(replacement);
    } else if (index >= 0) {
      this.workers.splice(index, 1);
    }
    this.settled();
  }

  /** A new worker that gets the broadcasts the others had (site data) before any task. */
  private spawnWithBroadcasts(replays = new Map<WorkerTask, Promise<unknown>>()): PoolWorker {
    const slot = this.spawn();
    for (const task of this.broadcasts.values()) replays.set(task, this.send(slot, task, {}, true));
    // Tasks post once it settles either way; a replacement no task reaches must not leave its
    // rejection unhandled.
    slot.ready = Promise.all(replays.values()).catch(() => undefined);
    return slot;
  }

  /**
   * A worker, with the broadcasts so far, when there is none: a pool started on demand before its
   * first task or broadcast, or one whose workers all ended while idle (`exited`).
   */
  private startOneIfNone(): void {
    if (!this.workers.length && !this.closed) this.workers.push(this.spawnWithBroadcasts());
  }

  /** The worker takes queued tasks, in order, while the next in line fits (`depthOf`). */
  private next(slot: PoolWorker): void {
    while (this.queue.length && slot.tasks < this.depthOf(this.queue[0]!.options)) {
      const next = this.queue.shift()!;
      this.send(slot, next.task, next.options).then(next.resolve, next.reject);
    }
  }

  /** How many tasks a worker may hold for a task run with `options` to be posted to it: its own `postedAhead`, else the pool's. */
  private depthOf(options: RunOptions): number {
    const depth = options.postedAhead;
    // NaN is below no count: the task, and every one queued behind it, would never be posted.
    return depth === undefined || Number.isNaN(depth) ? this.postedAhead : Math.max(RUNNING_AT_ONCE, depth);
  }

  /** The most workers the pool runs: how many tasks can run at once. */
  get size(): number {
    return this.maxSize;
  }

  /**
   * Starts workers up to `count` (at most the pool's size) now rather than on demand, each given
   * the broadcasts so far, then loading `warmUp` when given, ahead of any task: a build that will
   * compile its pages starts its threads while the main thread loads the plugins and reads the
   * pages, not when the first compile is posted; dev starts the threads its start can keep busy.
   */
  prestart(count: number, warmUp?: WorkerTask): void {
    while (this.workers.length < Math.min(count, this.maxSize) && !this.closed) {
      const slot = this.spawnWithBroadcasts();
      this.workers.push(slot);
      if (warmUp) this.load(slot, warmUp);
    }
  }

  /**
   * Starts every worker a pool started on demand has not started yet, each given the broadcasts
   * so far: dev starts on fewer, and the others once its first page is answered.
   */
  startAll(): void {
    this.prestart(this.maxSize);
  }

  /** The workers running now (fewer than `size` while a pool started on demand has had little to do). */
  get started(): number {
    return this.workers.length;
  }

  /**
   * Runs a task on the least busy worker, or queues it. Its promise may reject (the task threw, ran
   * out of time, or its worker exited) after its caller stopped listening: a failed build leaves
   * tasks nobody awaits. Such a rejection is no unhandled rejection; a caller that awaits still gets it.
   */
  run<Input, Output>(task: WorkerTask<Input>, options: RunOptions = {}): Promise<Output> {
    this.taskPosted();
    return handledLater(this.start<Output>(task, options));
  }

  /** Waiting for the next task (`whenTaskPosted`), and those a task was posted for, due at the next turn. */
  private readonly postedListeners = new Set<() => void>();
  private readonly dueListeners = new Set<() => void>();

  /**
   * Calls `listener` once, at the turn of the event loop after the next task is posted (not in a
   * microtask: the task's own posting may wait for one): work that pays on the main thread only
   * while it waits for a task (a rebuild's changed pages' compiles) goes there. Never when no task
   * comes, nor once forgotten (the function returned) or the pool closed. A listener must not
   * throw: it runs in an event-loop callback of its own.
   */
  whenTaskPosted(listener: () => void): () => void {
    this.postedListeners.add(listener);
    return () => {
      this.postedListeners.delete(listener);
      this.dueListeners.delete(listener);
    };
  }

  private taskPosted(): void {
    if (!this.postedListeners.size) return;
    const scheduled = this.dueListeners.size > 0;
    for (const listener of this.postedListeners) this.dueListeners.add(listener);
    this.postedListeners.clear();
    if (scheduled) return;
    setImmediate(() => {
      const due = [...this.dueListeners];
      this.dueListeners.clear();
      if (!this.closed) for (const listener of due) listener();
    });
  }

  private start<Output>(task: WorkerTask, options: RunOptions): Promise<Output> {
    this.startOneIfNone();
    let slot = this.workers[0]!;
    // The least busy, broadcasts counted: a replacement still taking the site is not the first to ask.
    for (const candidate of this.workers) if (candidate.busy < slot.busy) slot = candidate;
    if (slot.tasks < RUNNING_AT_ONCE) return this.send<Output>(slot, task, options);
    // Waiting: in the queue, or posted to a worker beyond what it runs.
    let waiting = this.queue.length;
    for (const worker of this.workers) waiting += Math.max(0, worker.tasks - RUNNING_AT_ONCE);
    if (this.workers.length < this.maxSize && waiting >= QUEUED_BEFORE_ANOTHER_WORKER && !this.closed) {
      const added = this.spawnWithBroadcasts();
      this.workers.push(added);
      return this.send<Output>(added, task, options);
    }
    if (slot.tasks < this.depthOf(options)) return this.send<Output>(slot, task, options);
    return new Promise<Output>((resolve, reject) => {
      this.queue.push({ task, options, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  /**
   * Runs the same task once on every worker (to hand each the site data once). A pool started on
   * demand that has no worker yet starts one for it: tasks follow a broadcast, and its failure (a
   * component that does not load) must reach the caller, not vanish into a later replay.
   */
  broadcast<Input>(task: WorkerTask<Input>): Promise<unknown[]> {
    // Before this broadcast is recorded: a worker started here is given the earlier ones first.
    this.startOneIfNone();
    const sent = serializedOnce(task);
    this.broadcasts.set(`${task.moduleUrl}#${task.exportName}`, sent);
    return handledLater(Promise.all(this.workers.map((slot) => this.send(slot, sent, {}, true))));
  }

  private send<Output>(slot: PoolWorker, task: WorkerTask, options: RunOptions, now = false): Promise<Output> {
    const id = this.nextId++;
    slot.busy++;
    if (!now) slot.tasks++;
    return new Promise<Output>((resolve, reject) => {
      const pending: Pending = { resolve: resolve as (value: unknown) => void, reject, slot, task, options, replay: now };
      this.pending.set(id, pending);
      const post = () => {
        if (!this.pending.has(id)) return;
        const timed = options.timeoutMs !== undefined;
        // A serialized input goes as those bytes alone (the worker reads them), not cloned once more.
        const { moduleUrl, exportName, serializedInput } = task;
        // A broadcast (or a replay of one) runs as it comes, not after the tasks posted ahead of it.
        const atOnce = now || undefined;
        slot.worker.postMessage(serializedInput ? { id, timed, atOnce, moduleUrl, exportName, serializedInput } : { id, timed, atOnce, ...task });
      };
      if (now) post();
      else void slot.ready.then(post, post);
    });
  }

  /** Sends `task` to the worker once (`RunOptions.thenLoad`), as id 0: no task's, so its answer finds nothing pending and is dropped. */
  private load(slot: PoolWorker, task: WorkerTask): void {
    const name = `${task.moduleUrl}#${task.exportName}`;
    if (this.closed || slot.stopping || slot.loaded?.has(name)) return;
    (slot.loaded ??= new Set()).add(name);
    slot.worker.postMessage({ id: 0, ...task });
  }

  /**
   * A task in an endless loop never yields, so its worker is terminated: the task rejects with
   * `TaskTimeoutError`, the other tasks of that worker are sent again to its replacement, which
   * first gets the broadcasts the old one had (a broadcast it had not answered is answered by that
   * replay, not sent a second time).
   */
  private stop(slot: PoolWorker, timedOutId: number, timeoutMs: number): void {
    const index = this.workers.indexOf(slot);
    if (index < 0 || this.closed) return;
    // Its replays of the broadcasts, by broadcast: kept here only, not with the worker (each holds a site's snapshot).
    const replays = new Map<WorkerTask, Promise<unknown>>();
    const replacement = this.spawnWithBroadcasts(replays);
    this.workers[index] = replacement;
    slot.stopping = true;
    void slot.worker.terminate();
    for (const [id, pending] of this.takePending(slot)) {
      if (id === timedOutId) pending.reject(new TaskTimeoutError(timeoutMs));
      // A broadcast the stopped worker had not answered is replayed to the replacement already, or
      // a newer one replaced it: sent again as a task, the replacement ran it twice.
      else if (pending.replay) void (replays.get(pending.task) ?? Promise.resolve()).then(pending.resolve, pending.reject);
      else this.send(replacement, pending.task, pending.options).then(pending.resolve, pending.reject);
    }
    this.next(replacement);
    this.settled();
  }

  /** The tasks sent to `slot` and not answered, by id, taken off the pending list (their clocks stopped): its worker will answer none of them. */
  private takePending(slot: PoolWorker): [number, Pending][] {
    const taken = [...this.pending].filter(([, pending]) => pending.slot === slot);
    for (const [id, pending] of taken) {
      this.pending.delete(id);
      clearTimeout(pending.timer);
    }
    return taken;
  }

  /** Tells a waiting `retire` that every task it was given has settled. */
  private settled(): void {
    if (this.whenIdle && this.pending.size === 0 && this.queue.length === 0) this.whenIdle();
  }

  /**
   * Closes the pool once every task it was given has settled, however long they take. Dev retires
   * its old workers this way when it starts new ones: a page still compiling or rendering on them
   * (slow on a busy machine) must still answer, and a task on a terminated worker never would.
   */
  async retire(): Promise<void> {
    if (this.pending.size || this.queue.length) await new Promise<void>((done) => (this.whenIdle = done));
    this.whenIdle = undefined;
    if (!this.closed) await this.close();
  }

  /** Closes once, however often it is called (dev may close a pool that is still retiring). */
  close(): Promise<void> {
    this.closing ??= this.closeNow();
    return this.closing;
  }

  private async closeNow(): Promise<void> {
    this.closed = true;
    // A `retire` waiting for tasks that now never answer stops waiting.
    this.whenIdle?.();
    for (const task of this.pending.values()) clearTimeout(task.timer);
    // A worker that used esbuild (an MDX page's imports) waits for its child to exit: terminated
    // first, the child would outlive the process. A busy worker (an endless loop) cannot answer.
    const stopEsbuild = { moduleUrl: distUrl('src/util/esbuild-children.js'), exportName: 'stopEsbuild', input: undefined };
    await Promise.all(this.workers.filter((slot) => slot.busy === 0).map((slot) => this.send(slot, stopEsbuild, {}, true).catch(() => undefined)));
    for (const slot of this.workers) slot.stopping = true;
    await Promise.all(this.workers.map((slot) => slot.worker.terminate()));
    this.workers.length = 0;
  }
}
