import { afterAll, describe, expect, test } from 'vitest';
import { TaskTimeoutError, WorkerPool } from '../../../src/pipeline/worker-pool.ts';

// A data: module is a task module the pool can load without a file.
const module = `data:text/javascript,${encodeURIComponent(`
let site = 'none';
export function setSite(value) { site = value; }
export function spin() { for (;;) {} }
export function whichSite() { return site; }
`)}`;

describe('a task that never ends', () => {
  const pool = new WorkerPool(1);
  afterAll(() => pool.close());

  test('rejects with TaskTimeoutError, and the replaced worker has the broadcasts and runs the next task', async () => {
    await pool.broadcast({ moduleUrl: module, exportName: 'setSite', input: 'the site' });
    const spinning = pool.run({ moduleUrl: module, exportName: 'spin', input: null }, { timeoutMs: 50 });
    // Queued behind the endless one on the same (only) worker: sent again to its replacement.
    const waiting = pool.run<null, string>({ moduleUrl: module, exportName: 'whichSite', input: null });
    await expect(spinning).rejects.toBeInstanceOf(TaskTimeoutError);
    await expect(waiting).resolves.toBe('the site');
    expect(pool.size).toBe(1);
  });
});
