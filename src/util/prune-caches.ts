import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The caches whose every key holds the tool's build id: none of their entries can be hit by another build of the tool. */
export const BUILD_KEYED_CACHES = ['compiled', 'rendered', 'markdown'] as const;

/** Where the cache folder records which build of the tool last wrote to it. */
export const CACHE_BUILD_ID_FILE = 'tool-build-id';

/**
 * Empties the build-keyed caches when the tool that last used them was another build: their
 * entries could never be hit again (each key holds the build id), and without this every upgrade
 * of docs-gen left a full set behind (about 130 MB at 2000 pages). Entries of older content of
 * the same build stay; they are small and bounded by the edits made between upgrades.
 * Returns whether anything was removed.
 */
export async function pruneCachesOfOtherBuilds(cacheDir: string, buildId: string): Promise<boolean> {
  const marker = join(cacheDir, CACHE_BUILD_ID_FILE);
  const recorded = (await readFile(marker, 'utf8').catch(() => '')).trim();
  if (recorded === buildId) return false;
  // A missing marker with caches present: written by a docs-gen from before the marker, so as dead.
  await Promise.all(BUILD_KEYED_CACHES.map((name) => rm(join(cacheDir, name), { recursive: true, force: true })));
  // A docs-gen that reused an older output's folders kept them as `output/<hash>.folders`; none reads them now.
  const outputEntries = await readdir(join(cacheDir, 'output')).catch(() => []);
  await Promise.all(outputEntries.filter((name) => name.endsWith('.folders')).map((name) => rm(join(cacheDir, 'output', name), { recursive: true, force: true })));
  await mkdir(cacheDir, { recursive: true });
  await writeFile(marker, `${buildId}\n`);
  return recorded !== '';
}
