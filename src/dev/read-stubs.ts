import type { PageCompileOutput } from '../pipeline/plugin.ts';
import type { WorkerTask } from '../pipeline/worker-pool.ts';

/** One page's `PageCompileTask.stubTask`: a worker task of its own, run many to a task here. */
export type StubTask = WorkerTask;

type ReadStub = (input: unknown) => PageCompileOutput | Promise<PageCompileOutput>;

/** Each stub reader by module and export: an `import()` per page, even of a loaded module, cost more than the read. */
const readers = new Map<string, ReadStub>();

async function readerOf(moduleUrl: string, exportName: string): Promise<ReadStub> {
  const key = `${exportName} ${moduleUrl}`;
  let read = readers.get(key);
  if (!read) {
    const exported = ((await import(moduleUrl)) as Record<string, unknown>)[exportName];
    if (typeof exported !== 'function') throw new Error(`${moduleUrl} has no export ${exportName}`);
    readers.set(key, (read = exported as ReadStub));
  }
  return read;
}

/** Worker task: the stubs of many pages, in their order (`PageStore` sends them in batches). */
export async function readStubs(tasks: StubTask[]): Promise<PageCompileOutput[]> {
  const stubs: PageCompileOutput[] = [];
  for (const { moduleUrl, exportName, input } of tasks) {
    const stub = (readers.get(`${exportName} ${moduleUrl}`) ?? (await readerOf(moduleUrl, exportName)))(input);
    // A reader that answers at once is not awaited: a turn of the microtask queue per page adds up.
    stubs.push(stub instanceof Promise ? await stub : stub);
  }
  return stubs;
}
