import { relative } from 'node:path';
import type { Diagnostic } from './diagnostic.ts';

/** A Node file-system error: `ENOSPC: no space left on device, write '/site/out/…'`. */
export interface FileSystemError extends Error {
  code: string;
  syscall?: string;
  path?: string;
  dest?: string;
}

export function isFileSystemError(error: unknown): error is FileSystemError {
  const e = error as Partial<FileSystemError> | null;
  return typeof e === 'object' && e !== null && typeof e.code === 'string' && /^E[A-Z]+$/.test(e.code) && typeof e.path === 'string';
}

/** What the writer can do about each (the rest: the system's own words). */
const REASONS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exhausted',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder',
  EMFILE: 'too many open files',
};

/**
 * A file the build could not read or write is the machine's problem, not our bug: a
 * diagnostic naming the path (relative to the site when inside it) and the reason.
 */
export function fileSystemDiagnostic(error: FileSystemError, root: string): Diagnostic {
  const path = error.dest ?? error.path!;
  const inside = relative(root, path);
  const file = inside.startsWith('..') ? path : inside;
  // `open` can be either; in the build a failed open is nearly always a write (sources are read earlier).
  const reading = /^(read|stat|lstat|scandir|readlink|opendir)$/.test(error.syscall ?? '');
  return {
    severity: 'error',
    code: reading ? 'read-failed' : 'write-failed',
    message: `Cannot ${reading ? 'read' : 'write'} ${path}: ${REASONS[error.code] ?? error.message.replace(/^E[A-Z]+:\s*/, '').replace(/, \w+ '.*'$/, '')} (${error.code})`,
    file,
  };
}
