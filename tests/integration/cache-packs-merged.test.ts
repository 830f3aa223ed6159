// The compiled and rendered caches keep their entries in packs, one per writing thread and build
// (src/util/cache-packs.ts): a build or a check that ends with more than PACKS_BEFORE_MERGE in a
// folder, or dev starting on one, merges its smallest, and every entry still hits after.
import { appendFileSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { cacheFileNames } from '../../src/util/cache-entry.ts';
import { MERGE_LOCK, PACKS_BEFORE_MERGE } from '../../src/util/cache-packs.ts';
import { startDevServer } from '../../src/dev/dev-server.ts';
import { checkSite } from '../../src/check/check.ts';
import { filesOf, tempSite, tmp } from '../helpers.ts';

const site = tempSite({
  'docs-gen.config.ts': "export default { title: 'Packs' };\n",
  'content/index.md': '# Home\n\nThe first page.\n',
  'content/guide.md': '# Guide\n\n```python\nprint(1)\n```\n',
  'content/later.md': '# Later\n\nThe last page.\n',
});
afterAll(() => site.cleanup());

/**
 * A lock another merge would hold (`MERGE_LOCK`), made an hour ahead: no merge takes it over as
 * left behind, however long this machine takes over the builds it holds merges off for.
 */
function holdMerges(folder: string): void {
  const lock = join(folder, MERGE_LOCK);
  writeFileSync(lock, '');
  const ahead = new Date(Date.now() + 3_600_000);
  utimesSync(lock, ahead, ahead);
}

const packsIn = (kind: string) => readdirSync(join(site.root, '.docs-gen-cache', kind)).filter((name) => name.endsWith('.pack')).length;

test(`a build that leaves more than ${PACKS_BEFORE_MERGE} packs in a folder merges them, and every entry hits after`, async () => {
  const out = join(site.root, 'out');
  const guide = join(site.root, 'content', 'guide.md');
  await build({ root: site.root, outDir: out });
  const packCounts = [packsIn('compiled')];
  let afterFirstEdit = '';
  // Each rebuild compiles and renders the page edited in a worker of its own: a pack more in each folder.
  for (let edit = 1; edit <= PACKS_BEFORE_MERGE + 2; edit++) {
    appendFileSync(guide, `\nEdit ${edit}.\n`);
    if (edit === 1) afterFirstEdit = readFileSync(guide, 'utf8');
    const rebuilt = await build({ root: site.root, outDir: out });
    expect(rebuilt.reRendered).toEqual(['/guide']);
    packCounts.push(packsIn('compiled'));
  }
  // A pack more per build, until a build passes the limit and merges: packs of about one size (a
  // page or two each) all go into one.
  const merge = packCounts.findIndex((count, i) => i > 0 && count < packCounts[i - 1]!);
  expect(merge, String(packCounts)).toBeGreaterThan(0);
  expect(packCounts.slice(1, merge).every((count, i) => count === packCounts[i]! + 1), String(packCounts)).toBe(true);
  expect(packCounts[merge]).toBe(1);
  expect(Math.max(...packCounts)).toBeLessThanOrEqual(PACKS_BEFORE_MERGE);
  expect(packsIn('rendered')).toBeLessThanOrEqual(PACKS_BEFORE_MERGE);
  // Every compile kept: the first build's three pages and each edit of the guide.
  expect(cacheFileNames(join(site.root, '.docs-gen-cache', 'compiled'))).toHaveLength(3 + PACKS_BEFORE_MERGE + 2);
  const warm = await build({ root: site.root, outDir: tmp() });
  expect(warm.reRendered).toEqual([]);
  expect(filesOf(warm.outDir)).toEqual(filesOf(out));
  // The guide as after its first edit: its compile and its page, kept in a pack since merged, are hits.
  writeFileSync(guide, afterFirstEdit);
  const compiledFiles = readdirSync(join(site.root, '.docs-gen-cache', 'compiled')).sort();
  const back = await build({ root: site.root, outDir: out });
  expect(back.reRendered).toEqual([]);
  // Nothing compiled and kept again: no pack more.
  expect(readdirSync(join(site.root, '.docs-gen-cache', 'compiled')).sort()).toEqual(compiledFiles);
  expect(readFileSync(join(out, 'guide', 'index.html'), 'utf8')).toContain('Edit 1.');
  expect(readFileSync(join(out, 'guide', 'index.html'), 'utf8')).not.toContain('Edit 2.');
});

test(`dev merges a folder of more than ${PACKS_BEFORE_MERGE} packs as it starts, before its workers write`, async () => {
  const compiled = join(site.root, '.docs-gen-cache', 'compiled');
  const guide = join(site.root, 'content', 'guide.md');
  // Builds that each add a pack, with the merge at their end left out by a lock another merge would hold.
  holdMerges(compiled);
  for (let edit = 1; packsIn('compiled') <= PACKS_BEFORE_MERGE; edit++) {
    appendFileSync(guide, `\nAnother edit ${edit}.\n`);
    await build({ root: site.root, outDir: tmp() });
  }
  const entries = cacheFileNames(compiled).length;
  rmSync(join(compiled, MERGE_LOCK));
  const server = await startDevServer({ root: site.root, port: 0, host: '127.0.0.1', log: { info: () => {}, error: () => {} }, backgroundDelayMs: 60_000, watchDelayMs: 60_000 });
  try {
    expect(packsIn('compiled')).toBe(1);
    expect(cacheFileNames(compiled)).toHaveLength(entries);
  } finally {
    await server.close();
  }
});

test(`check merges a folder of more than ${PACKS_BEFORE_MERGE} packs when it is done, as a build does`, async () => {
  const compiled = join(site.root, '.docs-gen-cache', 'compiled');
  const guide = join(site.root, 'content', 'guide.md');
  // Each check compiles the page edited in a worker, which keeps it in a pack of its own.
  for (let edit = 1; packsIn('compiled') <= PACKS_BEFORE_MERGE; edit++) {
    holdMerges(compiled);
    appendFileSync(guide, `\nChecked edit ${edit}.\n`);
    await checkSite({ root: site.root });
  }
  rmSync(join(compiled, MERGE_LOCK));
  const entries = cacheFileNames(compiled).length;
  appendFileSync(guide, '\nThe last checked edit.\n');
  await checkSite({ root: site.root });
  expect(packsIn('compiled')).toBe(1);
  expect(cacheFileNames(compiled)).toHaveLength(entries + 1);
});
