import { afterAll, describe, expect, test } from 'vitest';
import contentLoader, { PAGES_PER_TURN } from '../../../plugins/content-loader/index.ts';
import type { PageCompileOutput, PageCompileTask, PluginContext } from '../../../src/pipeline/plugin.ts';
import { prepareSite } from '../../../src/build/build.ts';
import { PageStore } from '../../../src/dev/page-store.ts';
import type { StubTask } from '../../../src/dev/read-stubs.ts';
import { tempSite } from '../../helpers.ts';

// With nothing to look up on the main thread (dev, a build with --no-cache) the content loader
// asks for each page as it lists it, and lets the event loop turn every PAGES_PER_TURN pages: dev's
// page store sends the stubs asked for so far to its worker while the rest are listed (at 10 000
// pages the worker had sat idle for the listing's 0.4 s). Asked for all at once after the listing,
// every page was asked for in the same turn.

const PAGES = 2 * PAGES_PER_TURN + 200;
const pageName = (i: number) => `page-${String(i).padStart(4, '0')}`;
const site = tempSite(Object.fromEntries(Array.from({ length: PAGES }, (_, i) => [`content/${pageName(i)}.md`, `# Page ${i}\n`])));
afterAll(site.cleanup);

const answer = (title: string): PageCompileOutput => ({ frontMatter: { title }, compiled: { kind: 'html', code: '' }, headings: [], references: [], sections: [] });

/** Loads the content with a `compilePage` that notes, for each page asked for, the turn of the event loop it was asked for in. */
async function turnsAskedIn(mode: PluginContext['mode'], cache: boolean): Promise<{ sourcePaths: string[]; turns: number[]; routes: string[] }> {
  const { context } = await prepareSite(site.root, mode, () => {
    throw new Error('no task goes to a pool here');
  }, { cache });
  let turn = 0;
  let loading = true;
  const count = () => {
    turn++;
    if (loading) setImmediate(count);
  };
  setImmediate(count);
  const sourcePaths: string[] = [];
  const turns: number[] = [];
  const compilePage = async (task: PageCompileTask<unknown>) => {
    sourcePaths.push(task.sourcePath);
    turns.push(turn);
    return answer(task.sourcePath);
  };
  try {
    const pages = await contentLoader().loadContent!({ context: { ...context, compilePage: compilePage as PluginContext['compilePage'] } });
    return { sourcePaths, turns, routes: pages.map((page) => page.route) };
  } finally {
    loading = false;
  }
}

describe('with nothing looked up on the main thread, the content loader', () => {
  for (const [what, mode, cache] of [
    ['dev', 'dev', true],
    ['a build with --no-cache', 'build', false],
  ] as const) {
    test(`asks for the pages as it lists them, ${PAGES_PER_TURN} to a turn of the event loop, in the files' order (${what})`, async () => {
      const { sourcePaths, turns, routes } = await turnsAskedIn(mode, cache);
      expect(sourcePaths).toEqual(Array.from({ length: PAGES }, (_, i) => `content/${pageName(i)}.md`));
      // Each slice in one turn, each later slice in a later turn than the one before.
      for (let i = 0; i < PAGES; i++) expect(turns[i], pageName(i)).toBe(turns[i - (i % PAGES_PER_TURN)]);
      for (let slice = PAGES_PER_TURN; slice < PAGES; slice += PAGES_PER_TURN) expect(turns[slice]!).toBeGreaterThan(turns[slice - 1]!);
      // The pages still come back in the files' order.
      expect(routes).toEqual(Array.from({ length: PAGES }, (_, i) => `/${pageName(i)}`));
    });
  }
});

test("dev's page store sends each slice's stubs to the workers before the next slice is listed", async () => {
  const { context } = await prepareSite(site.root, 'dev', () => {
    throw new Error('no task goes to a pool here');
  });
  const store = new PageStore(() => {
    throw new Error('tasks go through the context');
  });
  let asked = 0;
  /** How many pages had been asked for when each batch of stubs went to a worker. */
  const askedAtPost: number[] = [];
  const run = (async (task: { input: StubTask[] }) => {
    askedAtPost.push(asked);
    return task.input.map(({ input }) => answer(String((input as { relativePath: string }).relativePath)));
  }) as PluginContext['runInWorker'];
  const storeCompile = store.compilePage(run);
  const compilePage = ((task: PageCompileTask<unknown>) => {
    asked++;
    return storeCompile(task);
  }) as PluginContext['compilePage'];
  const pages = await contentLoader().loadContent!({ context: { ...context, runInWorker: run, compilePage } });
  expect(pages).toHaveLength(PAGES);
  // The first batch went out while only the first slice had been asked for, and each later slice's
  // before the slice after it.
  expect(askedAtPost[0]).toBe(PAGES_PER_TURN);
  expect(askedAtPost.filter((n) => n === 2 * PAGES_PER_TURN).length).toBeGreaterThan(0);
});
