import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import contentLoader from '../../../plugins/content-loader/index.ts';
import type { ContentPage, OutputFiles, PluginActions, PluginContext, RouteDefinition } from '../../../src/pipeline/plugin.ts';
import { tempSite } from '../../helpers.ts';
import { inThreadContext } from './in-thread-context.ts';

// One step a turn of the event loop: where the llms files' asks fall against a failure no longer depends on the machine's speed.
vi.mock('docs-gen', async (importOriginal) => {
  const original = await importOriginal<typeof import('docs-gen')>();
  return {
    ...original,
    EventLoopTurns: class extends original.EventLoopTurns {
      constructor() {
        super(0);
      }
    },
  };
});

const PAGES = 12;
const site = tempSite(Object.fromEntries(Array.from({ length: PAGES }, (_, i) => [`content/page-${String(i).padStart(2, '0')}.md`, `# Page ${i}\n\nWords of page ${i}.\n`])));
afterAll(site.cleanup);

let context: PluginContext;
beforeAll(async () => {
  context = await inThreadContext(site.root, 'dev');
});

test("a failed write of a page's Markdown: the hook ends with it once every page's file was asked for and written, and none is asked for after", async () => {
  const loader = contentLoader();
  const content = (await loader.loadContent!({ context })) as ContentPage[];
  const routes: RouteDefinition[] = [];
  const actions = { addRoute: (route: RouteDefinition) => routes.push(route), emitFile: () => {} } as unknown as PluginActions;
  await loader.contentLoaded!({ content, allContent: {}, pages: content, actions, context });
  let ended = false;
  const asked: string[] = [];
  const askedAfterTheEnd: string[] = [];
  const written: string[] = [];
  const output: OutputFiles = {
    write: async () => {},
    writePieces: async (path, pieces) => {
      (ended ? askedAfterTheEnd : asked).push(path);
      if (path === '/page-02.md') throw new Error('the disk is full');
      for (const piece of pieces) await piece.make();
      written.push(path);
    },
  };
  const hook = Promise.resolve(loader.postBuild!({ outDir: join(site.root, 'out'), site: { routes, navigation: {}, globalData: {}, themeData: {} }, context, output }));
  await expect(hook.finally(() => (ended = true))).rejects.toThrow('the disk is full');
  // Every page's file and llms-full.txt were asked for, and all but the failed one written, before the hook ended.
  expect(asked).toHaveLength(PAGES + 1);
  expect(written).toHaveLength(PAGES);
  for (let turn = 0; turn < 20; turn++) await new Promise((next) => setImmediate(next));
  expect(askedAfterTheEnd).toEqual([]);
});
