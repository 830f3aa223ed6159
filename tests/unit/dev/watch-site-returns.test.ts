import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test, vi } from 'vitest';
import { tempSite } from '../../helpers.ts';
import { watchFolders } from '../../watch-folders.ts';

// A watched folder removed while dev runs comes back while chokidar is looking for it: each test
// makes it again at one of the two moments chokidar would miss it, through a wrapper of
// chokidar's `watch` whose watchers run `beforeWatchAdd` with what `add` is given. (A module
// replaced with `vi.mock`: the file runs isolated, `UNIT_WITH_MODULE_MOCKS` in vitest.config.ts.)

/** Run with the paths each `add` of the watchers' chokidar is given, before chokidar gets them. */
let beforeWatchAdd: ((paths: string[]) => void) | undefined;
vi.mock('chokidar', async (importOriginal) => {
  const chokidar = await importOriginal<typeof import('chokidar')>();
  return {
    ...chokidar,
    watch: (...args: Parameters<typeof chokidar.watch>) => {
      const watcher = chokidar.watch(...args);
      const add = watcher.add.bind(watcher);
      watcher.add = (paths, ...rest) => {
        beforeWatchAdd?.([paths].flat());
        return add(paths, ...rest);
      };
      return watcher;
    },
  };
});

/**
 * Removes a site's public/ while dev watches it, makes it again (with `img/b.txt`) at the first
 * `add` of chokidar's that `now` picks (given what `add` is given and public/'s real path), and
 * waits for b.txt's add; then runs `after` with the watcher still open. The events the batches brought.
 */
async function removedAndBack(now: (paths: string[], real: string) => boolean, after?: (watching: ReturnType<typeof watchFolders>) => Promise<void>) {
  const site = tempSite({ 'content/index.md': '# Home\n', 'public/img/a.txt': 'a' });
  const watching = watchFolders(site.root);
  const { pub, eventSeen, watcher } = watching;
  const real = realpathSync(pub);
  let madeAgain = false;
  try {
    await watcher.ready;
    beforeWatchAdd = (paths) => {
      if (madeAgain || !now(paths, real)) return;
      madeAgain = true;
      mkdirSync(join(pub, 'img'), { recursive: true });
      writeFileSync(join(pub, 'img', 'b.txt'), 'b');
    };
    const back = eventSeen((e) => e.event === 'add' && e.path === join('public', 'img', 'b.txt'));
    rmSync(pub, { recursive: true });
    await back;
    expect(madeAgain, 'the folder was made again at that moment').toBe(true);
    await after?.(watching);
    return watching.seen;
  } finally {
    beforeWatchAdd = undefined;
    await watcher.close();
    site.cleanup();
  }
}

const addsOf = (seen: { event: string; path: string }[], path: string) => seen.filter((e) => e.event === 'add' && e.path === path);

// Made again after dev saw it go and before chokidar looked for it again (`watcher.add`):
// chokidar takes the folder back as one it starts with and, with `ignoreInitial`, reports nothing
// it holds. On a busy machine the integration test of a removed folder
// (dev-watched-folder-removed.test.ts) met this by chance: the file's add never came.
test('a watched folder back before chokidar looks for it again: what it holds is reported, once, and later changes in it too', async () => {
  const seen = await removedAndBack(
    (paths, real) => paths.includes(real),
    async ({ pub, eventSeen }) => {
      const changed = eventSeen((e) => e.event === 'change' && e.path === join('public', 'img', 'b.txt'));
      writeFileSync(join(pub, 'img', 'b.txt'), 'b, edited');
      await changed;
    },
  );
  expect(seen.some((e) => e.event === 'addDir' && e.path === 'public')).toBe(true);
  expect(addsOf(seen, join('public', 'img', 'b.txt'))).toHaveLength(1);
  expect(addsOf(seen, join('public', 'img', 'a.txt'))).toHaveLength(0);
});

// Made again after chokidar looked for it and found it gone, before it watches the folder above
// for its return (`watcher.add` of that folder, as chokidar calls it): no one would see it come
// back, unless dev looks again.
test('a watched folder back before chokidar watches for its return: dev looks again, and what it holds is reported once', async () => {
  const seen = await removedAndBack((paths, real) => paths.includes(dirname(real)));
  expect(addsOf(seen, join('public', 'img', 'b.txt'))).toHaveLength(1);
});
