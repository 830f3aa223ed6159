import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** `.out.staging-<pid>-<ms>` and, while swapping, `.out.staging-<pid>-<ms>.previous`: every name a build leaves beside `out/`. */
function leftoverPattern(outDir: string): RegExp {
  const name = basename(outDir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\.${name}\\.staging-(\\d+)-(\\d+)(\\.previous)?$`);
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
  const previous = dead.filter((e) => e.match[3]).sort((a, b) => Number(b.match[2]) - Number(a.match[2]))[0];
  if (previous && !existsSync(outDir)) {
    await rename(join(parent, previous.name), outDir);
    dead.splice(dead.indexOf(previous), 1);
  }
  await Promise.all(dead.map((e) => rm(join(parent, e.name), { recursive: true, force: true })));
}

/**
 * Renames the staging folder into place and removes the old output. An `outDir` that is a link
 * to a folder elsewhere is renamed and removed as a link: the folder it led to is left alone.
 */
export async function swapIntoPlace(staging: string, outDir: string): Promise<void> {
  const previous = `${staging}.previous`;
  const hadOutput = existsSync(outDir);
  if (hadOutput) await rename(outDir, previous);
  await rename(staging, outDir);
  await rm(previous, { recursive: true, force: true });
}

export async function discardStaging(staging: string): Promise<void> {
  await rm(staging, { recursive: true, force: true });
}
