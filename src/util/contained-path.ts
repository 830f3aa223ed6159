import { realpath } from 'node:fs/promises';
import { sep } from 'node:path';

/** True when `target` is `folder` or lies under it (both absolute, normalised; no file system access). */
export function isInside(folder: string, target: string): boolean {
  return target === folder || target.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}

/**
 * The real path of `path` (symbolic links followed) when it is inside the real path of
 * `folder`; undefined when it leads outside, or when it does not exist. Callers answer both
 * the same way, so a request can never tell a file outside the folder from a missing one.
 */
export async function realPathInside(folder: string, path: string): Promise<string | undefined> {
  try {
    const [realFolder, real] = await Promise.all([realpath(folder), realpath(path)]);
    return isInside(realFolder, real) ? real : undefined;
  } catch {
    return undefined;
  }
}
