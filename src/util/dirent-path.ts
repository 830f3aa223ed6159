import type { Dirent } from 'node:fs';
import { sep } from 'node:path';

/**
 * The path of an entry a `readdir` with `withFileTypes` listed: its folder and its name, put
 * together without `join`, whose normalising of every path cost a walk of 10 000 files tens of
 * milliseconds (the folder readdir names is normalised already: the one given, or one under it).
 */
export function direntPath(entry: Pick<Dirent, 'parentPath' | 'name'>): string {
  return `${entry.parentPath}${entry.parentPath.endsWith(sep) ? '' : sep}${entry.name}`;
}
