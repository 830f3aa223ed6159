// What tests do to the entries of a folder of packs (src/util/cache-packs.ts) where they once
// wrote or read a cache file: read an entry's bytes, damage it, remove it.
import { closeSync, openSync, truncateSync, writeSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { packFolder, readPack } from '../src/util/cache-packs.ts';

/** The bytes of the entry at `file` (`<dir>/<key>.<extension>`) as it was last written and not dropped since, or undefined. */
export function cacheEntryBytes(file: string): Buffer | undefined {
  const folder = packFolder(dirname(file));
  folder.refresh();
  for (const place of folder.placesOf(basename(file))) {
    const bytes = Buffer.alloc(place.length);
    // A dropped entry's header starts with `#` (PackFolder.spoil).
    if (readPack(place.pack, bytes, 0, place.length, place.start) === place.length && bytes[0] !== 0x23) return bytes;
  }
  return undefined;
}

/** Files `bytes` as the entry at `file` in place of every copy of it the folder holds: what a damaged or torn entry looks like. */
export function replaceCacheEntry(file: string, bytes: string | Uint8Array): void {
  const folder = packFolder(dirname(file));
  removeCacheEntry(file);
  folder.append(basename(file), [typeof bytes === 'string' ? Buffer.from(bytes) : bytes]);
}

/** Makes every copy of the entry at `file` unreadable (a header no look-up takes): as if it were removed. */
export function removeCacheEntry(file: string): void {
  const folder = packFolder(dirname(file));
  folder.refresh();
  for (const place of folder.placesOf(basename(file))) folder.spoil(basename(file), place);
}

/** Writes `bytes` over the entry at `file` where it is (as many bytes as it has): an entry changed behind a reader's back after its look-up. */
export function overwriteCacheEntry(file: string, bytes: string | Uint8Array): void {
  const place = latestPlace(file);
  const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  if (data.length !== place.length) throw new Error(`overwriteCacheEntry: ${data.length} bytes for an entry of ${place.length}`);
  const fd = openSync(place.pack, 'r+');
  try {
    writeSync(fd, data, 0, data.length, place.start);
  } finally {
    closeSync(fd);
  }
}

/** Cuts the pack holding the entry at `file` short, at the entry's first byte: an entry lost after its look-up. */
export function cutCacheEntry(file: string): void {
  const place = latestPlace(file);
  truncateSync(place.pack, place.start);
}

function latestPlace(file: string) {
  const folder = packFolder(dirname(file));
  folder.refresh();
  const [place] = folder.placesOf(basename(file));
  if (!place) throw new Error(`no cache entry ${file}`);
  return place;
}
