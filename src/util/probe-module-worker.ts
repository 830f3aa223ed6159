import { parentPort, workerData } from 'node:worker_threads';

/**
 * Loads a user module once in a thread of its own, so that a load that never ends (a
 * `while (true) {}` at the top of a config or `_meta.ts`) can be stopped by terminating the
 * thread. Errors are not reported here: the real import on the main thread reports them.
 */
const { url } = workerData as { url: string };
parentPort!.postMessage('started');
await import(url).then(
  () => undefined,
  () => undefined,
);
parentPort!.postMessage('loaded');
