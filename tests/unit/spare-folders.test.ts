import { chmodSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { keepAsSpare, pageFolders, removeUnusedKept, takeSpareFolders } from '../../src/build/spare-folders.ts';
import { tmp } from '../helpers.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const scratch = () => {
  const dir = tmp();
  folders.push(dir);
  return dir;
};

/** Every entry under `dir`, relative, folders with a trailing slash. */
const entriesOf = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((e) => `${join(e.parentPath, e.name).slice(dir.length + 1)}${e.isDirectory() ? '/' : ''}`)
    .sort();

describe("the old output's folders, kept for the next build's pages", () => {
  test('the folders that hold pages are each route folder and those above it', () => {
    expect([...pageFolders(['index.html', 'guide/index.html', 'a/b/c/index.html', 'a/b.md'])].sort()).toEqual(['a', 'a/b', 'a/b/c', 'guide']);
  });

  test('after the swap the old output keeps its folders and none of its files; a file the new output shares keeps its one name there', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'previous', 'guide', 'empty'), { recursive: true });
    mkdirSync(join(dir, 'out'));
    writeFileSync(join(dir, 'previous', 'guide', 'index.html'), 'page');
    writeFileSync(join(dir, 'previous', 'index.md'), 'home');
    linkSync(join(dir, 'previous', 'index.md'), join(dir, 'out', 'index.md'));
    await keepAsSpare(join(dir, 'previous'), join(dir, 'spare'));
    expect(existsSync(join(dir, 'previous'))).toBe(false);
    expect(entriesOf(join(dir, 'spare'))).toEqual(['guide/', 'guide/empty/']);
    expect(statSync(join(dir, 'out', 'index.md')).nlink).toBe(1);
    expect(readFileSync(join(dir, 'out', 'index.md'), 'utf8')).toBe('home');
  });

  test('an old output that was a link to a folder elsewhere leaves no spare, and that folder keeps its files', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'www', 'guide'), { recursive: true });
    writeFileSync(join(dir, 'www', 'CNAME'), 'docs.example.com\n');
    symlinkSync(join(dir, 'www'), join(dir, 'previous'));
    await keepAsSpare(join(dir, 'previous'), join(dir, 'spare'));
    expect(existsSync(join(dir, 'previous'))).toBe(false);
    expect(existsSync(join(dir, 'spare'))).toBe(false);
    expect(entriesOf(join(dir, 'www'))).toEqual(['CNAME', 'guide/']);
  });

  test('the next build keeps the page folders with a new folder’s mode, and nothing else of the spare', async () => {
    const dir = scratch();
    const spare = join(dir, 'spare');
    // Page folders; one whose mode changed since; a folder of public/ or the assets; a file (no spare holds one, but a hand may put it there).
    for (const folder of ['guide/intro', 'chmodded', '_docs-gen', 'guide/gone']) mkdirSync(join(spare, folder), { recursive: true });
    chmodSync(join(spare, 'chmodded'), 0o700);
    writeFileSync(join(spare, 'guide', 'stray.txt'), 'stray');
    const staging = join(dir, 'staging');
    mkdirSync(staging);
    const kept = await takeSpareFolders(spare, staging, new Set(['guide', 'guide/intro', 'chmodded']));
    expect([...kept].sort()).toEqual(['guide', 'guide/intro']);
    expect(entriesOf(staging)).toEqual(['guide/', 'guide/intro/']);
    expect(existsSync(spare)).toBe(false);
    expect(existsSync(`${staging}.spare`)).toBe(false);
  });

  test('a spare that is a link to a folder elsewhere keeps nothing, and that folder keeps everything in it', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'elsewhere', 'keepme'), { recursive: true });
    writeFileSync(join(dir, 'elsewhere', 'precious.txt'), 'x');
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'spare'));
    mkdirSync(join(dir, 'staging'));
    expect((await takeSpareFolders(join(dir, 'spare'), join(dir, 'staging'), new Set(['keepme']))).size).toBe(0);
    expect(entriesOf(join(dir, 'elsewhere'))).toEqual(['keepme/', 'precious.txt']);
    expect(entriesOf(join(dir, 'staging'))).toEqual([]);
    expect(existsSync(join(dir, 'spare'))).toBe(false);
  });

  test('no spare: nothing is kept', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'staging'));
    expect((await takeSpareFolders(join(dir, 'spare'), join(dir, 'staging'), new Set(['guide']))).size).toBe(0);
  });

  test('a kept folder no file of the build ended up in is removed if empty (a page that failed under --keep-going)', () => {
    const dir = scratch();
    for (const folder of ['used', 'failed', 'failed/deeper', 'unrecorded']) mkdirSync(join(dir, folder), { recursive: true });
    // A page the worker wrote without the writer knowing (an MDX page): not empty, so it stays.
    writeFileSync(join(dir, 'unrecorded', 'index.html'), 'page');
    removeUnusedKept(dir, new Set(['used', 'failed', 'failed/deeper', 'unrecorded']), new Set(['used']));
    expect(entriesOf(dir)).toEqual(['unrecorded/', 'unrecorded/index.html', 'used/']);
  });
});
