// A build that succeeds lets go of the cache entries it did not use once they take more than three
// times the room of those it did (src/util/cache-packs.ts, prunePacks): each change of the config, a title or a
// _meta file re-renders every page, and every such change used to leave the whole site's compiled
// and rendered pages behind for good (80 MB at 2000 pages).
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { cacheFilePath, writeHeaderedCacheFile } from '../../src/util/cache-entry.ts';
import { PRUNE_SLACK_BYTES, packFolder } from '../../src/util/cache-packs.ts';
import { filesOf, tempSite, tmp } from '../helpers.ts';

const PAGES = 30;
/** A page of about 45 KB of prose of its own: the site's cache is a megabyte or more in each folder, above the prune's slack. */
const pageText = (n: number) => `# Page ${n}\n\n${Array.from({ length: 700 }, (_, line) => `Line ${line} of page ${n} says something of its own, at some length.`).join('\n\n')}\n`;
const site = tempSite({
  'docs-gen.config.ts': "export default { title: 'Pruned 0' };\n",
  ...Object.fromEntries(Array.from({ length: PAGES }, (_, n) => [`content/page-${n}.md`, pageText(n)])),
});
afterAll(() => site.cleanup());

const packBytes = (kind: string) => {
  const folder = join(site.root, '.docs-gen-cache', kind);
  return readdirSync(folder)
    .filter((name) => name.endsWith('.pack'))
    .reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
};

test('changing the config again and again keeps the cache under four times what one build uses, and every page still hits after', async () => {
  const out = join(site.root, 'out');
  await build({ root: site.root, outDir: out });
  // What one build uses: the first build wrote nothing else.
  const used = { compiled: packBytes('compiled'), rendered: packBytes('rendered') };
  expect(used.compiled).toBeGreaterThan(PRUNE_SLACK_BYTES);
  expect(used.rendered).toBeGreaterThan(PRUNE_SLACK_BYTES);
  const sizes: { compiled: number; rendered: number }[] = [];
  for (let change = 1; change <= 6; change++) {
    writeFileSync(join(site.root, 'docs-gen.config.ts'), `export default { title: 'Pruned ${change}' };\n`);
    const rebuilt = await build({ root: site.root, outDir: out });
    // The title is on every page: each change makes a whole site's entries anew, and leaves the last ones unused.
    expect(rebuilt.reRendered).toHaveLength(rebuilt.pages);
    sizes.push({ compiled: packBytes('compiled'), rendered: packBytes('rendered') });
  }
  for (const kind of ['compiled', 'rendered'] as const) {
    const bytes = sizes.map((size) => size[kind]);
    // Kept, six changes would hold seven sites' entries; at most four sites' and the slack are left after each build.
    for (const size of bytes) expect(size, `${kind}: ${bytes} against ${used[kind]} used`).toBeLessThanOrEqual(4 * used[kind] + PRUNE_SLACK_BYTES);
    // And some build pruned: the folder shrank.
    expect(bytes.some((size, i) => i > 0 && size < bytes[i - 1]!), `${kind}: ${bytes}`).toBe(true);
    expect(bytes[bytes.length - 1], kind).toBeGreaterThanOrEqual(used[kind] * 0.9);
  }
  // What the last build used is all still there: a build of the same site compiles and renders nothing, and makes the same files as one without the cache.
  const compiledFiles = readdirSync(join(site.root, '.docs-gen-cache', 'compiled')).sort();
  const warm = await build({ root: site.root, outDir: tmp() });
  expect(warm.reRendered).toEqual([]);
  expect(readdirSync(join(site.root, '.docs-gen-cache', 'compiled')).sort()).toEqual(compiledFiles);
  const fresh = await build({ root: site.root, outDir: tmp(), cache: false });
  expect(filesOf(warm.outDir)).toEqual(filesOf(fresh.outDir));
});

test('a prune in a rebuild that leaves the other pages where they are in the output keeps their entries', async () => {
  const out = join(site.root, 'out');
  await build({ root: site.root, outDir: out });
  // Entries of another site's build, long unused, that outweigh this one's: the next build that succeeds prunes.
  const rendered = join(site.root, '.docs-gen-cache', 'rendered');
  for (let n = 0; n < 12; n++) {
    const key = `${n}`.repeat(64);
    await writeHeaderedCacheFile(cacheFilePath(rendered, key, 'page'), { key, theme: {} }, 'x'.repeat(packBytes('rendered') / 2));
  }
  packFolder(rendered).closeOwn();
  const before = packBytes('rendered');
  writeFileSync(join(site.root, 'content', 'page-3.md'), `${pageText(3)}\nOne more line.\n`);
  const rebuilt = await build({ root: site.root, outDir: out });
  expect(rebuilt.reRendered).toEqual(['/page-3']);
  // The other pages' files stayed where they were: their render was not even looked up.
  expect(rebuilt.reusedFiles).toContain('page-4/index.html');
  expect(packBytes('rendered')).toBeLessThan(before / 4);
  const warm = await build({ root: site.root, outDir: tmp() });
  expect(warm.reRendered).toEqual([]);
});
