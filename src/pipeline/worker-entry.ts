// First: it records the child processes esbuild starts, so that closing the pool can wait for them.
import '../util/esbuild-children.ts';
import { deserialize } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import type { WorkerReply, WorkerTask } from './worker-pool.ts';
import { RUNNING_AT_ONCE } from './running-at-once.ts';

type TaskFunction = (input: unknown) => unknown;
type TaskMessage = WorkerTask & { id: number; timed?: boolean; atOnce?: boolean };
const modules = new Map<string, Promise<Record<string, unknown>>>();

/**
 * The pool posts a worker tasks ahead of those it runs (`WorkerPoolOptions.postedAhead`), so that
 * it has the next ones at hand however late the main thread answers; they wait here, and run in
 * the order posted, `RUNNING_AT_ONCE` at a time, as if posted one by one. A load (id 0) and a
 * broadcast (`atOnce`) run as they come.
 */
const waiting: TaskMessage[] = [];
let waitingFrom = 0;
let running = 0;

function runWaiting(): void {
  while (running < RUNNING_AT_ONCE && waitingFrom < waiting.length) {
    const message = waiting[waitingFrom++]!;
    if (waitingFrom === waiting.length) waiting.length = waitingFrom = 0;
    running++;
    void runTask(message).finally(() => {
      running--;
      runWaiting();
    });
  }
}

parentPort!.on('message', (message: TaskMessage) => {
  if (message.id === 0 || message.atOnce) {
    void runTask(message);
    return;
  }
  waiting.push(message);
  runWaiting();
});

async function runTask(message: TaskMessage): Promise<void> {
  let reply: WorkerReply;
  try {
    let loaded = modules.get(message.moduleUrl);
    if (!loaded) {
      loaded = import(message.moduleUrl) as Promise<Record<string, unknown>>;
      modules.set(message.moduleUrl, loaded);
    }
    const exports = await loaded;
    const fn = exports[message.exportName] as TaskFunction | undefined;
    if (typeof fn !== 'function') throw new Error(`${message.moduleUrl} has no export ${message.exportName}`);
    // A bounded task's clock starts now that its module is loaded, and what the module says its
    // tasks wait for first (render-worker.tsx: the site's components) is there.
    if (message.timed) {
      const before = exports.beforeTimedTask;
      if (typeof before === 'function') await (before as () => Promise<void>)();
      parentPort!.postMessage({ id: message.id, started: true } satisfies WorkerReply);
    }
    const input = message.serializedInput ? deserialize(message.serializedInput) : message.input;
    reply = { id: message.id, ok: true, value: await fn(input) };
  } catch (error) {
    const e = error as Error & { diagnostics?: unknown };
    reply = { id: message.id, ok: false, error: { name: e.name, message: e.message, stack: e.stack, diagnostics: e.diagnostics } };
  }
  parentPort!.postMessage(reply);
}
