import { expect, test } from 'vitest';
import type { SiteSnapshot } from '../../../src/build/route-data.ts';
import type { RenderOutput } from '../../../src/build/render-worker.tsx';
import type { SitePatch } from '../../../src/build/site-patch.ts';
import { DevRenderer } from '../../../src/dev/dev-renderer.ts';
import type { PluginContext, RouteDefinition } from '../../../src/pipeline/plugin.ts';
import type { WorkerPool } from '../../../src/pipeline/worker-pool.ts';

/** A snapshot told apart by its sidebar tree's URL (the part a title change alters). */
const snapshotWithTree = (url: string) => ({ sidebarUrls: { 'en-US': url } }) as unknown as SiteSnapshot;

/**
 * One render worker, played by hand: a page it renders names the sidebar tree of the site it holds.
 * A patch of the site reaches it only when the test lets it (`deliverPatch`), as a busy worker
 * takes a render asked for after the broadcast before the broadcast's own message.
 */
function handDeliveredWorker() {
  let tree = '';
  let deliver: (() => void) | undefined;
  const pool = {
    async run(): Promise<RenderOutput> {
      return { outputPath: 'guide/index.html', page: { html: `<script data-tree="${tree}"></script>`, theme: {} as NonNullable<RenderOutput['page']>['theme'] } };
    },
    async broadcast({ exportName, input }: { exportName: string; input: unknown }): Promise<void> {
      if (exportName === 'setSite') tree = (input as SiteSnapshot).sidebarUrls['en-US']!;
      const patched = exportName === 'patchSite' ? (input as SitePatch).sidebarUrls?.['en-US'] : undefined;
      if (patched === undefined) return;
      await new Promise<void>((done) => (deliver = done));
      tree = patched;
    },
  };
  return { pool: pool as unknown as WorkerPool, deliverPatch: () => deliver!() };
}

const guide: RouteDefinition = { route: '/guide', locale: 'en-US', title: 'Guide', content: { type: 'html', html: '<p>Guide</p>' } };
const options = { plugins: [], context: { config: { evaluationTimeoutMs: 1000, defaultLocale: 'en-US' } } as unknown as PluginContext };

/** A renderer on one hand-delivered worker whose renders are counted, holding the site of sidebar tree `a`. */
async function countingRenderer(): Promise<{ renderer: DevRenderer; renders: () => number }> {
  const worker = handDeliveredWorker();
  let renders = 0;
  const counted = { ...worker.pool, run: (...args: Parameters<WorkerPool['run']>) => (renders++, worker.pool.run(...args)) } as unknown as WorkerPool;
  const renderer = new DevRenderer(() => counted, '/site');
  await renderer.setSnapshot(snapshotWithTree('/_docs-gen/sidebar-a.json'));
  return { renderer, renders: () => renders };
}

// Under load a page rendered while the workers were being sent a renamed page's new sidebar tree
// (rendered with the old one) was kept, and served after the rename (seen in a whole-suite run).
test('a page rendered while the workers are being sent a new site is not kept: the next request renders it with the new site', async () => {
  const worker = handDeliveredWorker();
  const renderer = new DevRenderer(() => worker.pool, '/site');
  await renderer.setSnapshot(snapshotWithTree('/_docs-gen/sidebar-old.json'));
  expect(await renderer.render(guide, options)).toContain('sidebar-old');

  const sending = renderer.setSnapshot(snapshotWithTree('/_docs-gen/sidebar-new.json'));
  expect(await renderer.render(guide, options)).toContain('sidebar-old');
  worker.deliverPatch();
  expect(await sending).toBe(true);
  expect(await renderer.render(guide, options)).toContain('sidebar-new');
});

test('a page rendered with the site the workers hold is kept until the site changes', async () => {
  const { renderer, renders } = await countingRenderer();
  await renderer.render(guide, options);
  await renderer.render(guide, options);
  expect(renders()).toBe(1);
  expect(await renderer.setSnapshot(snapshotWithTree('/_docs-gen/sidebar-a.json'))).toBe(false);
  await renderer.render(guide, options);
  expect(renders()).toBe(1);
});

test('a broadcast that fails still drops the pages kept: some workers may hold the new site', async () => {
  const worker = handDeliveredWorker();
  let renders = 0;
  let failing = false;
  const pool = {
    run: (...args: Parameters<WorkerPool['run']>) => (renders++, worker.pool.run(...args)),
    broadcast: async (...args: Parameters<WorkerPool['broadcast']>) => {
      if (failing) throw new Error('a component failed to load');
      return worker.pool.broadcast(...args);
    },
  } as unknown as WorkerPool;
  const renderer = new DevRenderer(() => pool, '/site');
  await renderer.setSnapshot(snapshotWithTree('/_docs-gen/sidebar-a.json'));
  await renderer.render(guide, options);
  failing = true;
  await expect(renderer.setSnapshot(snapshotWithTree('/_docs-gen/sidebar-b.json'))).rejects.toThrow('a component failed to load');
  await renderer.render(guide, options);
  expect(renders).toBe(2);
});

test('retain forgets the routes the list no longer has, by locale and route (a route without a locale too), and keeps the rest', async () => {
  const { renderer, renders } = await countingRenderer();
  const noLocale: RouteDefinition = { route: '/plain page', title: 'Plain', content: { type: 'html', html: '<p>Plain</p>' } };
  const german: RouteDefinition = { ...guide, locale: 'de' };
  for (const route of [guide, noLocale, german]) await renderer.render(route, options);
  expect(renders()).toBe(3);
  renderer.retain([{ ...guide }, { ...noLocale }]);
  expect(renderer.lastGoodHtml(guide)).toBeDefined();
  expect(renderer.lastGoodHtml(noLocale)).toBeDefined();
  expect(renderer.lastGoodHtml(german)).toBeUndefined();
  // Kept: served from the cache. Forgotten: rendered again.
  await renderer.render(guide, options);
  await renderer.render(noLocale, options);
  expect(renders()).toBe(3);
  await renderer.render(german, options);
  expect(renders()).toBe(4);
  // A plugin's locale may have a space in it.
  const spaced: RouteDefinition = { ...guide, locale: 'en US' };
  await renderer.render(spaced, options);
  renderer.retain([guide, noLocale, spaced]);
  expect(renderer.lastGoodHtml(spaced)).toBeDefined();
  renderer.retain([]);
  expect(renderer.lastGoodHtml(spaced)).toBeUndefined();
  expect(renderer.lastGoodHtml(guide)).toBeUndefined();
  expect(renderer.lastGoodHtml(noLocale)).toBeUndefined();
});
