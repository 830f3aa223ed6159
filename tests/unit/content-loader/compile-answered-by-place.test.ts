// The content loader's side of a compile answered with where the worker filed the page
// (`compilePageIntoCache`): read back as a hit is, marked as compiled now, and compiled again and
// answered whole when the place no longer holds it. Tasks run in this thread, as a worker runs them.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import contentLoader from '../../../plugins/content-loader/index.ts';
import { compilePage, compilePageIntoCache, type CompileInput } from '../../../plugins/content-loader/compile-page.ts';
import { foundInCompileCache, lazyCodePlace } from '../../../src/build/compiled-keys.ts';
import type { ContentPage, PluginContext } from '../../../src/pipeline/plugin.ts';
import { tempSite } from '../../helpers.ts';
import { inThreadContext } from './in-thread-context.ts';

const site = tempSite({
  'content/index.md': '# Home\n\nWelcome, read the [guide](./guide).\n\n```js\nconst answer = 42;\n```\n',
  'content/guide.mdx': '# Guide\n\nTwo is {1 + 1}.\n',
});
afterAll(site.cleanup);

let base: PluginContext;
beforeAll(async () => {
  base = await inThreadContext(site.root, 'build');
});

/** The context with its compile tasks run here by export name, each name recorded; `filed` stands in for the answer of `compilePageIntoCache`. */
function contextAnswering(filed?: (input: CompileInput) => Promise<unknown>) {
  const tasks: string[] = [];
  const context: PluginContext = {
    ...base,
    compilePage: async ({ exportName, input }) => {
      tasks.push(exportName);
      const task = input as CompileInput;
      if (exportName === 'compilePageIntoCache') return (filed ? await filed(task) : await compilePageIntoCache(task)) as Awaited<ReturnType<PluginContext['compilePage']>>;
      return compilePage(task);
    },
  };
  return { context, tasks };
}

const load = async (context: PluginContext) => ((await contentLoader().loadContent!({ context })) as ContentPage[]).sort((a, b) => (a.sourcePath < b.sourcePath ? -1 : 1));

/** Each page's code and Markdown body as a compile without the cache gives them. */
async function uncached() {
  const { context } = contextAnswering();
  const pages = await load({ ...context, persistentCache: false });
  return pages.map((page) => ({ sourcePath: page.sourcePath, code: page.compiled.code, kind: page.compiled.kind }));
}

describe('a page a worker filed in the compile cache', () => {
  test('is read back from there: its code read when asked for, the code of a compile without the cache; marked as compiled now, and found there by the next run', async () => {
    rmSync(join(site.root, '.docs-gen-cache'), { recursive: true, force: true });
    const cold = contextAnswering();
    const pages = await load(cold.context);
    expect(cold.tasks).toEqual(['compilePageIntoCache', 'compilePageIntoCache']);
    for (const page of pages) {
      expect(lazyCodePlace(page.compiled), page.sourcePath).toBeDefined();
      // Compiled now: the build looks its render up first (its likely miss).
      expect(foundInCompileCache(page.compiled), page.sourcePath).toBe(false);
    }
    expect(pages.map((page) => ({ sourcePath: page.sourcePath, code: page.compiled.code, kind: page.compiled.kind }))).toEqual(await uncached());

    const warm = contextAnswering();
    const again = await load(warm.context);
    expect(warm.tasks).toEqual([]);
    expect(again.map((page) => foundInCompileCache(page.compiled))).toEqual([true, true]);
  });

  test('whose place no longer holds it (its pack removed since) is compiled again, answered whole', async () => {
    rmSync(join(site.root, '.docs-gen-cache'), { recursive: true, force: true });
    const lost = contextAnswering(async (input) => {
      const answer = (await compilePageIntoCache(input)) as { filed: { pack: string; start: number; length: number } };
      rmSync(answer.filed.pack, { force: true });
      return answer;
    });
    const pages = await load(lost.context);
    expect(lost.tasks.sort()).toEqual(['compilePage', 'compilePage', 'compilePageIntoCache', 'compilePageIntoCache']);
    for (const page of pages) {
      expect(lazyCodePlace(page.compiled), page.sourcePath).toBeUndefined();
      expect(foundInCompileCache(page.compiled), page.sourcePath).toBe(false);
    }
    expect(pages.map((page) => ({ sourcePath: page.sourcePath, code: page.compiled.code, kind: page.compiled.kind }))).toEqual(await uncached());
  });
});
