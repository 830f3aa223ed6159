import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { writeAtomically, writeAtomicallySync } from './write-atomically.ts';

/**
 * One entry of a persistent cache: `<dir>/<key>.json`, holding `{ key, value }`.
 * The key is a content hash of everything the value depends on, so an entry is never stale;
 * the compiled-page and rendered-page caches both use this.
 */
const entryPath = (dir: string, key: string) => cacheFilePath(dir, key, 'json');

/**
 * Where a cache keeps a file of its own beside an entry (`<dir>/<key>.<extension>`): bytes
 * served as they are, never parsed. One folder per cache, not one per key prefix: on this
 * project's machines making a folder costs about 0.6 ms of system time, and a cold build of 250
 * pages made some 340 prefix folders, one for nearly every entry (ext4 indexes a large folder).
 */
export function cacheFilePath(dir: string, key: string, extension: string): string {
  return join(dir, `${key}.${extension}`);
}

/** The value kept under `key`, or undefined when there is none or it cannot be read whole (a torn or corrupt file is a miss). */
export async function readCacheEntry<Value>(dir: string, key: string, isValue: (value: unknown) => value is Value): Promise<Value | undefined> {
  return readCacheEntrySync(dir, key, isValue);
}

/**
 * `readCacheEntry`, answered at once: a caller looking up thousands of entries in one loop learns
 * of a miss before the loop ends (the build sends the render workers the site on the first
 * miss, so they load the renderer while the loop goes on).
 */
export function readCacheEntrySync<Value>(dir: string, key: string, isValue: (value: unknown) => value is Value): Value | undefined {
  try {
    // Read synchronously: an entry is small and in the page cache, and a warm build reads thousands;
    // each asynchronous read is four hand-offs to libuv's thread pool (open, stat, read, close),
    // which cost more system time than the reads themselves.
    const entry = JSON.parse(readFileSync(entryPath(dir, key), 'utf8')) as { key?: unknown; value?: unknown };
    // The key inside guards against a file copied or renamed into the wrong place.
    return entry.key === key && isValue(entry.value) ? entry.value : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the entry atomically (a temporary file renamed into place), so a reader never sees half of it. */
export function writeCacheEntry(dir: string, key: string, value: unknown): Promise<void> {
  return writeCacheFile(entryPath(dir, key), JSON.stringify({ key, value }));
}

/**
 * In a worker thread (the compiles and renders that write most cache files) a synchronous write
 * blocks that worker alone, which has nothing else to do meanwhile; an asynchronous one is three
 * hand-offs to libuv's thread pool (open, write, rename), each waking another thread. On the main
 * thread (dev's server, the build's event loop) writes stay asynchronous.
 */
const write = isMainThread ? writeAtomically : async (path: string, contents: string | Uint8Array) => writeAtomicallySync(path, contents);

/**
 * Writes a cache file atomically; a cache that cannot be written (a read-only folder, a full disk)
 * only costs the next build time. Its folder is made when the write finds none: a build writes
 * thousands of cache files into a few folders.
 */
export async function writeCacheFile(path: string, contents: string | Uint8Array): Promise<void> {
  try {
    await write(path, contents);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return;
    try {
      await mkdir(dirname(path), { recursive: true });
      await write(path, contents);
    } catch {
      // Nothing kept: the next build renders or compiles again.
    }
  }
}

/**
 * A cache file that is a header and a payload: a line of JSON holding at least the entry's `key`
 * and the payload's byte count (`bytes`), then the payload as it is served (a page's HTML, a
 * compiled page's code). One file rather than an entry beside its payload: on this project's
 * machines each file a cold build makes costs 0.2–0.3 ms of system time, and a look-up of an
 * entry beside a file also asks whether that file is there. JSON spells a newline in a string as
 * `\n`: the file's first newline ends the header.
 */
export interface HeaderedFile<Header> {
  file: string;
  header: Header;
  /** Where the payload starts in the file, in bytes. */
  payloadStart: number;
}

/** The buffer every look-up of a headered file reads into, kept between look-ups (a look-up loop reads thousands, one at a time) up to `SCRATCH_KEPT`. */
let scratch = Buffer.allocUnsafe(0);

/**
 * The header of the file kept under `key`, read alone (`firstRead` bytes at first, more while no
 * newline came): a look-up loop over every page holds no payload. Undefined when there is none,
 * or it is not whole (its size is not the header's count of payload bytes past the header), not
 * this key's, or not a header `isHeader` accepts: a miss, never an error.
 */
export function readCacheFileHeader<Header extends { key: string; bytes: number }>(file: string, key: string, isHeader: (value: unknown) => value is Header, firstRead = 4096): HeaderedFile<Header> | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const size = fstatSync(fd).size;
    if (scratch.length < Math.min(size, firstRead)) scratch = Buffer.allocUnsafe(Math.max(firstRead, 2 * scratch.length));
    let read = 0;
    let lineEnd = -1;
    while (lineEnd < 0) {
      // No newline yet: a longer header, or no header at all (the file ends first).
      if (read >= size) return undefined;
      if (read === scratch.length) {
        const more = Buffer.allocUnsafe(2 * scratch.length);
        scratch.copy(more, 0, 0, read);
        scratch = more;
      }
      const got = readSync(fd, scratch, read, Math.min(scratch.length, size) - read, read);
      // Cut short since its size was taken: not whole.
      if (got === 0) return undefined;
      lineEnd = scratch.subarray(read, read + got).indexOf(NEWLINE);
      if (lineEnd >= 0) lineEnd += read;
      read += got;
    }
    const header = JSON.parse(scratch.toString('utf8', 0, lineEnd)) as Partial<Header> | null;
    // The key inside guards against a file copied or renamed into the wrong place; the count, against one cut short.
    if (header?.key !== key || header.bytes !== size - lineEnd - 1 || !isHeader(header)) return undefined;
    return { file, header, payloadStart: lineEnd + 1 };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
    // A rare long header (a page of megabytes) does not keep its buffer for the thread's life.
    if (scratch.length > SCRATCH_KEPT) scratch = Buffer.allocUnsafe(0);
  }
}

const NEWLINE = 0x0a;

/** The most the buffer headers are read into stays at, between look-ups. */
const SCRATCH_KEPT = 64 * 1024;

/** The payload of a file whose header was read; throws when the file is gone or is no longer as its header said. */
export function readCacheFilePayload(found: HeaderedFile<{ bytes: number }>): Buffer {
  const bytes = readFileSync(found.file);
  // The same size and the header ending where it did: the file the look-up read (another writer of the key writes the same bytes).
  if (bytes.length !== found.payloadStart + found.header.bytes || bytes.indexOf(NEWLINE) !== found.payloadStart - 1) throw new Error(`${found.file} changed since it was looked up`);
  return bytes.subarray(found.payloadStart);
}

/**
 * Bytes `start` to `end` of the payload of a file whose header was read (a compile entry's code, or
 * the sections' texts after it), read alone; throws when the file is gone or is no longer as its
 * header said (its size, and the header's newline where it was).
 */
export function readCacheFilePayloadRange(found: HeaderedFile<{ bytes: number }>, start: number, end: number): Buffer {
  const fd = openSync(found.file, 'r');
  try {
    const newline = Buffer.alloc(1);
    const bytes = Buffer.allocUnsafe(end - start);
    const whole = fstatSync(fd).size === found.payloadStart + found.header.bytes && readSync(fd, newline, 0, 1, found.payloadStart - 1) === 1 && newline[0] === NEWLINE;
    let read = 0;
    while (whole && read < bytes.length) {
      const got = readSync(fd, bytes, read, bytes.length - read, found.payloadStart + start + read);
      if (got === 0) break;
      read += got;
    }
    if (!whole || read < bytes.length) throw new Error(`${found.file} changed since it was looked up`);
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/**
 * Keeps `payload` under `key` with the rest of its `header`, in one file written whole or not at
 * all. A payload the caller writes elsewhere too (a rendered page, to the output) comes encoded:
 * a page's HTML is encoded once, and its byte count is the buffer's length, not a second pass.
 */
export function writeHeaderedCacheFile(file: string, header: { key: string } & Record<string, unknown>, payload: string | Uint8Array): Promise<void> {
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  return writeCacheFile(file, Buffer.concat([Buffer.from(`${JSON.stringify({ ...header, bytes: body.length })}\n`), body]));
}
