import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { tempSite } from '../helpers.ts';
import { watchFolders } from '../watch-folders.ts';

/**
 * public/ (or content/) deleted while dev runs and made again: chokidar stopped watching the
 * folder, and nothing in it was seen again until a restart; a page's images stayed "not found"
 * (found by a differential fuzzer of dev against build). The folder's return racing chokidar's
 * look for it: `tests/unit/dev/watch-site-returns.test.ts`.
 */
const site = tempSite({ 'content/index.md': '# Home\n', 'public/img/a.txt': 'a' });
afterAll(() => site.cleanup());

test('a watched folder removed and made again is watched again, what it holds and later changes in it too', async () => {
  const { pub, seen, eventSeen, watcher } = watchFolders(site.root);
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
