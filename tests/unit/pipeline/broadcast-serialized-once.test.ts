import * as v8 from 'node:v8';
import { afterAll, expect, test, vi } from 'vitest';
import { WorkerPool } from '../../../src/pipeline/worker-pool.ts';

// Counts the pool's serializations (the workers load their own node:v8, unmocked).
vi.mock('node:v8', async (original) => {
  const actual = await original<typeof v8>();
  return { ...actual, serialize: vi.fn(actual.serialize) };
});

const module = `data:text/javascript,${encodeURIComponent(`
import { threadId } from 'node:worker_threads';
let site;
export function setSite(value) { site = value; }
export function described() { return { threadId, isMap: site.byRoute instanceof Map, site }; }
`)}`;

const pool = new WorkerPool(2);
afterAll(() => pool.close());

test("a broadcast's input is serialized once for every worker, and reaches each as it was (a Map, nesting, a typed array)", async () => {
  const site = { byRoute: new Map([['/a', { title: 'A', headings: [{ depth: 2, id: 'x' }] }]]), bytes: new Uint8Array([1, 2, 3]), nothing: null };
  await pool.broadcast({ moduleUrl: module, exportName: 'setSite', input: site });
  expect(vi.mocked(v8.serialize)).toHaveBeenCalledTimes(1);
  // Two tasks in a row go to the two workers (the least busy by count).
  const answers = await Promise.all([0, 1].map(() => pool.run<null, { threadId: number; isMap: boolean; site: typeof site }>({ moduleUrl: module, exportName: 'described', input: null })));
  expect(new Set(answers.map((answer) => answer.threadId)).size).toBe(2);
  for (const answer of answers) {
    expect(answer.isMap).toBe(true);
    expect(answer.site).toEqual(site);
  }
});
