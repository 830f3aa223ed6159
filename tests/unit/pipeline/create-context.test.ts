import { expect, test } from 'vitest';
import { createContext } from '../../../src/build/build.ts';
import type { ResolvedConfig } from '../../../src/config/schema.ts';
import type { WorkerPool } from '../../../src/pipeline/worker-pool.ts';

const fakePool = (name: string, ran: string[]) => ({ run: async () => ran.push(name) }) as unknown as WorkerPool;

test("tasks run in the pool current when they run: dev replaces its pool when theme modules change", async () => {
  const ran: string[] = [];
  let pool = fakePool('first', ran);
  const context = createContext('/site', { contentDir: 'content', publicDir: 'public' } as ResolvedConfig, 'dev', () => pool);
  await context.runInWorker({ moduleUrl: 'file:///task.js', exportName: 'run', input: 1 });
  pool = fakePool('second', ran);
  await context.runInWorker({ moduleUrl: 'file:///task.js', exportName: 'run', input: 1 });
  await context.compilePage({ moduleUrl: 'file:///task.js', exportName: 'run', input: 1, file: '/site/content/a.md', sourcePath: 'content/a.md', stub: () => Promise.reject(new Error('unused')) });
  expect(ran).toEqual(['first', 'second', 'second']);
});
