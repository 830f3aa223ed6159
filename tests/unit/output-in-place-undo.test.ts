import * as fs from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { contentKey, ReusingOutputWriter } from '../../src/build/output-reuse.ts';
import { filesOf, tmp } from '../helpers.ts';

// The moves of an update in place are undone when one fails: `out/` is left as it was, files and
// inodes, as a failed build must leave it. A rename is made to fail at a chosen path.

let failAt: string | undefined;
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    renameSync: (from: fs.PathLike, to: fs.PathLike) => {
      // Once: the undo moves the old file back to that very path.
      if (failAt !== undefined && String(to) === failAt) {
        failAt = undefined;
        throw Object.assign(new Error(`ENOSPC: no space left on device, rename '${String(from)}'`), { code: 'ENOSPC' });
      }
      real.renameSync(from, to);
    },
  };
});

const folders: string[] = [];
afterEach(() => {
  failAt = undefined;
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const inodes = (out: string) => new Map([...filesOf(out).keys()].map((path) => [path, fs.lstatSync(join(out, path)).ino]));

test('a move that fails undoes the moves before it: the old output keeps every file, inode and folder', async () => {
  const dir = tmp();
  folders.push(dir);
  const out = join(dir, 'out');
  const cacheDir = join(dir, 'cache');
  fs.mkdirSync(join(dir, 'staging-1'));
  const first = new ReusingOutputWriter({ outDir: out, staging: join(dir, 'staging-1'), cacheDir });
  for (const file of ['a/index.html', 'a.md', 'gone/index.html', 'z.md']) await first.write(file, file);
  first.identifyFiles();
  first.identifyTree();
  fs.renameSync(join(dir, 'staging-1'), out);
  await first.finish();
  const before = filesOf(out);
  const inodesBefore = inodes(out);

  const staging = join(dir, 'staging-2');
  fs.mkdirSync(staging);
  const writer = new ReusingOutputWriter({ outDir: out, staging, cacheDir, inPlace: true });
  expect(writer.inPlace).toBe(true);
  // a/index.html kept, a.md changed, new/index.html added, gone/ and z.md removed; z.md changed last, and its move fails.
  expect(writer.link('a/index.html', contentKey('a/index.html'))).toBe(true);
  await writer.write('a.md', 'a changed');
  await writer.write('new/index.html', 'new');
  await writer.write('z.md', 'z changed');
  failAt = join(out, 'z.md');
  expect(() => writer.commitInPlace(new Set(['a', 'new']))).toThrow(/ENOSPC/);
  expect(filesOf(out)).toEqual(before);
  expect(inodes(out)).toEqual(inodesBefore);
  expect(fs.readdirSync(out).sort()).toEqual(['a', 'a.md', 'gone', 'z.md']);
});
