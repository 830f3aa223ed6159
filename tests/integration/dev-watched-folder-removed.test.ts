import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { FileEvent } from '../../src/dev/apply-changes.ts';
import { watchSite } from '../../src/dev/watch-site.ts';
import { tempSite } from '../helpers.ts';

/**
 * public/ (or content/) deleted while dev runs and made again: chokidar stopped watching the
 * folder, and nothing in it was seen again until a restart; a page's images stayed "not found"
 * (found by a differential fuzzer of dev against build).
 */
const site = tempSite({ 'content/index.md': '# Home\n', 'public/img/a.txt': 'a' });
afterAll(() => site.cleanup());

test('a watched folder removed and made again is watched again, what it holds and later changes in it too', async () => {
  const content = join(site.root, 'content');
  const pub = join(site.root, 'public');
  const seen: { event: FileEvent['event']; path: string }[] = [];
  let waiting: { until: () => boolean; done: () => void } | undefined;
  /** Resolves once a batch has brought an event that passes `accept`; no time limit of its own (the test's is the net). */
  const eventSeen = (accept: (e: { event: string; path: string }) => boolean) =>
    new Promise<void>((done) => {
      waiting = { until: () => seen.some(accept), done };
      if (waiting.until()) done();
    });
  const watcher = watchSite(
    { contentDir: content, publicDir: pub, configFiles: [], themeDir: content, rendererDirs: [], islandFiles: [], sourcePaths: [], pluginPaths: new Map(), locales: ['en-US'], defaultLocale: 'en-US' },
    async (events) => {
      seen.push(...events.map(({ event, path }) => ({ event, path: relative(site.root, path) })));
      if (waiting?.until()) waiting.done();
    },
  );
  try {
    await watcher.ready;
    const removed = eventSeen((e) => e.event === 'unlinkDir' && e.path === 'public');
    rmSync(pub, { recursive: true });
    await removed;

    const back = eventSeen((e) => e.event === 'add' && e.path === join('public', 'img', 'b.txt'));
    mkdirSync(join(pub, 'img'), { recursive: true });
    writeFileSync(join(pub, 'img', 'b.txt'), 'b');
    await back;

    const changed = eventSeen((e) => e.event === 'change' && e.path === join('public', 'img', 'b.txt'));
    writeFileSync(join(pub, 'img', 'b.txt'), 'b, edited');
    await changed;
    expect(seen.some((e) => e.event === 'addDir' && e.path === 'public')).toBe(true);
  } finally {
    await watcher.close();
  }
});
