// First: it records the child processes esbuild starts, so that closing the pool can wait for them.
import '../util/esbuild-children.ts';
import { deserialize } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import type { WorkerReply, WorkerTask } from './worker-pool.ts';

type TaskFunction = (input: unknown) => unknown;
const modules = new Map<string, Promise<Record<string, unknown>>>();

parentPort!.on('message', async (message: WorkerTask & { id: number; timed?: boolean }) => {
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
});
