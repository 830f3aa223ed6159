import { createHash } from 'node:crypto';
import { type Dirent, readdirSync, readFileSync, statSync } from 'node:fs';
import { sep } from 'node:path';
import type { FileEvent } from './apply-changes.ts';
import { IGNORED } from './watch-site.ts';
import { direntPath } from '../util/dirent-path.ts';
import { RACY_MARGIN_MS } from '../util/racy-margin.ts';

/** What dev read its site from: the folders (whole trees) and single files (the config). */
export interface StartupFiles {
  dirs: string[];
  files: string[];
}

/** A file's size, mtime, inode and ctime (and, when recent, a hash of its text): it changed when this did (what the page store and the outline cache go by too). */
export type FileStamp = string;

/** Every entry under a folder, recursively (`readdir(dir, { recursive: true, withFileTypes: true })`; tests inject failures). */
export type ReadTree = (dir: string) => Promise<Dirent[]>;

// Synchronous: the promise version walks a folder per promise (a tenth of a second of dev's start at 10 000 pages).
const readTree: ReadTree = async (dir) => readdirSync(dir, { recursive: true, withFileTypes: true });

/** The file's stamp, or undefined when it is gone, not a file, or cannot be stat'ed. */
export function stampOf(path: string, racyFrom = Infinity): FileStamp | undefined {
  // `throwIfNoEntry: false` covers only ENOENT: a link cycle (ELOOP), a name too long or a folder
  // without read permission still throw, and such a file is not one dev can read (dev warns of
  // links it refuses when they are asked for).
  try {
    const info = statSync(path, { throwIfNoEntry: false });
    if (!info?.isFile()) return undefined;
    // ctime and the inode as well as size and mtime: a file rewritten with the same size and its
    // mtime set back (`touch -r`, `rsync -t`, `tar x`) has a new ctime, one replaced a new inode.
    const stamp = `${info.mtimeMs}:${info.size}:${info.ino}:${info.ctimeMs}`;
    return info.mtimeMs < racyFrom ? stamp : `${stamp}#${createHash('sha1').update(readFileSync(path)).digest('hex')}`;
  } catch {
    return undefined;
  }
}

/** The stamp of a file whose text dev read may not be the one on disk now: differs from any stamp. */
export const UNKNOWN_STAMP: FileStamp = 'unknown';

/** A stamp with a hash (see {@link RACY_MARGIN_MS}) is compared with one taken the same way now. */
export const isRacy = (stamp: FileStamp): boolean => stamp.includes('#');

/** A stamped listing, and the folders that could not be listed (their files are unknown, not gone). */
interface Listing {
  stamps: Map<string, FileStamp>;
  unlisted: string[];
}

/**
 * Every file under the folders (skipping what the watcher skips: `.git`, `.docs-gen-cache`,
 * `node_modules`) and the single files that exist, each with its stamp. The stats are
 * synchronous: ten thousand of them take tens of milliseconds, ten thousand promises several times that.
 */
export async function listStartupFiles(what: StartupFiles, options: ListOptions = {}): Promise<Map<string, FileStamp>> {
  return (await list(what, options)).stamps;
}

export interface ListOptions {
  readTree?: ReadTree;
  /**
   * When dev began reading what is listed (the config's load, for the files it imports; default:
   * now). A file whose mtime is not older than this, less {@link RACY_MARGIN_MS}, may be saved
   * again within the same mtime tick with the same size: its stamp holds a hash of its text too.
   */
  startedAt?: number;
  /** Called with each folder's entries as listed (not for a folder that could not be listed). */
  onListed?: (dir: string, entries: readonly Dirent[]) => void;
}

async function list(what: StartupFiles, options: ListOptions): Promise<Listing> {
  const read = options.readTree ?? readTree;
  const racyFrom = (options.startedAt ?? Date.now()) - RACY_MARGIN_MS;
  const paths: string[] = [...what.files];
  const unlisted: string[] = [];
  // A recursive readdir rejects when a subfolder is renamed or removed during the walk: taken once
  // more, and when it fails again the folder is unlisted (never empty: that would be every file deleted).
  const readTwice = (dir: string) => read(dir).catch(() => read(dir)).catch(() => (unlisted.push(dir), []));
  const trees = await Promise.all(what.dirs.map((dir) => readTwice(dir).then((entries) => ({ dir, entries }))));
  for (const { dir, entries } of trees) if (!unlisted.includes(dir)) options.onListed?.(dir, entries);
  for (const { dir, entries } of trees) {
    for (const entry of entries) {
      if (entry.isDirectory()) continue;
      const path = direntPath(entry);
      if (!IGNORED.test(path.slice(dir.length))) paths.push(path);
    }
  }
  const stamps = new Map<string, FileStamp>();
  for (const path of paths) {
    const stamp = stampOf(path, racyFrom);
    if (stamp) stamps.set(path, stamp);
  }
  return { stamps, unlisted };
}

/**
 * `docs-gen dev` answers before it watches (chokidar's first scan of a 10 000-page site takes
 * seconds): what changed between the listing taken before dev read the site (`before`) and now,
 * as the watcher would have told it. Files gone are `unlink`, files new are `add`, files whose
 * size or mtime differ are `change`. Under a folder that could not be listed again, each file
 * listed before is stamped on its own: changed ones are `change`, and none is taken for gone
 * (the watcher, ready by now, reports what is removed from here on).
 */
export async function changesSince(before: ReadonlyMap<string, FileStamp>, what: StartupFiles, options: { readTree?: ReadTree } = {}): Promise<FileEvent[]> {
  const { stamps: now, unlisted } = await list(what, { readTree: options.readTree });
  const differs = (path: string, then: FileStamp, stamp: FileStamp) => then !== stamp && (!isRacy(then) || then !== stampOf(path, -Infinity));
  const isUnlisted = (path: string) => unlisted.some((dir) => path.startsWith(dir + sep));
  const events: FileEvent[] = [];
  for (const [path, then] of before) {
    if (now.has(path)) continue;
    if (!isUnlisted(path)) events.push({ event: 'unlink', path });
    else {
      const stamp = stampOf(path);
      if (stamp !== undefined && differs(path, then, stamp)) events.push({ event: 'change', path });
    }
  }
  for (const [path, stamp] of now) {
    const then = before.get(path);
    if (then === undefined) events.push({ event: 'add', path });
    else if (differs(path, then, stamp)) events.push({ event: 'change', path });
  }
  return events;
}
