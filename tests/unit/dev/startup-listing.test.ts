import { readdirSync } from 'node:fs';
import { afterAll, expect, test } from 'vitest';
import { DevPipeline } from '../../../src/dev/dev-pipeline.ts';
import { PageStore } from '../../../src/dev/page-store.ts';
import { listStartupFiles } from '../../../src/dev/startup-changes.ts';
import type { WorkerPool } from '../../../src/pipeline/worker-pool.ts';
import { tempSite } from '../../helpers.ts';

const site = tempSite({
  'docs-gen.config.ts': "export default { title: 'Listing' };\n",
  'content/index.md': '# Home\n',
  'content/a.md': '# A\n',
  'content/b.md': '# B\n',
});
afterAll(site.cleanup);

const noPool = (): WorkerPool => {
  throw new Error('no pool: a three-page site reads its stubs on this thread');
};

test("dev's start-up listing of the content folder is what the first run reads the pages from, and the run after lists the folder again", async () => {
  const store = new PageStore(noPool);
  const pipeline = new DevPipeline(site.root, store, noPool);
  await pipeline.loadConfig();
  const { contentDir } = pipeline.context;
  const listed = new Map<string, number>();
  await listStartupFiles({ dirs: [contentDir], files: [] }, { onListed: (dir, entries) => listed.set(dir, entries.length) });
  expect(listed).toEqual(new Map([[contentDir, 3]]));

  // A listing that has not seen b.md yet (as if it were added after dev listed the folder).
  pipeline.startupListing = readdirSync(contentDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.name !== 'b.md');
  const routesOf = async () => (await pipeline.run()).site.routes.filter((route) => route.sourcePath).map((route) => route.route).sort();
  expect(await routesOf()).toEqual(['/', '/a']);
  expect(pipeline.startupListing).toBeUndefined();
  // What the watcher's report of b.md (or the start's catch-up, `changesSince`) does.
  pipeline.invalidate();
  expect(await routesOf()).toEqual(['/', '/a', '/b']);
});
