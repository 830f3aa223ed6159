import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeAtomically } from './write-atomically.ts';

/**
 * One entry of a persistent cache: `<dir>/<key[0..2]>/<key>.json`, holding `{ key, value }`.
 * The key is a content hash of everything the value depends on, so an entry is never stale;
 * the compiled-page and rendered-page caches both use this.
 */
const entryPath = (dir: string, key: string) => cacheFilePath(dir, key, 'json');

/** Where a cache keeps a file of its own beside an entry (`<dir>/<key[0..2]>/<key>.<extension>`): bytes served as they are, never parsed. */
export function cacheFilePath(dir: string, key: string, extension: string): string {
  return join(dir, key.slice(0, 2), `${key}.${extension}`);
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

/** Writes a cache file atomically; a cache that cannot be written (a read-only folder, a full disk) only costs the next build time. */
export async function writeCacheFile(path: string, contents: string): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeAtomically(path, contents);
  } catch {
    // Nothing kept: the next build renders or compiles again.
  }
}
