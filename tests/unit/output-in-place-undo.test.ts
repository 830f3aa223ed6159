import * as fs from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { removeLeftovers } from '../../src/build/output-folder.ts';
import { contentKey, ReusingOutputWriter } from '../../src/build/output-reuse.ts';
import { leftCommitPlan } from '../../src/build/output-tree.ts';
import { filesOf, tmp } from '../helpers.ts';

// The moves of an update in place are undone when one fails, and by the next build when the
// build that made them was killed: `out/` is left as it was, files and inodes, as a failed build
// must leave it. A rename is made to fail at a chosen path (`failFrom`), or every rename from a
// chosen one on (`deadFrom`: the process is gone, and nothing it would do happens).

let failFrom: string | undefined;
let deadFrom: string | undefined;
let dead = false;
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    renameSync: (from: fs.PathLike, to: fs.PathLike) => {
      if (failFrom !== undefined && String(from) === failFrom) {
        failFrom = undefined;
        throw Object.assign(new Error(`ENOSPC: no space left on device, rename '${String(from)}'`), { code: 'ENOSPC' });
      }
      if (deadFrom !== undefined && String(from) === deadFrom) dead = true;
      if (dead) throw Object.assign(new Error('the process was killed'), { code: 'EKILLED' });
      real.renameSync(from, to);
    },
  };
});

const folders: string[] = [];
afterEach(() => {
  failFrom = undefined;
  deadFrom = undefined;
  dead = false;
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const inodes = (out: string) => new Map([...filesOf(out).keys()].map((path) => [path, fs.lstatSync(join(out, path)).ino]));

/** An output of four files, and the in-place writer of a rebuild that keeps one, changes two, adds a folder and removes one; `commit` runs its moves. */
async function rebuildInPlace() {
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
  // a/index.html kept, a.md and z.md changed, new/index.html added, gone/ removed.
  expect(writer.link('a/index.html', contentKey('a/index.html'))).toBe(true);
  await writer.write('a.md', 'a changed');
  await writer.write('new/index.html', 'new');
  await writer.write('z.md', 'z changed');
  const asBefore = () => {
    expect(filesOf(out)).toEqual(before);
    expect(inodes(out)).toEqual(inodesBefore);
    expect(fs.readdirSync(out).sort()).toEqual(['a', 'a.md', 'gone', 'z.md']);
  };
  return { dir, out, staging, commit: () => writer.commitInPlace(new Set(['a', 'new'])), asBefore };
}

/** The staging folder and its aside folder renamed as a killed build's are (output-folder.ts: a process id no process has). */
function asLeftByAKilledBuild(dir: string, staging: string): void {
  const left = join(dir, `.out.staging-${2 ** 31 - 1}-1700000000000`);
  fs.renameSync(staging, left);
  fs.renameSync(`${staging}.aside`, `${left}.aside`);
}

test('a move that fails undoes the moves before it: the old output keeps every file, inode and folder', async () => {
  const { out, commit, asBefore } = await rebuildInPlace();
  // The removed folder goes last, after every file was moved in.
  failFrom = join(out, 'gone');
  expect(commit).toThrow(/ENOSPC/);
  asBefore();
});

test('a build killed in the middle of its moves: the next build undoes them before anything else', async () => {
  const { dir, out, staging, commit, asBefore } = await rebuildInPlace();
  deadFrom = join(out, 'gone');
  expect(commit).toThrow('the process was killed');
  // What the killed build left: files moved in and old ones aside, its undo never run.
  expect(fs.readFileSync(join(out, 'z.md'), 'utf8')).toBe('z changed');
  deadFrom = undefined;
  dead = false;
  asLeftByAKilledBuild(dir, staging);
  await removeLeftovers(out);
  asBefore();
  expect(fs.readdirSync(dir).filter((name) => name.startsWith('.out.'))).toEqual([]);
});

test('a build killed after all its moves, while it removed its staging folder: the next build leaves the new output as it is', async () => {
  const { dir, out, staging, commit } = await rebuildInPlace();
  expect(commit()).toBe(true);
  const after = filesOf(out);
  expect(leftCommitPlan(staging)).toBeUndefined();
  // Half removed: what was moved in is gone from the staging folder, as a killed removal leaves it.
  asLeftByAKilledBuild(dir, staging);
  await removeLeftovers(out);
  expect(filesOf(out)).toEqual(after);
  expect(fs.readFileSync(join(out, 'z.md'), 'utf8')).toBe('z changed');
});

test('a build killed while it removed its staging folder after an undo: the next build leaves the old output as it is', async () => {
  const { dir, out, staging, commit, asBefore } = await rebuildInPlace();
  failFrom = join(out, 'gone');
  expect(commit).toThrow(/ENOSPC/);
  expect(leftCommitPlan(staging)).toBeUndefined();
  // The removal got as far as one staged file: the next clean-up must not take that for a file moved in.
  fs.rmSync(join(staging, 'z.md'));
  asLeftByAKilledBuild(dir, staging);
  await removeLeftovers(out);
  asBefore();
});
