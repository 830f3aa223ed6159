import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { buildPoolFor, startBuildPoolAhead } from '../../../src/build/pool-ahead.ts';
import type { WorkerPool } from '../../../src/pipeline/worker-pool.ts';
import { editedSinceLastBuild, SMALL_SITE_INDEX_BYTES, sourceIndexFile } from '../../../src/util/content-pages.ts';
import { tempSitesEachTest } from '../../helpers.ts';

const site = tempSitesEachTest();
const pools: WorkerPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

const SECOND = 1000;
const HOUR = 3600 * SECOND;

/**
 * A site whose last build wrote its source index at `builtAt` (by default an hour from now: every
 * file written so far, its change time included, is older).
 */
function builtSite(files: Record<string, string>, { indexText = '{}', builtAt = Date.now() + HOUR } = {}): { root: string; builtAt: number } {
  const root = site({ 'docs-gen.config.ts': 'export default {};\n', ...files });
  const index = sourceIndexFile(join(root, '.docs-gen-cache'), join(root, 'content'));
  mkdirSync(dirname(index), { recursive: true });
  writeFileSync(index, indexText);
  utimesSync(index, builtAt / SECOND, builtAt / SECOND);
  return { root, builtAt };
}

/** Sets a file's modification time (its change time becomes now, older than the index above). */
const touch = (root: string, path: string, at: number) => utimesSync(join(root, path), at / SECOND, at / SECOND);

describe('editedSinceLastBuild: a page written after the last build wrote its source index', () => {
  test('none when every page is older than the index; one when a page, or a new page, is newer', () => {
    const { root, builtAt } = builtSite({ 'content/index.md': '# Home\n', 'content/guide/intro.mdx': '# Intro\n' });
    expect(editedSinceLastBuild(root)).toBe(false);
    touch(root, 'content/guide/intro.mdx', builtAt + 5 * SECOND);
    expect(editedSinceLastBuild(root)).toBe(true);
    touch(root, 'content/guide/intro.mdx', builtAt - 5 * SECOND);
    expect(editedSinceLastBuild(root)).toBe(false);
    writeFileSync(join(root, 'content', 'guide', 'new.md'), '# New\n');
    touch(root, 'content/guide/new.md', builtAt + 5 * SECOND);
    expect(editedSinceLastBuild(root)).toBe(true);
  });

  test('a page whose modification time was set back counts by its change time (`touch -r`)', () => {
    const builtAt = Date.now() - HOUR;
    const { root } = builtSite({ 'content/index.md': '# Home\n' }, { builtAt });
    touch(root, 'content/index.md', builtAt - HOUR);
    expect(editedSinceLastBuild(root)).toBe(true);
  });

  test('a file the content loader does not read as a page does not count', () => {
    const { root, builtAt } = builtSite({
      'content/index.md': '# Home\n',
      'content/notes.txt': 'notes',
      'content/_partials/note.md': 'A partial.\n',
      'content/guide/_draft.mdx': '# Draft\n',
      'content/.hidden/page.md': '# Hidden\n',
    });
    for (const path of ['content/notes.txt', 'content/_partials/note.md', 'content/guide/_draft.mdx', 'content/.hidden/page.md']) touch(root, path, builtAt + 5 * SECOND);
    // A link is not read either (the loader warns of it).
    symlinkSync(join(root, 'content', 'notes.txt'), join(root, 'content', 'linked.md'));
    expect(editedSinceLastBuild(root)).toBe(false);
  });

  test('no guess without an index (a first build) or for a large site (its index over the limit)', () => {
    const root = site({ 'docs-gen.config.ts': 'export default {};\n', 'content/index.md': '# Home\n' });
    expect(editedSinceLastBuild(root)).toBe(false);
    const large = builtSite({ 'content/index.md': '# Home\n' }, { indexText: ' '.repeat(SMALL_SITE_INDEX_BYTES + 1) });
    touch(large.root, 'content/index.md', large.builtAt + 5 * SECOND);
    expect(editedSinceLastBuild(large.root)).toBe(false);
  });
});

describe('startBuildPoolAhead: the pool a build of an edited site takes', () => {
  const take = (root: string) => {
    const pool = buildPoolFor(root);
    pools.push(pool);
    return pool;
  };
  const startAhead = (args: string[]) => {
    const pool = startBuildPoolAhead(args);
    if (pool) pools.push(pool);
    return pool;
  };

  test('a build of an edited site finds one worker started, by `--root` or `--root=`', () => {
    const { root, builtAt } = builtSite({ 'content/index.md': '# Home\n' });
    touch(root, 'content/index.md', builtAt + 5 * SECOND);
    const ahead = startAhead(['build', '--root', root]);
    expect(take(root)).toBe(ahead);
    expect(ahead?.started).toBe(1);
    expect(take(root).started).toBe(0);
    startAhead(['--debug', 'build', `--root=${root}`]);
    expect(take(root).started).toBe(1);
  });

  test('none for another command, without the cache, or with nothing edited', () => {
    const { root, builtAt } = builtSite({ 'content/index.md': '# Home\n' });
    expect(startAhead(['build', '--root', root])).toBeUndefined();
    expect(take(root).started).toBe(0);
    touch(root, 'content/index.md', builtAt + 5 * SECOND);
    for (const args of [['check', '--root', root], ['dev', '--root', root], ['build', '--no-cache', '--root', root]]) {
      expect(startAhead(args), args.join(' ')).toBeUndefined();
      expect(take(root).started, args.join(' ')).toBe(0);
    }
  });

  test("a build of another root does not take it", () => {
    const { root, builtAt } = builtSite({ 'content/index.md': '# Home\n' });
    touch(root, 'content/index.md', builtAt + 5 * SECOND);
    const ahead = startAhead(['build', '--root', root]);
    const other = site({ 'content/index.md': '# Other\n' });
    const taken = take(other);
    expect(taken).not.toBe(ahead);
    expect(taken.started).toBe(0);
    expect(take(root).started).toBe(0);
  });
});
