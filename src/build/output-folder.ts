import { existsSync, lstatSync, readdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { asideFolderOf, forgetCommitPlan, leftCommitPlan, undoCommitPlan } from './output-tree.ts';

/**
 * `.out.staging-<pid>-<ms>` and, while swapping, `.out.staging-<pid>-<ms>.previous` (and `.spare`
 * while it takes the spare folders, spare-folders.ts; `.aside` while it updates `out/` in place,
 * output-tree.ts): every name a build leaves beside `out/`.
 */
function leftoverPattern(outDir: string): RegExp {
  const name = basename(outDir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\.${name}\\.staging-(\\d+)-(\\d+)(\\.previous|\\.spare|\\.aside)?$`);
}

/** Whether a process with this id runs (EPERM: it does, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * A temporary folder beside `outDir` (same file system, so the final rename is atomic
 * enough), swapped in only when the build succeeded: a failed build never touches `out/`.
 */
export async function createStagingFolder(outDir: string): Promise<string> {
  const staging = join(dirname(outDir), `.${basename(outDir)}.staging-${process.pid}-${Date.now()}`);
  await mkdir(staging, { recursive: true });
  return staging;
}

/**
 * Removes what killed builds left beside `outDir`: folders named as createStagingFolder and
 * swapIntoPlace name them, by a process that no longer runs (a build running beside this one,
 * in this process or another, keeps its folders). A build killed between swapIntoPlace's two
 * renames left no `outDir` but the old site as `.previous`: that goes back into place first.
 */
export async function removeLeftovers(outDir: string): Promise<void> {
  const parent = dirname(outDir);
  const pattern = leftoverPattern(outDir);
  const entries = await readdir(parent, { withFileTypes: true }).catch(() => []);
  const dead = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ name: entry.name, match: pattern.exec(entry.name) }))
    .filter((e): e is { name: string; match: RegExpExecArray } => e.match !== null && Number(e.match[1]) !== process.pid && !isRunning(Number(e.match[1])));
  const previous = dead.filter((e) => e.match[3] === '.previous').sort((a, b) => Number(b.match[2]) - Number(a.match[2]))[0];
  if (previous && !existsSync(outDir)) {
    await rename(join(parent, previous.name), outDir);
    dead.splice(dead.indexOf(previous), 1);
  }
  // A build killed while it moved its files into `out/` in place: its moves are undone first.
  for (const aside of dead.filter((e) => e.match[3] === '.aside')) {
    const staging = join(parent, aside.name.slice(0, -'.aside'.length));
    const plan = leftCommitPlan(staging);
    if (plan) undoCommitPlan(plan, outDir, staging);
    forgetCommitPlan(staging);
  }
  await Promise.all(dead.map((e) => rm(join(parent, e.name), { recursive: true, force: true })));
}

/**
 * Renames the staging folder into place and removes the old output. An `outDir` that is a link
 * to a folder elsewhere is renamed and removed as a link: the folder it led to is left alone.
 */
export async function swapIntoPlace(staging: string, outDir: string, disposeOfPrevious: (previous: string) => Promise<void> = removeFolder): Promise<void> {
  const previous = `${staging}.previous`;
  const hadOutput = existsSync(outDir);
  if (hadOutput) await rename(outDir, previous);
  await rename(staging, outDir);
  if (hadOutput) await disposeOfPrevious(previous);
}

/**
 * Removes a folder and everything in it, links as links. The old output of a 2000-page site is
 * 2000 folders and 6000 files: `rm -r` as `fs.rm` does it looks up each entry (an lstat), tries
 * each folder's rmdir before emptying it, and hands every call to the thread pool. The folder's
 * listing already says which entries are folders, so this makes one call per entry, in one
 * loop. Anything it cannot remove (a folder without write permission) falls back to `fs.rm`.
 */
export async function removeFolder(folder: string): Promise<void> {
  try {
    // A link to a folder is removed as a link: the folder it leads to is not ours (an out/ that links elsewhere).
    if (!lstatSync(folder).isDirectory()) return unlinkSync(folder);
    removeTreeSync(folder);
  } catch {
    await rm(folder, { recursive: true, force: true });
  }
}

function removeTreeSync(folder: string): void {
  // The entry's type comes from the listing (Node looks it up where the file system does not say).
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) removeTreeSync(path);
    else unlinkSync(path);
  }
  rmdirSync(folder);
}

export async function discardStaging(staging: string): Promise<void> {
  forgetCommitPlan(staging);
  await Promise.all([rm(staging, { recursive: true, force: true }), rm(asideFolderOf(staging), { recursive: true, force: true })]);
}
