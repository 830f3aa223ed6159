import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DevSite } from '../../src/dev/dev-site.ts';
import type { SiteSnapshot } from '../../src/build/route-data.ts';
import { tempSite } from '../helpers.ts';

/**
 * Issue 11, item 11: under heavy load dev reported images missing on pages that had not changed.
 * A refresh made its new routes visible to requests before the render workers had the snapshot
 * (with the image-size table) that goes with them, so a page compiled in the background could
 * render against the table of the site before it was compiled. Here the snapshot's hand-over is
 * held open by the test instead of by a slow machine.
 */
let site: ReturnType<typeof tempSite>;
let dev: DevSite;

beforeAll(async () => {
  site = tempSite({
    'content/index.mdx': '# Home\n\nNothing to see.\n',
    'content/boxes.mdx': '# Boxes\n\n<DocImage src="/box.svg" alt="A box" />\n',
    'public/box.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"></svg>\n',
    'docs-gen.config.ts': "export default { title: 'Racing' };\n",
  });
  dev = new DevSite({ root: site.root, send: () => {}, log: { info: () => {}, error: () => {} } });
  await dev.exclusive(() => dev.initialize());
});

afterAll(async () => {
  await dev?.pool.close();
  site?.cleanup();
});

describe('dev hands the workers a refresh’s snapshot before its routes', () => {
  test('a page compiled in the background renders with the image table that includes its images', async () => {
    // Until it is compiled the page is a stub with no references, so the table has no box.svg yet.
    expect(dev.store.pending()).toContain('content/boxes.mdx');
    let snapshotRequested!: () => void;
    const reachedHandOver = new Promise<void>((done) => (snapshotRequested = done));
    let releaseHandOver!: () => void;
    const handOver = new Promise<void>((done) => (releaseHandOver = done));
    const setSnapshot = dev.renderer.setSnapshot.bind(dev.renderer);
    dev.renderer.setSnapshot = async (snapshot: SiteSnapshot) => {
      snapshotRequested();
      await handOver;
      return setSnapshot(snapshot);
    };

    // What the background compiler does: compile outside the lock, then refresh under it.
    await dev.store.compile('content/boxes.mdx');
    const refreshed = dev.exclusive(() => dev.refresh());
    await reachedHandOver;

    // A request arrives while the snapshot is on its way to the workers.
    const answered = (async () => {
      const route = await dev.ensureCompiled(dev.routes.at('/boxes')!);
      return dev.render(route);
    })();
    // Two turns of the event loop: enough for a request that does not wait to reach the workers.
    for (let turn = 0; turn < 2; turn++) await new Promise((done) => setImmediate(done));
    releaseHandOver();
    await refreshed;

    const { status, html } = await answered;
    expect(dev.errors.text()).toBe('');
    expect(status).toBe(200);
    expect(html).toMatch(/<img[^>]*src="\/box\.svg"[^>]*width="40"[^>]*height="20"/);
  });
});
