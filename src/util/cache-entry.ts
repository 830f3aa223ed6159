import { readFileSync } from 'node:fs';
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
const write = isMainThread ? writeAtomically : async (path: string, contents: string) => writeAtomicallySync(path, contents);

/**
 * Writes a cache file atomically; a cache that cannot be written (a read-only folder, a full disk)
 * only costs the next build time. Its folder is made when the write finds none: a build writes
 * thousands of cache files into a few folders.
 */
export async function writeCacheFile(path: string, contents: string): Promise<void> {
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
