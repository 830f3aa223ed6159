import { statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileEvent } from './apply-changes.ts';
import { IGNORED } from './watch-site.ts';

/** What dev read its site from: the folders (whole trees) and single files (the config). */
export interface StartupFiles {
  dirs: string[];
  files: string[];
}

/** A file's size and mtime: it changed when this did (what chokidar, the page store and the outline cache go by too). */
export type FileStamp = string;

/** The file's stamp, or undefined when it is gone (or not a file). */
export function stampOf(path: string): FileStamp | undefined {
  const info = statSync(path, { throwIfNoEntry: false });
  return info?.isFile() ? `${info.mtimeMs}:${info.size}` : undefined;
}

/**
 * Every file under the folders (skipping what the watcher skips: `.git`, `.docs-gen-cache`,
 * `node_modules`) and the single files that exist, each with its stamp. The stats are
 * synchronous: ten thousand of them take tens of milliseconds, ten thousand promises several times that.
 */
export async function listStartupFiles(what: StartupFiles): Promise<Map<string, FileStamp>> {
  const paths: string[] = [...what.files];
  const trees = await Promise.all(what.dirs.map((dir) => readdir(dir, { recursive: true, withFileTypes: true }).then((entries) => ({ dir, entries }), () => ({ dir, entries: [] }))));
  for (const { dir, entries } of trees) {
    for (const entry of entries) {
      const path = join(entry.parentPath, entry.name);
      if (!entry.isDirectory() && !IGNORED.test(path.slice(dir.length))) paths.push(path);
    }
  }
  const listed = new Map<string, FileStamp>();
  for (const path of paths) {
    const stamp = stampOf(path);
    if (stamp) listed.set(path, stamp);
  }
  return listed;
}

/**
 * `docs-gen dev` answers before it watches (chokidar's first scan of a 10 000-page site takes
 * seconds): what changed between the listing taken before dev read the site (`before`) and now,
 * as the watcher would have told it. Files gone are `unlink`, files new are `add`, files whose
 * size or mtime differ are `change`.
 */
export async function changesSince(before: ReadonlyMap<string, FileStamp>, what: StartupFiles): Promise<FileEvent[]> {
  const now = await listStartupFiles(what);
  const events: FileEvent[] = [];
  for (const path of before.keys()) if (!now.has(path)) events.push({ event: 'unlink', path });
  for (const [path, stamp] of now) {
    const then = before.get(path);
    if (then === undefined) events.push({ event: 'add', path });
    else if (then !== stamp) events.push({ event: 'change', path });
  }
  return events;
}
