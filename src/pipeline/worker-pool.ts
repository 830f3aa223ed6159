import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { distPath } from '../util/dist-path.ts';

export interface WorkerTask<Input = unknown> {
  moduleUrl: string;
  exportName: string;
  input: Input;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface PoolWorker {
  worker: Worker;
  busy: number;
}

interface Queued {
  task: WorkerTask;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Tasks in flight per worker. Tasks are CPU-bound: posting them all at once makes a worker
 * interleave hundreds of async compiles (memory churn, nothing finishes early); two keeps
 * a worker busy while the other waits on a file read.
 */
const IN_FLIGHT_PER_WORKER = 2;

/** What a worker posts back: a result, or a serialised error (diagnostics survive the trip). */
export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string; stack?: string; diagnostics?: unknown } };

/**
 * A fixed pool of worker threads running tasks `{moduleUrl, exportName, input}`.
 * Tasks go to the least busy worker; modules stay loaded between tasks.
 */
export class WorkerPool {
  private readonly workers: PoolWorker[] = [];
  private readonly pending = new Map<number, Pending>();
  private readonly queue: Queued[] = [];
  private nextId = 1;

  constructor(size = Math.max(1, Math.min(availableParallelism(), 8))) {
    const entry = distPath('src/pipeline/worker-entry.js');
    for (let i = 0; i < size; i++) {
      const worker = new Worker(entry);
      const slot: PoolWorker = { worker, busy: 0 };
      worker.on('message', (reply: WorkerReply) => {
        slot.busy--;
        const task = this.pending.get(reply.id);
        const next = this.queue.shift();
        if (next) this.send(slot, next.task).then(next.resolve, next.reject);
        if (!task) return;
        this.pending.delete(reply.id);
        if (reply.ok) task.resolve(reply.value);
        else task.reject(Object.assign(new Error(reply.error.message), reply.error));
      });
      worker.on('error', (error) => {
        for (const task of this.pending.values()) task.reject(error);
        for (const queued of this.queue) queued.reject(error);
        this.pending.clear();
        this.queue.length = 0;
      });
      this.workers.push(slot);
    }
  }

  get size(): number {
    return this.workers.length;
  }

  run<Input, Output>(task: WorkerTask<Input>): Promise<Output> {
    let slot = this.workers[0]!;
    for (const candidate of this.workers) if (candidate.busy < slot.busy) slot = candidate;
    if (slot.busy < IN_FLIGHT_PER_WORKER) return this.send<Output>(slot, task);
    return new Promise<Output>((resolve, reject) => {
      this.queue.push({ task, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  /** Runs the same task once on every worker (to hand each the site data once). */
  broadcast<Input>(task: WorkerTask<Input>): Promise<unknown[]> {
    return Promise.all(this.workers.map((slot) => this.send(slot, task)));
  }

  private send<Output>(slot: PoolWorker, task: WorkerTask): Promise<Output> {
    const id = this.nextId++;
    slot.busy++;
    return new Promise<Output>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      slot.worker.postMessage({ id, ...task });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((slot) => slot.worker.terminate()));
    this.workers.length = 0;
  }
}
