import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { entriesByFolder, folderRecordOf, foldersAsRecorded, listTree } from '../../src/build/output-tree.ts';
import { RACY_MARGIN_MS } from '../../src/util/racy-margin.ts';
import { tmp } from '../helpers.ts';

/**
 * Records of `folders` under `dir`, taken at the newest of their change times: every folder is
 * within the racy margin of the records by construction, however long the test took to get here.
 */
function recordsOf(dir: string, folders: string[]) {
  const records = Object.fromEntries(folders.map((folder) => [folder, folderRecordOf(join(dir, folder))!]));
  return { folders: records, recordedAt: Math.max(...Object.values(records).map((record) => record.ctimeMs)) };
}

/** An output of `a/x.html` and `b.md`, and a stray file added to `a/` by hand. */
function outputWithStray(): string {
  // In the run's folder, which goes when the run ends.
  const dir = tmp();
  mkdirSync(join(dir, 'a'));
  writeFileSync(join(dir, 'a', 'x.html'), 'x');
  writeFileSync(join(dir, 'b.md'), 'b');
  writeFileSync(join(dir, 'a', 'stray.txt'), 'stray');
  return dir;
}

describe("the check of an output's folders", () => {
  test('a folder changed within a tick of the records is listed: an entry added in the same tick as the last build change is found', () => {
    const dir = outputWithStray();
    // Records taken after the stray was added: what a folder looks like when the stray came in the same tick of a coarse clock as the build's last change there.
    const tree = recordsOf(dir, ['', 'a']);
    const entries = () => entriesByFolder(['a', 'a/x.html', 'b.md']);
    expect(foldersAsRecorded(dir, tree, entries)).toBe(false);
    // The same records taken long after the folders last changed: their times are trusted, and nothing is listed.
    let listed = false;
    expect(foldersAsRecorded(dir, { ...tree, recordedAt: tree.recordedAt + 10 * RACY_MARGIN_MS }, () => ((listed = true), entries()))).toBe(true);
    expect(listed).toBe(false);
  });

  test('a folder listed holds exactly its entries: one missing fails as one added does', () => {
    const dir = outputWithStray();
    const tree = recordsOf(dir, ['', 'a']);
    expect(foldersAsRecorded(dir, tree, () => entriesByFolder(['a', 'a/x.html', 'a/stray.txt', 'b.md']))).toBe(true);
    expect(foldersAsRecorded(dir, tree, () => entriesByFolder(['a', 'a/x.html', 'a/stray.txt', 'a/gone.html', 'b.md']))).toBe(false);
  });

  test("the entries are made once however many folders are listed (after a build from nothing, most are recent, and making them for each cost a rebuild at 2000 pages 1.3 s)", () => {
    const dir = outputWithStray();
    for (const name of ['b', 'c', 'd']) mkdirSync(join(dir, 'a', name));
    const paths = ['a', 'a/x.html', 'a/stray.txt', 'a/b', 'a/c', 'a/d', 'b.md'];
    const tree = recordsOf(dir, ['', 'a', 'a/b', 'a/c', 'a/d']);
    let made = 0;
    expect(foldersAsRecorded(dir, tree, () => (made++, entriesByFolder(paths)))).toBe(true);
    expect(made).toBe(1);
  });

  test('lists a tree as paths relative to it, folders before what they hold', () => {
    const dir = outputWithStray();
    const { folders: found, files } = listTree(dir);
    expect(found).toEqual(['a']);
    expect(files.sort()).toEqual(['a/stray.txt', 'a/x.html', 'b.md']);
  });
});
