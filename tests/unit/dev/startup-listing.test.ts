import { readdirSync, type Dirent } from 'node:fs';
import { afterAll, expect, test } from 'vitest';
import { DevSite } from '../../../src/dev/dev-site.ts';
import type { ReadTree } from '../../../src/dev/startup-changes.ts';
import { tempSite } from '../../helpers.ts';

const site = tempSite({
  'docs-gen.config.ts': "export default { title: 'Listing' };\n",
  'content/index.md': '# Home\n',
  'content/a.md': '# A\n',
  'content/b.md': '# B\n',
});
afterAll(site.cleanup);

/** The start-up listing as if b.md were added just after dev listed the folder. */
const withoutB: ReadTree = async (dir) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry: Dirent) => entry.name !== 'b.md');

test("dev's first run reads the pages from its start-up listing of the content folder, and the run after lists the folder again", async () => {
  const dev = new DevSite({ root: site.root, send: () => {}, log: { info: () => {}, error: () => {} }, readTree: withoutB });
  try {
    await dev.exclusive(() => dev.initialize());
    const pageRoutes = () => dev.site!.routes.filter((route) => route.sourcePath).map((route) => route.route).sort();
    // Listed by the content loader itself, the first site would have /b.
    expect(pageRoutes()).toEqual(['/', '/a']);
    // What the watcher's report of b.md (or the start's catch-up, `changesSince`) does.
    dev.pipeline.invalidate();
    await dev.exclusive(() => dev.refresh());
    expect(pageRoutes()).toEqual(['/', '/a', '/b']);
  } finally {
    await dev.close();
  }
});
