import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
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

/** A site whose last build wrote its source index a minute from now: every file written so far is older. */
function builtSite(files: Record<string, string>, indexText = '{}'): { root: string; builtAt: number } {
  const root = site({ 'docs-gen.config.ts': 'export default {};\n', ...files });
  const index = sourceIndexFile(join(root, '.docs-gen-cache'), join(root, 'content'));
  mkdirSync(dirname(index), { recursive: true });
  writeFileSync(index, indexText);
  const builtAt = Date.now() + 60 * SECOND;
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

  test('a file that is not a page does not count', () => {
    const { root, builtAt } = builtSite({ 'content/index.md': '# Home\n', 'content/notes.txt': 'notes' });
    touch(root, 'content/notes.txt', builtAt + 5 * SECOND);
    expect(editedSinceLastBuild(root)).toBe(false);
  });

  test('no guess without an index (a first build) or for a large site (its index over the limit)', () => {
    const root = site({ 'docs-gen.config.ts': 'export default {};\n', 'content/index.md': '# Home\n' });
    expect(editedSinceLastBuild(root)).toBe(false);
    const large = builtSite({ 'content/index.md': '# Home\n' }, ' '.repeat(SMALL_SITE_INDEX_BYTES + 1));
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

  test('a build of an edited site finds one worker started, by `--root` or `--root=`', () => {
    const { root, builtAt } = builtSite({ 'content/index.md': '# Home\n' });
    touch(root, 'content/index.md', builtAt + 5 * SECOND);
    startBuildPoolAhead(['build', '--root', root]);
    expect(take(root).started).toBe(1);
    startBuildPoolAhead([`--root=${root}`, 'build']);
    expect(take(root).started).toBe(1);
    // Taken once: the next build starts on demand.
    expect(take(root).started).toBe(0);
  });

  test('none for another command, without the cache, or with nothing edited', () => {
    const { root, builtAt } = builtSite({ 'content/index.md': '# Home\n' });
    startBuildPoolAhead(['build', '--root', root]);
    expect(take(root).started).toBe(0);
    touch(root, 'content/index.md', builtAt + 5 * SECOND);
    for (const args of [['check', '--root', root], ['dev', '--root', root], ['build', '--no-cache', '--root', root]]) {
      startBuildPoolAhead(args);
      expect(take(root).started, args.join(' ')).toBe(0);
    }
  });

  test("a build of another root does not take it", () => {
    const { root, builtAt } = builtSite({ 'content/index.md': '# Home\n' });
    touch(root, 'content/index.md', builtAt + 5 * SECOND);
    startBuildPoolAhead(['build', '--root', root]);
    const other = site({ 'content/index.md': '# Other\n' });
    expect(take(other).started).toBe(0);
    expect(take(root).started).toBe(0);
  });
});
