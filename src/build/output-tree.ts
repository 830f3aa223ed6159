import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { RACY_MARGIN_MS } from '../util/racy-margin.ts';
import type { FolderRecord } from './spare-folders.ts';
import type { FileIdentity } from '../util/write-new-file.ts';

/**
 * The whole output as a build left it, for the next build to update it in place
 * (ARCHITECTURE.md, "A rebuild writes only the files that changed"): every folder, the output
 * folder itself as `''`, and every file no key names (the assets, the copy of `public/`, the
 * images beside pages: written at every build). The files a key names are in the manifest's
 * `files`. A folder's change time moves with any entry added, removed or renamed in it and with
 * any change of its mode, owner, ACL or attributes; a file's record (output-reuse.ts) with any
 * edit, replacement, chmod or chown. So while every record still fits, the output holds exactly
 * what the last build left there, and the next build may write only what changed.
 *
 * A change time is only as fine as the clock that stamps it (a jiffy on older Linux kernels,
 * seconds on some file systems): an entry added in the same tick as the build's last change to
 * that folder leaves the time as recorded. So, as git does with "racily clean" files, a folder
 * whose recorded change time is within `RACY_MARGIN_MS` of `recordedAt` is listed as well, and
 * must hold exactly the entries the tree gives it.
 */
export interface OutputTree {
  folders: Record<string, FolderRecord>;
  /** Identities of the files no key names, keyed `''`, as `FileRecord`s are. */
  loose: Record<string, LooseFileRecord>;
  /** When the records were taken (wall-clock milliseconds): after the folders' records but the output folder's own, which a swap takes later, and which is then always listed. */
  recordedAt: number;
}

/** A file's identity as a manifest records it, defined beside the writes that stamp it. */
export type { FileIdentity };

/** A file no key names: its identity alone (a `FileRecord` with the key `''`). */
export type LooseFileRecord = FileIdentity & { key: '' };

export const isOutputTree = (value: unknown): value is OutputTree => {
  const tree = value as Partial<OutputTree> | null | undefined;
  return typeof tree?.folders === 'object' && tree.folders !== null && typeof tree.loose === 'object' && tree.loose !== null && typeof tree.recordedAt === 'number';
};

/** What a folder holds, at every depth: its folders and its other entries, as paths relative to it (`/`-separated). */
export function listTree(root: string): { folders: string[]; files: string[] } {
  const folders: string[] = [];
  const files: string[] = [];
  const visit = (relative: string) => {
    for (const entry of readdirSync(relative ? join(root, relative) : root, { withFileTypes: true })) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        folders.push(path);
        visit(path);
      } else files.push(path);
    }
  };
  visit('');
  return { folders, files };
}

/** The path of `relative` (`''` is the folder itself) under `root`. */
export const under = (root: string, relative: string) => (relative ? join(root, relative) : root);

/** The folder's record, or undefined when it is not a folder (or not there). */
export function folderRecordOf(path: string): FolderRecord | undefined {
  const stats = lstatOrUndefined(path);
  return stats?.isDirectory() ? { ino: stats.ino, ctimeMs: stats.ctimeMs } : undefined;
}

/**
 * Whether every folder of `tree` under `root` is still the very folder recorded, with nothing
 * added, removed or changed in it; a folder changed within a tick of the records is listed, and
 * must hold exactly what `entries` (its entries' names by folder, asked for only then) gives it.
 */
export function foldersAsRecorded(root: string, tree: Pick<OutputTree, 'folders' | 'recordedAt'>, entries: () => ReadonlyMap<string, ReadonlySet<string>>): boolean {
  // Made once, for the first folder listed: after a build from nothing most folders are recent, and each making took a millisecond.
  let byFolder: ReadonlyMap<string, ReadonlySet<string>> | undefined;
  for (const [path, record] of Object.entries(tree.folders)) {
    const now = folderRecordOf(under(root, path));
    if (!now || now.ino !== record.ino || now.ctimeMs !== record.ctimeMs) return false;
    if (record.ctimeMs > tree.recordedAt - RACY_MARGIN_MS && !holdsExactly(under(root, path), (byFolder ??= entries()).get(path))) return false;
  }
  return true;
}

/** The folder `path` (relative) is in, `''` for the output folder itself. */
export const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/** Each folder's entries' names (`''` the output folder), from the paths of everything in the output, files and folders (`''`, the output folder, is in none). */
export function entriesByFolder(paths: Iterable<string>): Map<string, Set<string>> {
  const entries = new Map<string, Set<string>>();
  for (const path of paths) {
    if (path === '') continue;
    const folder = parentOf(path);
    let names = entries.get(folder);
    if (!names) entries.set(folder, (names = new Set()));
    names.add(folder ? path.slice(folder.length + 1) : path);
  }
  return entries;
}

/** Whether the folder holds exactly the entries named (none when `names` is undefined). */
export function holdsExactly(folder: string, names: ReadonlySet<string> | undefined): boolean {
  let listed: string[];
  try {
    listed = readdirSync(folder);
  } catch {
    return false;
  }
  return listed.length === (names?.size ?? 0) && listed.every((name) => names!.has(name));
}

export function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** Each folder above `path` (relative), nearest first, not `''`. */
export function* foldersAbove(path: string): Generator<string> {
  for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) yield path.slice(0, at);
}

/**
 * The moves of an update in place (`ReusingOutputWriter.commitInPlace`), written down before the
 * first: the folders to make, the staged files to move in (`moved`, relative), and the paths of
 * `out/` to move aside first (an old file replaced or removed, a folder removed; deepest first),
 * each to `<aside>/<its index in the list>`.
 */
export interface CommitPlan {
  made: string[];
  moved: string[];
  aside: string[];
}

/** Where an update in place keeps its plan and what it moved aside: beside the staging folder, where no staged entry can be. */
export const asideFolderOf = (staging: string) => `${staging}.aside`;

const PLAN_FILE = 'plan.json';

/** Writes the plan beside the staging folder, then makes the moves: folders made, each old file or folder put aside before what replaces it comes in. */
export function applyCommitPlan(plan: CommitPlan, outDir: string, staging: string): void {
  const aside = asideFolderOf(staging);
  mkdirSync(aside);
  writeFileSync(join(aside, PLAN_FILE), JSON.stringify(plan));
  const asideIndex = new Map(plan.aside.map((path, i) => [path, i]));
  for (const folder of plan.made) mkdirSync(join(outDir, folder));
  for (const path of plan.moved) {
    const at = asideIndex.get(path);
    if (at !== undefined) renameSync(join(outDir, path), join(aside, String(at)));
    renameSync(join(staging, path), join(outDir, path));
  }
  const moved = new Set(plan.moved);
  plan.aside.forEach((path, i) => {
    if (!moved.has(path)) renameSync(join(outDir, path), join(aside, String(i)));
  });
  // Every move made: from here the build has committed, and nothing is to be undone.
  forgetCommitPlan(staging);
}

/**
 * Removes the plan: once every move is made, once an undo succeeded, and before the staging
 * folder and the aside folder are removed (a build killed while it removed them would leave a
 * plan whose "moved" files are missing from the staging folder because they were deleted, and
 * the next build's undo would put old files back over a new output, or remove one).
 */
export function forgetCommitPlan(staging: string): void {
  rmSync(join(asideFolderOf(staging), PLAN_FILE), { force: true });
}

/**
 * Undoes what of `plan` was done, as far as it can, whether the build that made it failed or
 * was killed: each file moved in goes back to the staging folder (it is not there any more),
 * each path put aside comes back, and the folders made are removed. Nothing here throws: what
 * cannot be undone is left, and the next build, finding records that do not fit, swaps. True
 * when every step went (one whose file or folder was already gone counts).
 */
export function undoCommitPlan(plan: CommitPlan, outDir: string, staging: string): boolean {
  const aside = asideFolderOf(staging);
  let whole = true;
  const attempt = (step: () => void) => {
    try {
      step();
    } catch (error) {
      // Left as it is: see above.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') whole = false;
    }
  };
  for (const path of [...plan.moved].reverse()) if (!existsSync(join(staging, path))) attempt(() => renameSync(join(outDir, path), join(staging, path)));
  for (let i = plan.aside.length - 1; i >= 0; i--) {
    const kept = join(aside, String(i));
    if (existsSync(kept)) attempt(() => renameSync(kept, join(outDir, plan.aside[i]!)));
  }
  for (const folder of [...plan.made].reverse()) attempt(() => rmdirSync(join(outDir, folder)));
  return whole;
}

/** The plan a build left beside its staging folder, if it wrote one (a build killed while it updated `out/` in place). */
export function leftCommitPlan(staging: string): CommitPlan | undefined {
  try {
    const plan = JSON.parse(readFileSync(join(asideFolderOf(staging), PLAN_FILE), 'utf8')) as Partial<CommitPlan>;
    const strings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === 'string');
    return strings(plan.made) && strings(plan.moved) && strings(plan.aside) ? (plan as CommitPlan) : undefined;
  } catch {
    return undefined;
  }
}
