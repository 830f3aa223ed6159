import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The lock files a package manager writes when it installs a package (npm, Yarn, pnpm, Bun, and Bun's binary one before 1.2). */
export const LOCK_FILES = ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lock', 'bun.lockb'];

/** What marks the root of a workspace: a lock file, a pnpm workspace file, a repository. */
const WORKSPACE_MARKS = [...LOCK_FILES, 'pnpm-workspace.yaml', '.git'];

/**
 * `dir` and each folder above it up to the root of the workspace it is in, the first that holds
 * a lock file, a `pnpm-workspace.yaml` or a `.git`, in that order; undefined when no folder above
 * is one. A package installed for a folder of a workspace is written at the workspace's root.
 */
export function foldersUpToWorkspaceRoot(dir: string): string[] | undefined {
  const folders: string[] = [];
  for (let folder = dir; ; folder = dirname(folder)) {
    folders.push(folder);
    if (WORKSPACE_MARKS.some((name) => existsSync(join(folder, name)))) return folders;
    if (dirname(folder) === folder) return undefined;
  }
}

/**
 * The files installing a package writes, for a site at `root`: the package manifest and lock
 * files of the site's folder and of each folder above it up to the workspace's root (an install
 * in a workspace writes the lock, and often the manifest, at the workspace's root, not the
 * site's). With no such folder above, the site's own.
 */
export function packageFilesOf(root: string): string[] {
  return (foldersUpToWorkspaceRoot(root) ?? [root]).flatMap((dir) => ['package.json', ...LOCK_FILES].map((name) => join(dir, name)));
}

/**
 * The lock files that say which versions of packages a folder's code runs with: those of the
 * first folder at or above `dir` that holds one (a workspace's root, or the site's own), stopping
 * at a `pnpm-workspace.yaml` or a `.git` without one. Empty when there is none. Only the last
 * folder of the walk can hold one: a lock file ends it.
 */
export function lockFilesOf(dir: string): string[] {
  const top = foldersUpToWorkspaceRoot(dir)?.at(-1);
  return top === undefined ? [] : LOCK_FILES.map((name) => join(top, name)).filter((file) => existsSync(file));
}

/**
 * A digest of the lock files of `dir` ({@link lockFilesOf}), by name and bytes: it changes when
 * an install or an upgrade changes which packages the folder's code runs with. Empty when there
 * is no lock file.
 */
export async function lockFilesDigest(dir: string): Promise<string> {
  const locks = lockFilesOf(dir);
  if (!locks.length) return '';
  const hash = createHash('sha256');
  for (const lock of locks) hash.update(basename(lock)).update('\0').update(await readFile(lock).catch(() => '')).update('\0');
  return hash.digest('hex');
}
