import { afterAll, describe, expect, test } from 'vitest';
import { TaskTimeoutError, WorkerExitedError, WorkerPool } from '../../../src/pipeline/worker-pool.ts';

// A data: module is a task module the pool can load without a file. `exitWith` ends its worker
// thread as user code calling `process.exit` would: Node emits the worker's `exit`, never `error`.
const module = `data:text/javascript,${encodeURIComponent(`
let site = 'none';
export function setSite(value) { site = value; }
export function spin() { for (;;) {} }
export function exitWith(code) { process.exit(code); }
export function exitOnceAnswered(code) { setTimeout(() => process.exit(code)); return 'answered'; }
export function whichSite() { return site; }
export function refuse(reason) { throw new Error(reason); }
`)}`;

// A module whose timed tasks wait first for something (as the render worker's pages wait for the
// site's components): here, for a `release` task.
const waitsFirst = `data:text/javascript,${encodeURIComponent(`
let release;
const released = new Promise((resolve) => { release = resolve; });
export const beforeTimedTask = () => released;
export function letGo() { release(); }
export async function answer() { await released; return 'answered'; }
`)}`;

describe('a timed task of a module that says what its tasks wait for first (beforeTimedTask)', () => {
  const pool = new WorkerPool(1);
  afterAll(() => pool.close());

  test('starts its clock once that is there: the wait is not the task\'s time', async () => {
    const answered = pool.run<null, string>({ moduleUrl: waitsFirst, exportName: 'answer', input: null }, { timeoutMs: 50 });
    // Far past the task's 50 ms before the wait ends: a clock started with the module loaded would have stopped it (timers fire in due order).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await pool.run({ moduleUrl: waitsFirst, exportName: 'letGo', input: null });
    await expect(answered).resolves.toBe('answered');
  });
});

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

describe('a task that never ends while a broadcast waits behind it', () => {
  const counted = `data:text/javascript,${encodeURIComponent(`
let runs = 0;
export function note() { runs++; }
export function runsHere() { return runs; }
export function spin() { for (;;) {} }
`)}`;
  const pool = new WorkerPool(1);
  afterAll(() => pool.close());

  test('has the broadcast run once on the replacement, and answers its caller', async () => {
    const spinning = pool.run({ moduleUrl: counted, exportName: 'spin', input: null }, { timeoutMs: 50 });
    // Posted once the promise callbacks ran: the endless task first, then the broadcast, which its worker never gets to.
    await new Promise((resolve) => setImmediate(resolve));
    const noted = pool.broadcast({ moduleUrl: counted, exportName: 'note', input: null });
    await expect(spinning).rejects.toBeInstanceOf(TaskTimeoutError);
    await expect(noted).resolves.toHaveLength(1);
    await expect(pool.run({ moduleUrl: counted, exportName: 'runsHere', input: null })).resolves.toBe(1);
  });
});

// Each task holds its worker until released, so which tasks wait is decided by their count alone.
const held = `data:text/javascript,${encodeURIComponent(`
import { threadId } from 'node:worker_threads';
let site = 'none';
export function setSite(value) { site = value; }
export function hold(flag) { Atomics.wait(new Int32Array(flag), 0, 0); return { threadId, site }; }
export function raise(flag) { const cells = new Int32Array(flag); Atomics.store(cells, 1, 1); Atomics.notify(cells, 1); return 'raised'; }
export function count(flag) { const cells = new Int32Array(flag); Atomics.add(cells, 1, 1); Atomics.notify(cells, 1); return 'counted'; }
`)}`;

// A build posts tasks ahead; the count of waiting tasks that starts a second worker is the same.
describe.each([
  ['', {}],
  [', posting two tasks ahead (a build)', { postedAhead: 4 }],
])('a pool started on demand%s', (_, options) => {
  const pool = new WorkerPool(2, { startOnDemand: true, ...options });
  afterAll(() => pool.close());

  test('starts no worker before a task or a broadcast comes, runs a few tasks on one and starts another once tasks queue up, with the broadcasts', async () => {
    // A warm build whose pages all come from the cache sends nothing and posts no task: no thread.
    expect(pool.started).toBe(0);
    // The site is sent when a page must be rendered: the first worker starts for it.
    await pool.broadcast({ moduleUrl: held, exportName: 'setSite', input: 'the site' });
    expect(pool.started).toBe(1);
    const flag = new SharedArrayBuffer(4);
    const run = () => pool.run<SharedArrayBuffer, { threadId: number; site: string }>({ moduleUrl: held, exportName: 'hold', input: flag });
    // Two running on the first worker and sixteen waiting, queued here or posted to it beyond the
    // two (a small site's pages, or a dozen and the theme's four): still one worker, whose
    // imports cost as much as rendering them.
    const first = Array.from({ length: 18 }, run);
    expect(pool.started).toBe(1);
    // One more: a second worker starts and takes it.
    const oneMore = run();
    expect(pool.started).toBe(2);
    expect(pool.size).toBe(2);
    Atomics.store(new Int32Array(flag), 0, 1);
    Atomics.notify(new Int32Array(flag), 0);
    const results = await Promise.all([...first, oneMore]);
    expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
    expect(results.every((r) => r.site === 'the site')).toBe(true);
  });
});

// Tasks that wait, without blocking their thread, until a broadcast lets them all go; the worker records how many ran at once.
const ordered = `data:text/javascript,${encodeURIComponent(`
let site = 'none';
let running = 0;
let most = 0;
const begun = [];
let release;
const released = new Promise((resolve) => { release = resolve; });
export function setSite(value) { site = value; }
export async function hold(key) { running++; most = Math.max(most, running); begun.push(key); await released; running--; return key; }
export function letGo() { release(); }
export function seen() { return { most, begun }; }
export function whichSite() { return site; }
export function exitWith(code) { process.exit(code); }
`)}`;

/**
 * Lets go the `held` module's `hold` (cell 0), then blocks this thread until its `count` tasks have
 * counted `wanted` (cell 1) and gives the count. Blocked, this thread posts nothing: only tasks
 * already posted to the worker count. Each wait's bound is only a net for a test that fails.
 */
function letGoAndCount(cells: Int32Array, wanted: number): number {
  Atomics.store(cells, 0, 1);
  Atomics.notify(cells, 0);
  let seen = Atomics.load(cells, 1);
  while (seen < wanted && Atomics.wait(cells, 1, seen, 30_000) !== 'timed-out') seen = Atomics.load(cells, 1);
  return Atomics.load(cells, 1);
}

describe('a pool that posts tasks ahead (a build)', () => {
  test('has its worker run a task posted ahead while this thread neither reads an answer nor posts', async () => {
    const pool = new WorkerPool(1, { postedAhead: 4 });
    try {
      const flag = new SharedArrayBuffer(8);
      const cells = new Int32Array(flag);
      // The two it runs (the first blocks its thread until let go), then one posted ahead.
      const holds = [0, 1].map(() => pool.run({ moduleUrl: held, exportName: 'hold', input: flag }));
      const raised = pool.run<SharedArrayBuffer, string>({ moduleUrl: held, exportName: 'raise', input: flag });
      // Posted once the promise callbacks ran.
      await new Promise((resolve) => setImmediate(resolve));
      Atomics.store(cells, 0, 1);
      Atomics.notify(cells, 0);
      // Blocked here, this thread posts nothing: only a task already in the worker can raise cell 1.
      // Were `raise` still queued here, the wait would run out (its bound is only a net).
      expect(['ok', 'not-equal']).toContain(Atomics.wait(cells, 1, 0, 30_000));
      await expect(raised).resolves.toBe('raised');
      await Promise.all(holds);
    } finally {
      await pool.close();
    }
  });

  test('posts a task run with a postedAhead of its own up to that depth, and the others up to the pool\'s', async () => {
    const pool = new WorkerPool(1, { postedAhead: 4 });
    try {
      const flag = new SharedArrayBuffer(8);
      const cells = new Int32Array(flag);
      // The two it runs: the first blocks its thread until let go.
      const holds = [0, 1].map(() => pool.run({ moduleUrl: held, exportName: 'hold', input: flag }));
      // Four more fit a depth of six (a build's page renders); a fifth waits here.
      const counted = Array.from({ length: 5 }, () => pool.run<SharedArrayBuffer, string>({ moduleUrl: held, exportName: 'count', input: flag }, { postedAhead: 6 }));
      await new Promise((resolve) => setImmediate(resolve));
      // Only the tasks already in the worker count: with four posted ahead, as the pool's own depth allows, two would.
      expect(letGoAndCount(cells, 4)).toBe(4);
      await expect(Promise.all(counted)).resolves.toEqual(Array(5).fill('counted'));
      await Promise.all(holds);
    } finally {
      await pool.close();
    }
  });

  test('posts a queued task of a depth of its own once its worker holds fewer than that, however few the pool posts ahead', async () => {
    const pool = new WorkerPool(1, { postedAhead: 2 });
    const deep = { postedAhead: 6 };
    try {
      const flag = new SharedArrayBuffer(8);
      const cells = new Int32Array(flag);
      // Two answered at once, then one that blocks its worker's thread until let go.
      const quick = [0, 1].map(() => pool.run({ moduleUrl: held, exportName: 'setSite', input: 'the site' }, deep));
      const holding = pool.run({ moduleUrl: held, exportName: 'hold', input: flag }, deep);
      // Three fit beside those; two wait here until the quick ones' answers free their places.
      const counted = Array.from({ length: 5 }, () => pool.run<SharedArrayBuffer, string>({ moduleUrl: held, exportName: 'count', input: flag }, deep));
      await Promise.all(quick);
      // All five count only if both were posted on the answers. Had the answers posted by the pool's depth of two, three would.
      expect(letGoAndCount(cells, 5)).toBe(5);
      await Promise.all([holding, ...counted]);
    } finally {
      await pool.close();
    }
  });

  test("gives a worker that replaces one that exited the queued tasks up to their own depth at once, and it runs two at a time", async () => {
    const pool = new WorkerPool(1, { postedAhead: 2 });
    const deep = { postedAhead: 6 };
    try {
      const exited = pool.run({ moduleUrl: ordered, exportName: 'exitWith', input: 6 }, deep);
      // Five posted beside the exit (h0 runs with it, h1 to h4 wait in the worker), two queued here.
      const holds = Array.from({ length: 7 }, (_, i) => pool.run<string, string>({ moduleUrl: ordered, exportName: 'hold', input: `h${i}` }, deep));
      await expect(exited).rejects.toBeInstanceOf(WorkerExitedError);
      await expect(holds[0]).rejects.toBeInstanceOf(WorkerExitedError);
      // A broadcast is posted behind the tasks the replacement was given: they began before it
      // runs. Given one task at a time, the replacement would have begun one.
      await expect(pool.broadcast({ moduleUrl: ordered, exportName: 'seen', input: null })).resolves.toEqual([{ most: 2, begun: ['h1', 'h2'] }]);
      await pool.broadcast({ moduleUrl: ordered, exportName: 'letGo', input: null });
      await expect(Promise.all(holds.slice(1))).resolves.toEqual(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
    } finally {
      await pool.close();
    }
  });

  test("counts no broadcast as a task: one not yet answered holds no task's place", async () => {
    const pool = new WorkerPool(2, { startOnDemand: true });
    try {
      await pool.broadcast({ moduleUrl: held, exportName: 'setSite', input: 'the site' });
      const flag = new SharedArrayBuffer(8);
      const run = () => pool.run<SharedArrayBuffer, { threadId: number; site: string }>({ moduleUrl: held, exportName: 'hold', input: flag });
      const running = [run(), run()];
      // Unanswered while the worker's thread is held (dev's site patch after an edit).
      const patched = pool.broadcast({ moduleUrl: held, exportName: 'setSite', input: 'the site, patched' });
      // Sixteen waiting, as without the broadcast: still one worker.
      const waiting = Array.from({ length: 16 }, run);
      expect(pool.started).toBe(1);
      const oneMore = run();
      expect(pool.started).toBe(2);
      Atomics.store(new Int32Array(flag), 0, 1);
      Atomics.notify(new Int32Array(flag), 0);
      await Promise.all([...running, ...waiting, oneMore, patched]);
    } finally {
      await pool.close();
    }
  });

  test('has its worker run them in the order posted, two at a time, however many it was posted', async () => {
    const pool = new WorkerPool(1, { postedAhead: 4 });
    try {
      // Four posted to the worker, the fifth queued here.
      const held = ['a', 'b', 'c', 'd', 'e'].map((key) => pool.run<string, string>({ moduleUrl: ordered, exportName: 'hold', input: key }));
      // Posted once the promise callbacks ran (a broadcast posts at once): then the broadcast, which runs as it comes, not behind them.
      await new Promise((resolve) => setImmediate(resolve));
      await pool.broadcast({ moduleUrl: ordered, exportName: 'letGo', input: null });
      await expect(Promise.all(held)).resolves.toEqual(['a', 'b', 'c', 'd', 'e']);
      await expect(pool.run({ moduleUrl: ordered, exportName: 'seen', input: null })).resolves.toEqual({ most: 2, begun: ['a', 'b', 'c', 'd', 'e'] });
    } finally {
      await pool.close();
    }
  });

  test('when a worker exits, fails only the two oldest of its tasks, which may have begun; its replacement runs the rest', async () => {
    const pool = new WorkerPool(1, { postedAhead: 4 });
    try {
      await pool.broadcast({ moduleUrl: ordered, exportName: 'setSite', input: 'the site' });
      const exited = pool.run({ moduleUrl: ordered, exportName: 'exitWith', input: 6 });
      const after = Array.from({ length: 4 }, () => pool.run<null, string>({ moduleUrl: ordered, exportName: 'whichSite', input: null }));
      await expect(exited).rejects.toBeInstanceOf(WorkerExitedError);
      // Ran beside the one that exited: its outcome is unknown, so it fails with it.
      await expect(after[0]).rejects.toBeInstanceOf(WorkerExitedError);
      // Two posted ahead and never begun, and one still queued here.
      await expect(Promise.all(after.slice(1))).resolves.toEqual(['the site', 'the site', 'the site']);
    } finally {
      await pool.close();
    }
  });
});

describe('a pool started on demand, then started whole (dev, once its first page is answered)', () => {
  const pool = new WorkerPool(2, { startOnDemand: true });
  afterAll(() => pool.close());

  test('starts the workers it has not started, each given the broadcasts so far, and none more when asked again', async () => {
    await pool.broadcast({ moduleUrl: held, exportName: 'setSite', input: 'the site' });
    expect(pool.started).toBe(1);
    pool.startAll();
    expect(pool.started).toBe(2);
    pool.startAll();
    expect(pool.started).toBe(2);
    const flag = new SharedArrayBuffer(4);
    // Placed by busy counts as they are posted: two on the first worker, the third on the new one
    // (its replayed site counts), the fourth queued; the new one answers too, with the site.
    const results = Array.from({ length: 4 }, () => pool.run<SharedArrayBuffer, { threadId: number; site: string }>({ moduleUrl: held, exportName: 'hold', input: flag }));
    Atomics.store(new Int32Array(flag), 0, 1);
    Atomics.notify(new Int32Array(flag), 0);
    const answers = await Promise.all(results);
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(2);
    expect(answers.every((a) => a.site === 'the site')).toBe(true);
  });
});

describe('a pool started ahead (a build that will compile its pages)', () => {
  // Its warm-up notes the thread it ran in, for the tasks after to read back.
  const warm = `data:text/javascript,${encodeURIComponent(`
import { threadId } from 'node:worker_threads';
export function warmUp() { globalThis.warmedIn = threadId; }
export function warmed() { return { threadId, warmedIn: globalThis.warmedIn ?? null }; }
`)}`;
  const pool = new WorkerPool(2, { startOnDemand: true });
  afterAll(() => pool.close());

  test('starts the workers asked for (at most its size), each loading the warm-up ahead of any task, and starts no more when asked again', async () => {
    pool.prestart(5, { moduleUrl: warm, exportName: 'warmUp', input: undefined });
    expect(pool.started).toBe(2);
    pool.prestart(2, { moduleUrl: warm, exportName: 'warmUp', input: undefined });
    expect(pool.started).toBe(2);
    const flag = new SharedArrayBuffer(4);
    // One task held on each worker: the two that follow go one to each.
    const holding = [0, 1].map(() => pool.run<SharedArrayBuffer, { threadId: number }>({ moduleUrl: held, exportName: 'hold', input: flag }));
    const warmed = [0, 1].map(() => pool.run<null, { threadId: number; warmedIn: number | null }>({ moduleUrl: warm, exportName: 'warmed', input: null }));
    Atomics.store(new Int32Array(flag), 0, 1);
    Atomics.notify(new Int32Array(flag), 0);
    await Promise.all(holding);
    const threads = await Promise.all(warmed);
    expect(new Set(threads.map((t) => t.threadId)).size).toBe(2);
    for (const { threadId, warmedIn } of threads) expect(warmedIn).toBe(threadId);
  });
});

describe('a pool closed with tasks on it', () => {
  // Tasks left on a closed pool stay unsettled on purpose: a build that failed closes its pool
  // with tasks nobody awaits any more, and rejecting them was an unhandled rejection.
  test('closes, its blocked workers terminated, and closing twice is closing once', async () => {
    const pool = new WorkerPool(1);
    const flag = new SharedArrayBuffer(4);
    void pool.run<SharedArrayBuffer, unknown>({ moduleUrl: held, exportName: 'hold', input: flag });
    // Dev may close a pool that is still retiring: the second call is the first one.
    const closing = pool.close();
    expect(pool.close()).toBe(closing);
    await closing;
    expect(pool.started).toBe(0);
  });
});

describe('a worker that exits in the middle of a task', () => {
  const pool = new WorkerPool(1);
  afterAll(() => pool.close());

  test("rejects the task with the worker's exit code, and a replacement with the broadcasts runs the next task", async () => {
    await pool.broadcast({ moduleUrl: module, exportName: 'setSite', input: 'the site' });
    const exited = pool.run({ moduleUrl: module, exportName: 'exitWith', input: 3 });
    await expect(exited).rejects.toBeInstanceOf(WorkerExitedError);
    await expect(exited).rejects.toThrow('the worker thread exited with code 3 before the task finished');
    await expect(pool.run<null, string>({ moduleUrl: module, exportName: 'whichSite', input: null })).resolves.toBe('the site');
    expect(pool.started).toBe(1);
  });

  test('a task nobody awaits any more (a failed build) rejects without an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      void pool.run({ moduleUrl: module, exportName: 'exitWith', input: 4 });
      // Sent to the same worker behind it, so rejected by the same exit, with the unawaited one.
      await expect(pool.run({ moduleUrl: module, exportName: 'whichSite', input: null })).rejects.toBeInstanceOf(WorkerExitedError);
      // Node reports unhandled rejections once the microtasks have run.
      await new Promise((done) => setImmediate(done));
      expect(unhandled).toEqual([]);
      await expect(pool.run<null, string>({ moduleUrl: module, exportName: 'whichSite', input: null })).resolves.toBe('the site');
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  test('a worker that exits with nothing to do is replaced only once a task comes', async () => {
    await expect(pool.run<number, string>({ moduleUrl: module, exportName: 'exitOnceAnswered', input: 5 })).resolves.toBe('answered');
    // No time limit of its own (the test's is the net): the exit comes once the worker is idle.
    await expect.poll(() => pool.started).toBe(0);
    await expect(pool.run<null, string>({ moduleUrl: module, exportName: 'whichSite', input: null })).resolves.toBe('the site');
    expect(pool.started).toBe(1);
  });
});

describe('a pool started on demand that has no worker yet', () => {
  const pool = new WorkerPool(2, { startOnDemand: true });
  afterAll(() => pool.close());

  // The build sends the site before any render task: a setSite that fails (an MDX component that
  // does not load) must fail the build, not vanish into the replay a later worker gets.
  test("a broadcast's failure reaches its caller", async () => {
    await expect(pool.broadcast({ moduleUrl: module, exportName: 'refuse', input: 'the component does not load' })).rejects.toThrow('the component does not load');
  });
});

describe('a broadcast that makes its worker exit', () => {
  const pool = new WorkerPool(1);
  afterAll(() => pool.close());

  test('rejects, and the pool replaces the worker once, not over and over', async () => {
    await expect(pool.broadcast({ moduleUrl: module, exportName: 'exitWith', input: 6 })).rejects.toBeInstanceOf(WorkerExitedError);
    // The replacement is given the broadcast again and exits the same way: then no worker is left.
    await expect.poll(() => pool.started).toBe(0);
    // A task that comes later gets a worker with the broadcast, and so the same exit, as an error.
    await expect(pool.run({ moduleUrl: module, exportName: 'whichSite', input: null })).rejects.toBeInstanceOf(WorkerExitedError);
    await expect.poll(() => pool.started).toBe(0);
  });
});


// The load task counts its calls on the thread's global and never settles; the probe reads the count.
const loads = `data:text/javascript,${encodeURIComponent(`
export function load() { globalThis.loadCalls = (globalThis.loadCalls ?? 0) + 1; return new Promise(() => {}); }
`)}`;
const probe = `data:text/javascript,${encodeURIComponent(`
export function loadCalls() { return { calls: globalThis.loadCalls ?? 0 }; }
export function whenLoaded() {
  return new Promise((resolve) => { const check = () => (globalThis.loadCalls ? resolve(globalThis.loadCalls) : setImmediate(check)); check(); });
}
`)}`;

describe('a task run with thenLoad', () => {
  const thenLoad = { moduleUrl: loads, exportName: 'load', input: undefined };

  test('has its worker run the load task once it is answered, once per worker, and nothing waits for that', async () => {
    const pool = new WorkerPool(1, { startOnDemand: true });
    // Not before: the first task (a build's page compile) must not wait behind the renderer's imports.
    await expect(pool.run({ moduleUrl: probe, exportName: 'loadCalls', input: null }, { thenLoad })).resolves.toMatchObject({ calls: 0 });
    // Then once, however many tasks with it follow.
    await expect(pool.run<null, number>({ moduleUrl: probe, exportName: 'whenLoaded', input: null })).resolves.toBe(1);
    await Promise.all(Array.from({ length: 4 }, () => pool.run({ moduleUrl: probe, exportName: 'loadCalls', input: null }, { thenLoad })));
    await expect(pool.run({ moduleUrl: probe, exportName: 'loadCalls', input: null })).resolves.toMatchObject({ calls: 1 });
    // The load never settles, and is no task of anyone's: `retire`, which waits for every task the pool was given, ends.
    await pool.retire();
  });

  test('a task without it loads nothing', async () => {
    const pool = new WorkerPool(1, { startOnDemand: true });
    await pool.run({ moduleUrl: probe, exportName: 'loadCalls', input: null });
    await expect(pool.run({ moduleUrl: probe, exportName: 'loadCalls', input: null })).resolves.toMatchObject({ calls: 0 });
    await pool.close();
  });
});

describe('work for the turn after a task is posted (whenTaskPosted)', () => {
  const pool = new WorkerPool(1, { startOnDemand: true });
  afterAll(() => pool.close());
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  test('runs once, at the turn after the next task, not as it is posted; a broadcast is no task', async () => {
    const calls: string[] = [];
    pool.whenTaskPosted(() => calls.push('waited'));
    await pool.broadcast({ moduleUrl: module, exportName: 'setSite', input: 'the site' });
    await nextTurn();
    expect(calls).toEqual([]);
    const answer = pool.run<null, string>({ moduleUrl: module, exportName: 'whichSite', input: null });
    // Not in a microtask: the task's own posting may wait for one.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(calls).toEqual([]);
    await nextTurn();
    expect(calls).toEqual(['waited']);
    await answer;
    await pool.run({ moduleUrl: module, exportName: 'whichSite', input: null });
    await nextTurn();
    expect(calls).toEqual(['waited']);
  });

  test('never once forgotten, even when the task came before the forgetting', async () => {
    const calls: string[] = [];
    const forget = pool.whenTaskPosted(() => calls.push('waited'));
    const answer = pool.run({ moduleUrl: module, exportName: 'whichSite', input: null });
    forget();
    await nextTurn();
    await answer;
    expect(calls).toEqual([]);
  });

  test('one added while another waits for its turn waits for a task posted after it', async () => {
    const calls: string[] = [];
    pool.whenTaskPosted(() => calls.push('first'));
    const answer = pool.run({ moduleUrl: module, exportName: 'whichSite', input: null });
    pool.whenTaskPosted(() => calls.push('second'));
    await nextTurn();
    await answer;
    expect(calls).toEqual(['first']);
    await pool.run({ moduleUrl: module, exportName: 'whichSite', input: null });
    await nextTurn();
    expect(calls).toEqual(['first', 'second']);
  });

  test('never once the pool closed before its turn', async () => {
    const closing = new WorkerPool(1, { startOnDemand: true });
    const calls: string[] = [];
    closing.whenTaskPosted(() => calls.push('waited'));
    void closing.run({ moduleUrl: module, exportName: 'whichSite', input: null }).catch(() => undefined);
    const closed = closing.close();
    await nextTurn();
    await closed;
    expect(calls).toEqual([]);
  });
});
