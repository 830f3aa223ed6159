import childProcess, { type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { currentFolder } from './current-folder.ts';

/**
 * esbuild runs its work in a child process it starts on first use and never waits for: when
 * Node exits, the child is orphaned and, under an init that does not reap (containers, CI
 * sandboxes), stays in the caller's process group as a zombie. Each thread that uses esbuild
 * (the main one, every pool worker) therefore records the children esbuild spawns and, when it
 * is done, stops the service and waits for those children to exit, so Node reaps them itself.
 *
 * Must be imported before esbuild is first used in the thread (the CLI and the worker entry
 * import it first); esbuild looks `spawn` up on the module at each start.
 */
const children = new Set<ChildProcess>();
const originalSpawn = childProcess.spawn;

// esbuild's synchronous API would otherwise run its service in a worker thread of its own,
// whose child no thread of ours could wait for; with this it runs one short child per call.
process.env.ESBUILD_WORKER_THREADS ??= '0';

const isEsbuild = (command: string): boolean => /esbuild/.test(command);

function trackingSpawn(...args: Parameters<typeof originalSpawn>): ChildProcess {
  // esbuild starts its service in the folder the process was in when esbuild was first imported;
  // a service started again after a stop, once that folder is gone, would fail to spawn at all.
  const options = args.find((arg): arg is SpawnOptions => typeof arg === 'object' && arg !== null && !Array.isArray(arg));
  if (typeof args[0] === 'string' && isEsbuild(args[0]) && typeof options?.cwd === 'string' && !existsSync(options.cwd)) options.cwd = currentFolder() ?? '/';
  const child = (originalSpawn as (...a: unknown[]) => ChildProcess)(...args);
  if (typeof args[0] === 'string' && isEsbuild(args[0])) {
    children.add(child);
    child.once('exit', () => children.delete(child));
  }
  return child;
}

if ((childProcess.spawn as unknown) !== trackingSpawn) childProcess.spawn = trackingSpawn as typeof childProcess.spawn;

/** esbuild children of this thread that have not exited yet. */
export function runningEsbuildChildren(): number {
  return children.size;
}

/** Stops esbuild's service in this thread and resolves once its child processes have exited. */
export async function stopEsbuild(): Promise<void> {
  if (children.size === 0) return;
  const exits = [...children].map((child) => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    // esbuild unrefs its child: without this the loop could end before the exit is seen.
    child.ref();
  }));
  const { stop } = await import('esbuild');
  await stop();
  await Promise.all(exits);
}
