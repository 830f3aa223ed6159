import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { PageCompileOutput, PageCompileTask, PluginContext } from '../../../src/pipeline/plugin.ts';
import { ANSWER_CHANGES_KEPT, PageStore } from '../../../src/dev/page-store.ts';
import { tempSitesEachTest } from '../../helpers.ts';

const PAGE = 'content/guide.mdx';

/** A page compile's output, told apart by its HTML. */
const output = (html: string): PageCompileOutput => ({ frontMatter: {}, compiled: { kind: 'html', code: html }, headings: [], references: [], sections: [] });

const task: PageCompileTask<unknown> = {
  moduleUrl: 'compile.js',
  exportName: 'compilePage',
  input: {},
  file: `/site/${PAGE}`,
  sourcePath: PAGE,
  stub: async () => output('the stub'),
};

/** Worker runs the test answers by hand, in the order they were asked for. */
function handAnsweredRuns(): { run: PluginContext['runInWorker']; answer: (index: number, html: string) => void; count: () => number } {
  const waiting: ((value: PageCompileOutput) => void)[] = [];
  const run = (() => new Promise<PageCompileOutput>((resolve) => waiting.push(resolve))) as PluginContext['runInWorker'];
  return { run, answer: (index, html) => waiting[index]!(output(html)), count: () => waiting.length };
}

describe('the dev page store', () => {
  // A config change empties the store (`initialize`) while the background compiles a page; the
  // page's entry is made again. A request then compiling that page must not join the compile of
  // the entry that is gone: that one's output lands nowhere, and the request got the stub (an
  // empty page) as the first page dev served.
  test('a compile begun before the store was emptied is not taken for a compile of the page as it is now', async () => {
    const store = new PageStore(() => {
      throw new Error('no pool: compiles go through the context');
    });
    const runs = handAnsweredRuns();
    const compilePage = store.compilePage(runs.run);
    await compilePage(task);
    const before = store.compile(PAGE);

    store.clear();
    await compilePage(task);
    const now = store.compile(PAGE);
    expect(runs.count()).toBe(2);

    runs.answer(0, 'compiled before the config changed');
    runs.answer(1, 'compiled after the config changed');
    await Promise.all([before, now]);
    expect(store.isCurrent(PAGE)).toBe(true);
    expect(store.answer(PAGE)?.compiled.code).toBe('compiled after the config changed');
  });

  test('tells which pages may answer otherwise since a count of changes, or that any may (an entry dropped, or the change no longer kept)', async () => {
    const store = new PageStore(() => {
      throw new Error('no pool: compiles go through the context');
    });
    const runs = handAnsweredRuns();
    const start = store.answerChanges;
    await store.compilePage(runs.run)(task);
    expect(store.answersChangedSince(start)).toEqual(new Set([PAGE]));
    const stubbed = store.answerChanges;
    expect(store.answersChangedSince(stubbed)).toEqual(new Set());
    const done = store.compile(PAGE);
    runs.answer(0, 'compiled');
    await done;
    expect(store.answersChangedSince(stubbed)).toEqual(new Set([PAGE]));
    const compiled = store.answerChanges;
    store.invalidate('content/other.md');
    expect(store.answersChangedSince(compiled)).toEqual(new Set(['content/other.md']));
    expect(store.answersChangedSince(stubbed)).toEqual(new Set([PAGE, 'content/other.md']));
    // Dropped: the page has no answer now, which no log of changes tells.
    store.forget('content/other.md');
    expect(store.answersChangedSince(compiled)).toBeUndefined();
    const dropped = store.answerChanges;
    expect(store.answersChangedSince(dropped)).toEqual(new Set());
    // Many changes later, the earliest are no longer kept; the latest still are.
    for (let i = 0; i < 2 * ANSWER_CHANGES_KEPT; i++) store.invalidate(PAGE);
    expect(store.answersChangedSince(dropped)).toBeUndefined();
    const recent = store.answerChanges - ANSWER_CHANGES_KEPT;
    expect(store.answersChangedSince(recent)).toEqual(new Set([PAGE]));
    store.clear();
    expect(store.answersChangedSince(recent)).toBeUndefined();
  });

  test('a page is pending, as the background lists it, from its task until its compile is done, and again once its file changes', async () => {
    const store = new PageStore(() => {
      throw new Error('no pool: compiles go through the context');
    });
    expect(store.isPending(PAGE)).toBe(false);
    const runs = handAnsweredRuns();
    await store.compilePage(runs.run)(task);
    expect([store.isPending(PAGE), store.pending()]).toEqual([true, [PAGE]]);
    const done = store.compile(PAGE);
    runs.answer(0, 'compiled');
    await done;
    expect([store.isPending(PAGE), store.pending()]).toEqual([false, []]);
    store.invalidate(PAGE);
    expect([store.isPending(PAGE), store.pending()]).toEqual([true, [PAGE]]);
    store.forget(PAGE);
    expect([store.isPending(PAGE), store.pending()]).toEqual([false, []]);
  });

  test("a compile whose bundle was made from a file outside content/ no compile named before tells dev, which watches it; the pages made from a file are known", async () => {
    const store = new PageStore(() => {
      throw new Error('no pool: compiles go through the context');
    });
    let told = 0;
    store.onNewImports = () => told++;
    const bundled = (imports: string[]): PageCompileOutput => ({ ...output(''), compiled: { kind: 'module', code: '/site/.docs-gen-cache/pages/a.mjs', imports } });
    const answers = [bundled(['/site/components/Note.tsx']), bundled(['/site/components/Note.tsx']), bundled(['/site/components/Note.tsx', '/site/data/plans.json']), output('no imports now')];
    const run = (async () => answers.shift()!) as PluginContext['runInWorker'];
    const other = { ...task, file: '/site/content/other.mdx', sourcePath: 'content/other.mdx' };
    await store.compilePage(run)(task);
    await store.compilePage(run)(other);

    await store.compile(PAGE);
    expect(told).toBe(1);
    await store.compile(other.sourcePath);
    expect(told).toBe(1);
    expect(store.importersOf('/site/components/Note.tsx').sort()).toEqual([PAGE, other.sourcePath].sort());
    // A folder (an event dev found by the folder's stamp): the pages made from a file in it.
    expect(store.importersOf('/site/components').sort()).toEqual([PAGE, other.sourcePath].sort());
    expect(store.importersOf('/site/comp')).toEqual([]);

    store.invalidate(PAGE);
    await store.compile(PAGE);
    expect(told).toBe(2);
    expect([...store.importedFiles()].sort()).toEqual(['/site/components/Note.tsx', '/site/data/plans.json']);
    expect(store.importersOf('/site/data/plans.json')).toEqual([PAGE]);

    store.invalidate(PAGE);
    await store.compile(PAGE);
    expect(told).toBe(2);
    expect(store.importersOf('/site/data/plans.json')).toEqual([]);
    expect([...store.importedFiles()]).toEqual(['/site/components/Note.tsx']);

    // A file no page imports any more, imported again: new again (dev's list of watched files lost it meanwhile).
    answers.push(bundled(['/site/data/plans.json']));
    store.invalidate(PAGE);
    await store.compile(PAGE);
    expect(told).toBe(3);

    // After a config change the store starts empty, and so does what dev watches of it: every import is new again.
    store.clear();
    answers.push(bundled(['/site/components/Note.tsx']));
    await store.compilePage(run)(task);
    await store.compile(PAGE);
    expect(told).toBe(4);
    expect(store.importedFiles()).toEqual(['/site/components/Note.tsx']);

    // Only the imports dev watches one by one count: one inside content/ is watched with the folder.
    store.watchesImport = (file) => !file.startsWith('/site/content/');
    answers.push(bundled(['/site/components/Note.tsx', '/site/content/pic.png']));
    store.invalidate(PAGE);
    await store.compile(PAGE);
    expect(told).toBe(4);
  });

  describe('a page whose file changes while the worker reads it', () => {
    const site = tempSitesEachTest();
    /** The page's compile begun on a file on disk, its worker runs answered by hand. */
    const compiling = async () => {
      const file = join(site({ 'content/guide.mdx': '# Guide\n\nThe first version.\n' }), PAGE);
      const store = new PageStore(() => {
        throw new Error('no pool: compiles go through the context');
      });
      const runs = handAnsweredRuns();
      await store.compilePage(runs.run)({ ...task, file });
      return { file, store, runs, done: store.compile(PAGE) };
    };
    /** Lets every promise the store chains run (no clock: a turn of the event loop). */
    const settled = () => new Promise((done) => setImmediate(done));

    // An editor's save truncates the file, then writes it: a worker that read in between compiled
    // an empty page, which dev served and kept as the last good version (seen under load in a
    // whole-suite run: after a render error dev served an empty page instead of the last good one).
    test('is read again, and what was read between the two writes is never taken', async () => {
      const { file, store, runs, done } = await compiling();
      writeFileSync(file, '# Guide\n\nThe second version, longer than the first.\n');
      runs.answer(0, 'read between the two writes');
      await settled();
      expect(runs.count()).toBe(2);
      expect(store.isCurrent(PAGE)).toBe(false);
      runs.answer(1, 'the second version');
      expect(await done).toBe(true);
      expect(store.answer(PAGE)?.compiled.code).toBe('the second version');
    });

    test('a file that never settles is read a bounded number of times, then what was read last is taken', async () => {
      const { file, store, runs, done } = await compiling();
      for (let read = 0; read < 3; read++) {
        writeFileSync(file, `# Guide\n\n${'More text. '.repeat(read + 1)}\n`);
        runs.answer(read, `read ${read + 1}`);
        await settled();
      }
      expect(await done).toBe(true);
      expect(runs.count()).toBe(3);
      expect(store.answer(PAGE)?.compiled.code).toBe('read 3');
    });

    test('a file left alone is read once', async () => {
      const { store, runs, done } = await compiling();
      runs.answer(0, 'the first version');
      expect(await done).toBe(true);
      expect(runs.count()).toBe(1);
      expect(store.answer(PAGE)?.compiled.code).toBe('the first version');
    });
  });
});
