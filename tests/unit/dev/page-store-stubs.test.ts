import { describe, expect, test } from 'vitest';
import type { PageCompileOutput, PageCompileTask, PluginContext } from '../../../src/pipeline/plugin.ts';
import { PageStore, STUB_TASKS_IN_FLIGHT } from '../../../src/dev/page-store.ts';
import type { StubTask } from '../../../src/dev/read-stubs.ts';

// dev's start asks for every page's stub, a slice per turn of the event loop. A source that gives
// `stubTask` has them read in the workers, 200 to a task (the main thread meanwhile does the rest
// of the start, and takes batches too); a few (an edit, a small site) are read on the main
// thread, and so is a batch whose task failed.

/** A stub told apart by its HTML. */
const stub = (html: string): PageCompileOutput => ({ frontMatter: {}, compiled: { kind: 'html', code: html }, headings: [], references: [], sections: [] });

/** A stub reader this thread can load (the workers' is the content loader's). */
const TEST_READER = new URL('../../fixtures/stub-reader.ts', import.meta.url).href;

/** `count` pages' compile tasks, each with a stub read here and a stub task naming its page. */
function tasks(count: number, reader = { moduleUrl: 'stub.js', exportName: 'readStub' }): PageCompileTask<unknown>[] {
  return Array.from({ length: count }, (_, i) => ({
    moduleUrl: 'compile.js',
    exportName: 'compilePage',
    input: {},
    file: `/site/content/page-${i}.md`,
    sourcePath: `content/page-${i}.md`,
    stub: async () => stub(`read here ${i}`),
    stubTask: { ...reader, input: i },
  }));
}

/** Worker runs that read stubs by their tasks' inputs (or fail), and the batches they were given. */
function stubRuns(fail = false): { run: PluginContext['runInWorker']; batches: StubTask[][] } {
  const batches: StubTask[][] = [];
  const run = (async (task: { exportName: string; input: StubTask[] }) => {
    expect(task.exportName).toBe('readStubs');
    batches.push(task.input);
    if (fail) throw new Error('the worker went away');
    return task.input.map((t) => stub(`read in a worker ${String(t.input)}`));
  }) as PluginContext['runInWorker'];
  return { run, batches };
}

/** Worker runs that answer only when told to (`answerAll`), and the batches they were given. */
function heldRuns(): { run: PluginContext['runInWorker']; batches: StubTask[][]; answerAll: () => Promise<void> } {
  const batches: StubTask[][] = [];
  const answers: (() => void)[] = [];
  const run = ((task: { input: StubTask[] }) =>
    new Promise<PageCompileOutput[]>((resolve) => {
      batches.push(task.input);
      answers.push(() => resolve(task.input.map((t) => stub(`read in a worker ${String(t.input)}`))));
    })) as unknown as PluginContext['runInWorker'];
  // Answered one at a time, a turn of the event loop each: the workers take more as they answer.
  const answerAll = async () => {
    while (answers.length) {
      answers.shift()!();
      await new Promise((done) => setImmediate(done));
    }
  };
  return { run, batches, answerAll };
}

const storeWithoutPool = () =>
  new PageStore(() => {
    throw new Error('no pool: tasks go through the context');
  });

describe("dev's page store reads stubs", () => {
  test('of many pages asked for at once in the workers, 200 to a task, each page given its own', async () => {
    const store = storeWithoutPool();
    const { run, batches } = stubRuns();
    const compilePage = store.compilePage(run);
    const stubs = await Promise.all(tasks(450).map((task) => compilePage(task)));
    expect(batches.map((batch) => batch.length)).toEqual([200, 200, 50]);
    expect(stubs.map((s) => s.compiled.code)).toEqual(Array.from({ length: 450 }, (_, i) => `read in a worker ${i}`));
    expect(store.stubsRead).toBe(450);
  });

  test('of batches the workers have not taken on the main thread, with the same stub task, while the workers are busy', async () => {
    const store = storeWithoutPool();
    // Workers that answer only when told to: the main thread takes the batches no worker took.
    const { run, batches, answerAll } = heldRuns();
    const compilePage = store.compilePage(run);
    const count = 200 * 30;
    const reading = Promise.all(tasks(count, { moduleUrl: TEST_READER, exportName: 'readTestStub' }).map((task) => compilePage(task)));
    // The batches go out on the event loop's next turn (queued before this wait's): each worker
    // has two tasks at most, the first batches in order.
    await new Promise((done) => setImmediate(done));
    expect(batches.length).toBeGreaterThan(0);
    expect(batches.length).toBeLessThan(30);
    expect(batches.map((batch) => batch[0]!.input)).toEqual(batches.map((_, i) => i * 200));
    // Answered, the workers take more until the main thread has read the rest.
    await answerAll();
    const stubs = await reading;
    const byWorker = stubs.filter((s) => s.compiled.code.startsWith('read in a worker')).length;
    expect(byWorker).toBe(batches.length * 200);
    expect(byWorker).toBeLessThan(count);
    stubs.forEach((s, i) => expect(s.compiled.code).toMatch(new RegExp(` ${i}$`)));
  });

  test('asked for over several turns (the content loader asks as it lists), with one limit on the tasks in the pool', async () => {
    const store = storeWithoutPool();
    const { run, batches, answerAll } = heldRuns();
    const compilePage = store.compilePage(run);
    const inFlightAtMost = STUB_TASKS_IN_FLIGHT;
    const all = tasks(200 * 4 * inFlightAtMost, { moduleUrl: TEST_READER, exportName: 'readTestStub' });
    const slice = all.length / 4;
    const reading: Promise<PageCompileOutput>[] = [];
    for (let at = 0; at < all.length; at += slice) {
      reading.push(...all.slice(at, at + slice).map((task) => compilePage(task)));
      await new Promise((done) => setImmediate(done));
      // The workers have not answered: what each turn asked for waits, in one list.
      expect(batches.length).toBe(inFlightAtMost);
    }
    // The first batches asked for went to the workers, in order.
    expect(batches.map((batch) => batch[0]!.input)).toEqual(batches.map((_, i) => i * 200));
    await answerAll();
    const stubs = await Promise.all(reading);
    stubs.forEach((s, i) => expect(s.compiled.code).toMatch(new RegExp(` ${i}$`)));
    // The main thread read the rest, from the back; the workers took more as they answered.
    const byWorker = stubs.filter((s) => s.compiled.code.startsWith('read in a worker')).length;
    expect(byWorker).toBe(batches.length * 200);
    expect(byWorker).toBeGreaterThan(inFlightAtMost * 200);
    expect(byWorker).toBeLessThan(all.length);
  });

  test('of a few pages asked for while batches still wait with those batches, not at once', async () => {
    const store = storeWithoutPool();
    // Workers never told to answer: what they took stays theirs.
    const { run, batches } = heldRuns();
    const compilePage = store.compilePage(run);
    const all = tasks(200 * (STUB_TASKS_IN_FLIGHT + 2) + 5, { moduleUrl: TEST_READER, exportName: 'readTestStub' });
    void Promise.all(all.slice(0, -5).map((task) => compilePage(task)));
    await new Promise((done) => setImmediate(done));
    const few = Promise.all(all.slice(-5).map((task) => compilePage(task)));
    const stubs = await few;
    // Read by this thread in turn, by the stub task, not by the source's own `stub` at once.
    expect(stubs.map((s) => s.compiled.code)).toEqual(all.slice(-5).map((t) => `read on the main thread ${String(t.stubTask!.input)}`));
    expect(batches.length).toBe(STUB_TASKS_IN_FLIGHT);
  });

  test('of a few pages on the main thread: a task would cost more than it saves', async () => {
    const store = storeWithoutPool();
    const { run, batches } = stubRuns();
    const compilePage = store.compilePage(run);
    const stubs = await Promise.all(tasks(199).map((task) => compilePage(task)));
    expect(batches).toEqual([]);
    expect(stubs[198]!.compiled.code).toBe('read here 198');
  });

  test('of a batch whose task failed on the main thread, with the source’s own reader', async () => {
    const store = storeWithoutPool();
    const { run, batches } = stubRuns(true);
    const compilePage = store.compilePage(run);
    const stubs = await Promise.all(tasks(250).map((task) => compilePage(task)));
    expect(batches.length).toBe(2);
    expect(stubs.map((s) => s.compiled.code)).toEqual(Array.from({ length: 250 }, (_, i) => `read here ${i}`));
  });

  test('of a source without a stub task on the main thread', async () => {
    const store = storeWithoutPool();
    const { run, batches } = stubRuns();
    const compilePage = store.compilePage(run);
    const stubs = await Promise.all(tasks(300).map(({ stubTask: _, ...task }) => compilePage(task)));
    expect(batches).toEqual([]);
    expect(stubs[0]!.compiled.code).toBe('read here 0');
  });
});
