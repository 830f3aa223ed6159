import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { CACHE_BUILD_ID_FILE, pruneCachesOfOtherBuilds } from '../../../src/util/prune-caches.ts';
import { tmp } from '../../helpers.ts';

let cacheDir: string;
afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

/** A cache folder as builds leave it: an entry in each build-keyed cache, and the caches that outlive a tool upgrade. */
function filledCache(recordedBuild?: string): string {
  cacheDir = tmp();
  for (const name of ['compiled/ab/abc.json', 'rendered/cd/cde.json', 'markdown/ef/efg.json', 'image-size/measured.json', 'external-links.json']) {
    mkdirSync(join(cacheDir, name, '..'), { recursive: true });
    writeFileSync(join(cacheDir, name), '{}');
  }
  if (recordedBuild) writeFileSync(join(cacheDir, CACHE_BUILD_ID_FILE), `${recordedBuild}\n`);
  return cacheDir;
}

test('a new build of the tool empties the caches keyed by the old one, and keeps the image and link caches', async () => {
  const dir = filledCache('old-build');
  expect(await pruneCachesOfOtherBuilds(dir, 'new-build')).toBe(true);
  for (const gone of ['compiled', 'rendered', 'markdown']) expect(existsSync(join(dir, gone)), gone).toBe(false);
  for (const kept of ['image-size/measured.json', 'external-links.json']) expect(existsSync(join(dir, kept)), kept).toBe(true);
  expect(readFileSync(join(dir, CACHE_BUILD_ID_FILE), 'utf8').trim()).toBe('new-build');
});

test('the same build keeps every entry', async () => {
  const dir = filledCache('this-build');
  expect(await pruneCachesOfOtherBuilds(dir, 'this-build')).toBe(false);
  for (const kept of ['compiled/ab/abc.json', 'rendered/cd/cde.json', 'markdown/ef/efg.json']) expect(existsSync(join(dir, kept)), kept).toBe(true);
});

test('caches left by a docs-gen from before the record are dead too: emptied, and the record written', async () => {
  const dir = filledCache();
  await pruneCachesOfOtherBuilds(dir, 'this-build');
  expect(existsSync(join(dir, 'compiled'))).toBe(false);
  expect(readFileSync(join(dir, CACHE_BUILD_ID_FILE), 'utf8').trim()).toBe('this-build');
});

test('a site built for the first time gets the record and nothing else', async () => {
  cacheDir = join(tmp(), 'no-cache-yet');
  expect(await pruneCachesOfOtherBuilds(cacheDir, 'this-build')).toBe(false);
  expect(readFileSync(join(cacheDir, CACHE_BUILD_ID_FILE), 'utf8').trim()).toBe('this-build');
});

test("a new build of the tool removes the output folders an older one kept for reuse (`output/<hash>.folders`), and keeps the output manifests", async () => {
  const dir = filledCache('old-build');
  mkdirSync(join(dir, 'output', '0123456789abcdef.folders', 'guide'), { recursive: true });
  writeFileSync(join(dir, 'output', '0123456789abcdef.json'), '{}');
  await pruneCachesOfOtherBuilds(dir, 'new-build');
  expect(existsSync(join(dir, 'output', '0123456789abcdef.folders'))).toBe(false);
  expect(existsSync(join(dir, 'output', '0123456789abcdef.json'))).toBe(true);
});

test('a cache folder is set aside before it is removed, and one a killed prune left aside goes at the next', async () => {
  const dir = filledCache('old-build');
  mkdirSync(join(dir, 'rendered.pruned-0123456789ab', 'cd'), { recursive: true });
  writeFileSync(join(dir, 'rendered.pruned-0123456789ab', 'cd', 'cde.json'), '{}');
  expect(await pruneCachesOfOtherBuilds(dir, 'new-build')).toBe(true);
  // Only what outlives an upgrade, and the record: nothing set aside, no cache of the old build.
  expect(readdirSync(dir).sort()).toEqual(['external-links.json', 'image-size', CACHE_BUILD_ID_FILE]);
});
