import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The caches whose every key holds the tool's build id: none of their entries can be hit by another build of the tool. */
export const BUILD_KEYED_CACHES = ['compiled', 'rendered', 'markdown'] as const;

/** The name a cache folder is set aside under while it is removed. */
const ASIDE = /\.pruned-[0-9a-f]+$/;

/**
 * Removes a cache folder by renaming it aside first, then removing that: a build beside this one
 * (two builds of a site after an upgrade) may be writing entries into the folder, and a removal in
 * place then failed to remove the folder it had emptied (ENOTEMPTY), which stopped the build. A
 * folder that cannot be removed is left: it is a cache.
 */
async function removeAside(cacheDir: string, name: string): Promise<void> {
  const aside = join(cacheDir, `${name}.pruned-${randomBytes(6).toString('hex')}`);
  try {
    await rename(join(cacheDir, name), aside);
  } catch {
    // Not there (or another build set it aside first).
    return;
  }
  await rm(aside, { recursive: true, force: true }).catch(() => {});
}

/** Where the cache folder records which build of the tool last wrote to it. */
export const CACHE_BUILD_ID_FILE = 'tool-build-id';

/**
 * Empties the build-keyed caches when the tool that last used them was another build: their
 * entries could never be hit again (each key holds the build id), and without this every upgrade
 * of docs-gen left a full set behind (about 130 MB at 2000 pages). Entries of older content of
 * the same build stay until a build that succeeds finds they take more than three times the room of what it used
 * (`prunePacks`).
 * Returns whether anything was removed.
 */
export async function pruneCachesOfOtherBuilds(cacheDir: string, buildId: string): Promise<boolean> {
  const marker = join(cacheDir, CACHE_BUILD_ID_FILE);
  const recorded = (await readFile(marker, 'utf8').catch(() => '')).trim();
  if (recorded === buildId) return false;
  // A missing marker with caches present: written by a docs-gen from before the marker, so as dead.
  await Promise.all(BUILD_KEYED_CACHES.map((name) => removeAside(cacheDir, name)));
  // Folders set aside by a prune that did not get to remove them (a process killed meanwhile).
  const leftAside = (await readdir(cacheDir).catch(() => [])).filter((name) => ASIDE.test(name));
  await Promise.all(leftAside.map((name) => rm(join(cacheDir, name), { recursive: true, force: true }).catch(() => {})));
  // A docs-gen that reused an older output's folders kept them as `output/<hash>.folders`; none reads them now.
  const outputEntries = await readdir(join(cacheDir, 'output')).catch(() => []);
  await Promise.all(outputEntries.filter((name) => name.endsWith('.folders')).map((name) => rm(join(cacheDir, 'output', name), { recursive: true, force: true })));
  await mkdir(cacheDir, { recursive: true });
  await writeFile(marker, `${buildId}\n`);
  return recorded !== '';
}
