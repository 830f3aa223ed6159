import { lstatSync, readdirSync, renameSync, rmdirSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { removeFolder } from './output-folder.ts';

/**
 * The folders of the previous output, kept for the next build's pages (ARCHITECTURE.md, "A
 * rebuild writes only the files that changed"). On this project's machines making a folder costs
 * about 0.8 ms of system time (a block allocated and journalled): a one-page rebuild at 2000 pages
 * spent more on making its 2000 page folders than on anything else, and then as much again
 * removing the old output's. So once the new output is in place, the old one's files are unlinked
 * and its folders, empty, are moved into the cache as the spare; the next build moves them into
 * its staging folder before it writes anything.
 *
 * The next build keeps only what a build made from nothing would make there: the folders that
 * hold its pages (each route's folder and the folders above it), each with the mode and owner a
 * new folder gets (those of the staging folder, just made). Everything else of the spare is
 * removed first: a path that was a folder and is a file now, a folder of `public/` or of the
 * assets, any folder whose mode or owner someone changed. A kept folder that no file of the build
 * ends up in (a page that failed under `--keep-going`) is removed before the swap, if empty.
 * Only folders still as the build left them (inode and change time, in the manifest) become the
 * spare: anything done to a folder since (an ACL, an extended attribute, a file a deploy step
 * added) changes its change time. The spare holds no file, so nothing of it is shared with the output or a snapshot of it; an
 * output folder that is a link to a folder elsewhere leaves no spare (that folder is not ours).
 */

/** Where the spare folders of one output folder wait for the next build (beside its manifest). */
export const spareFoldersPath = (manifestPath: string) => manifestPath.replace(/\.json$/, '.spare');

/**
 * After the swap: the old output, as `previous`, becomes the spare. Its files are unlinked (the
 * new output keeps the ones it shares) and the folders are renamed to `spare`. When that cannot be
 * done (the cache on another file system, a spare already there from a build beside this one),
 * the old output is removed, as a build without a spare does.
 */
export async function keepAsSpare(previous: string, spare: string, recorded: Readonly<Record<string, FolderRecord>>): Promise<void> {
  try {
    if (!lstatSync(previous).isDirectory()) throw new Error('not a folder of ours');
    await emptyRecordedFolders(previous, '', recorded);
    renameSync(previous, spare);
  } catch {
    await removeFolder(previous);
  }
}

/** A page folder as the build left it (before the swap; renaming the output folder changes no folder in it). */
export interface FolderRecord {
  ino: number;
  ctimeMs: number;
}

/**
 * The identity of each of `folders` (relative to `root`) that is there. Its change time moves
 * with anything done to the folder itself: a chmod or chown, an ACL, an extended attribute or a
 * `chattr` flag set, a file added or removed in it. A folder that still has its record when the
 * next build replaces the output is the very folder this build made, with a new folder's
 * attributes; any other may carry something into the next output (a default ACL makes every file
 * written in it world-writable) and is not kept.
 */
export function recordFolders(root: string, folders: Iterable<string>): Record<string, FolderRecord> {
  const records: Record<string, FolderRecord> = {};
  for (const folder of folders) {
    try {
      const stats = lstatSync(join(root, folder));
      if (stats.isDirectory()) records[folder] = { ino: stats.ino, ctimeMs: stats.ctimeMs };
    } catch {
      // Not there (a page that failed): nothing to keep.
    }
  }
  return records;
}

/**
 * Unlinks every entry of `root`/`relative` that is not a folder, at every depth, and removes
 * each folder that is not as `recorded` says the build left it. A folder is checked before
 * anything in it is unlinked: unlinking changes its change time.
 */
async function emptyRecordedFolders(root: string, relative: string, recorded: Readonly<Record<string, FolderRecord>>): Promise<void> {
  for (const entry of readdirSync(join(root, relative), { withFileTypes: true })) {
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (!entry.isDirectory()) {
      unlinkSync(join(root, path));
      continue;
    }
    const stats = lstatSync(join(root, path));
    const record = Object.hasOwn(recorded, path) ? recorded[path] : undefined;
    if (!record || record.ino !== stats.ino || record.ctimeMs !== stats.ctimeMs) await removeFolder(join(root, path));
    else await emptyRecordedFolders(root, path, recorded);
  }
}

/** The folders of the staging folder that hold a page: each route's output folder and those above it (relative, `/`-separated, no leading slash). */
export function pageFolders(outputPaths: Iterable<string>): Set<string> {
  const folders = new Set<string>();
  for (const path of outputPaths) {
    for (let folder = dirname(path); folder !== '.' && folder !== '' && !folders.has(folder); folder = dirname(folder)) folders.add(folder);
  }
  return folders;
}

/**
 * Before anything is written: moves the spare's folders that are in `wanted` (relative paths)
 * into `staging`, which was just made and is empty, and removes the rest of the spare. A folder
 * is kept only with the mode and owner of `staging` (what a new folder gets). Returns the kept
 * folders, relative; an absent or unreadable spare keeps none.
 */
export async function takeSpareFolders(spare: string, staging: string, wanted: ReadonlySet<string>): Promise<Set<string>> {
  const kept = new Set<string>();
  const incoming = `${staging}.spare`;
  try {
    // One rename claims the spare: a build beside this one finds none.
    renameSync(spare, incoming);
  } catch {
    return kept;
  }
  // Only a real folder is a spare: a link (put there by hand) leads to a folder that is not ours, and the walk below would move and remove what is in it.
  try {
    if (!lstatSync(incoming).isDirectory()) {
      unlinkSync(incoming);
      return kept;
    }
  } catch {
    return kept;
  }
  try {
    const fresh = lstatSync(staging);
    const unwanted: string[] = [];
    const visit = (relative: string) => {
      for (const entry of readdirSync(join(incoming, relative), { withFileTypes: true })) {
        const path = relative ? `${relative}/${entry.name}` : entry.name;
        if (!entry.isDirectory() || !wanted.has(path)) {
          unwanted.push(path);
          continue;
        }
        const stats = lstatSync(join(incoming, path));
        if ((stats.mode & 0o7777) !== (fresh.mode & 0o7777) || stats.uid !== fresh.uid || stats.gid !== fresh.gid) {
          unwanted.push(path);
          continue;
        }
        kept.add(path);
        visit(path);
      }
    };
    visit('');
    // The unwanted go first, then the top-level folders move across (a rename keeps what is in them).
    for (const path of unwanted) await removeFolder(join(incoming, path));
    for (const name of readdirSync(incoming)) renameSync(join(incoming, name), join(staging, name));
  } catch {
    // Half moved: whatever came across stays in the staging folder, and is checked nowhere. Start over without a spare.
    for (const name of readdirSync(staging)) await removeFolder(join(staging, name));
    kept.clear();
  }
  await removeFolder(incoming);
  return kept;
}

/**
 * Before the swap: removes each kept folder no file of the build ended up in, deepest first, if
 * it is empty, and returns those it removed (`used`: the folders that hold a file the build wrote, linked or recorded, those the copy of public/ made, and the
 * folders above them). A build made from nothing would not have made it.
 */
export function removeUnusedKept(staging: string, kept: ReadonlySet<string>, used: ReadonlySet<string>): string[] {
  const unused = [...kept].filter((folder) => !used.has(folder)).sort((a, b) => b.length - a.length);
  const removed: string[] = [];
  for (const folder of unused) {
    try {
      rmdirSync(join(staging, folder));
      removed.push(folder);
    } catch {
      // Not empty: something of this build is in it (a plugin's file), as in a build from nothing.
    }
  }
  return removed;
}
