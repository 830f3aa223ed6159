import { lstatSync, readdirSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import type { FolderRecord } from './spare-folders.ts';

/**
 * The whole output as a build left it, for the next build to update it in place
 * (ARCHITECTURE.md, "A rebuild writes only the files that changed"): every folder, the output
 * folder itself as `''`, and every file no key names (the assets, the copy of `public/`, the
 * images beside pages: written at every build). The files a key names are in the manifest's
 * `files`. A folder's change time moves with any entry added, removed or renamed in it and with
 * any change of its mode, owner, ACL or attributes; a file's record (output-reuse.ts) with any
 * edit, replacement, chmod or chown. So while every record still fits, the output holds exactly
 * what the last build left there, and the next build may write only what changed.
 */
export interface OutputTree {
  folders: Record<string, FolderRecord>;
  /** Identities of the files no key names, keyed `''`, as `FileRecord`s are. */
  loose: Record<string, LooseFileRecord>;
}

/** A file no key names: its identity alone (`FileRecord` with the key `''`). */
export interface LooseFileRecord {
  key: '';
  ino: number;
  size: number;
  mtimeMs: number;
  mode: number;
  uid: number;
  gid: number;
}

export const isOutputTree = (value: unknown): value is OutputTree => {
  const tree = value as Partial<OutputTree> | null | undefined;
  return typeof tree?.folders === 'object' && tree.folders !== null && typeof tree.loose === 'object' && tree.loose !== null;
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

/** Whether every folder of `folders` under `root` is still the very folder recorded, with nothing added, removed or changed in it. */
export function foldersAsRecorded(root: string, folders: Readonly<Record<string, FolderRecord>>): boolean {
  for (const [path, record] of Object.entries(folders)) {
    const now = folderRecordOf(under(root, path));
    if (!now || now.ino !== record.ino || now.ctimeMs !== record.ctimeMs) return false;
  }
  return true;
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
