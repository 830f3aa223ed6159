import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { keepAsSpare, pageFolders, recordFolders, removeUnusedKept, takeSpareFolders } from '../../src/build/spare-folders.ts';
import { copyFolderWithoutLinksOut } from '../../src/util/symlink-policy.ts';
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
    await keepAsSpare(join(dir, 'previous'), join(dir, 'spare'), recordFolders(join(dir, 'previous'), ['guide', 'guide/empty']));
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
    await keepAsSpare(join(dir, 'previous'), join(dir, 'spare'), recordFolders(join(dir, 'previous'), ['guide']));
    expect(existsSync(join(dir, 'previous'))).toBe(false);
    expect(existsSync(join(dir, 'spare'))).toBe(false);
    expect(entriesOf(join(dir, 'www'))).toEqual(['CNAME', 'guide/']);
  });

  test('a folder changed since the build made it is not kept (an ACL, extended attributes or flags set on it, a file added or removed): the next build would write files with other permissions', async () => {
    const dir = scratch();
    const previous = join(dir, 'previous');
    for (const folder of ['guide', 'added', 'unrecorded', 'same']) mkdirSync(join(previous, folder), { recursive: true });
    for (const folder of ['guide', 'added', 'unrecorded', 'same']) writeFileSync(join(previous, folder, 'index.html'), 'page');
    const recorded = recordFolders(previous, ['guide', 'added', 'same', 'gone']);
    // A default ACL that lets everyone write (`setfacl -d -m u::rwx,g::rwx,o::rwx`): the folder's mode stays 755, the files made in it come out 666.
    const acl = `import os,struct; os.setxattr(${JSON.stringify(join(previous, 'guide'))},'system.posix_acl_default',struct.pack('<I',2)+b''.join(struct.pack('<HHI',t,7,0xffffffff) for t in (1,4,0x20)))`;
    execFileSync('python3', ['-c', acl]);
    writeFileSync(join(previous, 'added', 'deployed.txt'), 'a deploy step');
    await keepAsSpare(previous, join(dir, 'spare'), recorded);
    expect(entriesOf(join(dir, 'spare'))).toEqual(['same/']);

    const staging = join(dir, 'staging');
    mkdirSync(staging);
    const kept = await takeSpareFolders(join(dir, 'spare'), staging, new Set(['guide', 'added', 'unrecorded', 'same', 'fresh']));
    expect([...kept]).toEqual(['same']);
    mkdirSync(join(staging, 'guide'));
    mkdirSync(join(staging, 'fresh'));
    for (const folder of ['guide', 'same', 'fresh']) writeFileSync(join(staging, folder, 'index.html'), 'x');
    const mode = (path: string) => (statSync(join(staging, path)).mode & 0o777).toString(8);
    expect(mode('guide/index.html')).toBe(mode('fresh/index.html'));
    expect(mode('same/index.html')).toBe(mode('fresh/index.html'));
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

  test('a kept folder the copy of public/ makes too stays when its page fails under --keep-going (a clean build has it)', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'public', 'guide'), { recursive: true });
    mkdirSync(join(dir, 'public', 'images'));
    writeFileSync(join(dir, 'public', 'images', 'logo.svg'), '<svg/>');
    mkdirSync(join(dir, 'spare', 'guide'), { recursive: true });
    const staging = join(dir, 'staging');
    mkdirSync(staging);
    const kept = await takeSpareFolders(join(dir, 'spare'), staging, new Set(['guide']));
    const madeByPublic = new Set<string>();
    await copyFolderWithoutLinksOut(join(dir, 'public'), staging, dir, madeByPublic);
    expect([...madeByPublic].sort()).toEqual(['guide', 'images']);
    // The guide page failed: no file of the build is in guide/.
    removeUnusedKept(staging, kept, new Set([...pageFolders([]), ...madeByPublic]));
    expect(entriesOf(staging)).toEqual(['guide/', 'images/', 'images/logo.svg']);
  });
});
