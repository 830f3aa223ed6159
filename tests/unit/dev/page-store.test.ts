import { describe, expect, test } from 'vitest';
import type { PageCompileOutput, PageCompileTask, PluginContext } from '../../../src/pipeline/plugin.ts';
import { PageStore } from '../../../src/dev/page-store.ts';

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
});
