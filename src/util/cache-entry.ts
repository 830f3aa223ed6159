import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { endEntriesRecord, isRecording, mergePacks, noteEntryUsed, packFolder, packHolds, prunePacks, readEntryHeader, readPack, recordEntriesUsed, refreshPackFolder, type EntriesUsed, type PackedEntry, type WholeEntry } from './cache-packs.ts';
import { writeAtomically, writeAtomicallySync } from './write-atomically.ts';

/**
 * One entry of a persistent cache: `<dir>/<key>.json`, holding `{ key, value }`.
 * The key is a content hash of everything the value depends on, so an entry is never stale.
 * The compiled-page and rendered-page caches keep theirs in packs instead (`HeaderedFile` below).
 */
const entryPath = (dir: string, key: string) => cacheFilePath(dir, key, 'json');

/**
 * The name of an entry of a cache (`<dir>/<key>.<extension>`): a file of its own, or an entry of
 * the folder's packs (`HeaderedFile`). One folder per cache, not one per key prefix: on this
 * project's machines making a folder costs about 0.6 ms of system time.
 */
export function cacheFilePath(dir: string, key: string, extension: string): string {
  return join(dir, `${key}.${extension}`);
}

/**
 * A cache file's folder and name, as `dirname` and `basename` give them for a path `cacheFilePath`
 * made (absolute or relative, never ending in a separator): cut at its last separator, as those
 * would only after parsing the whole path again, at each of a rebuild's thousands of look-ups.
 */
function folderAndName(file: string): [dir: string, name: string] {
  // Windows' functions take `/` as a separator too: there, they answer.
  const at = sep === '/' ? file.lastIndexOf(sep) : -1;
  return at > 0 ? [file.slice(0, at), file.slice(at + 1)] : [dirname(file), basename(file)];
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
 * An entry that is a header and a payload, kept in a pack (cache-packs.ts) under its name
 * (`<dir>/<key>.<extension>`, `cacheFilePath`): a line of JSON holding at least the entry's `key`
 * and the payload's byte count (`bytes`), then the payload as it is served (a page's HTML, a
 * compiled page's code). JSON spells a newline in a string as `\n`: the entry's first newline
 * ends the header.
 */
export interface HeaderedFile<Header> {
  /** The entry's name as its folder and key spell it: what a message names. */
  file: string;
  /** Where its bytes are. */
  place: PackedEntry;
  header: Header;
  /** Where the payload starts in the pack, in bytes. */
  payloadStart: number;
}

/**
 * The header of the entry kept under `key` at `file` (`<dir>/<key>.<extension>`), read alone
 * (`firstRead` bytes at first, more while no newline came): a look-up loop over every page holds
 * no payload. Undefined when there is none, or it is not whole (the header's count of payload
 * bytes is not what its place holds past the header), not this key's, or not a header
 * `isHeader` accepts: a miss, never an error. A place that fails is forgotten by this thread,
 * so that the entry can be written again.
 */
export function readCacheFileHeader<Header extends { key: string; bytes: number }>(file: string, key: string, isHeader: (value: unknown) => value is Header, firstRead = 4096): HeaderedFile<Header> | undefined {
  const [dir, name] = folderAndName(file);
  const folder = packFolder(dir);
  for (const place of folder.placesOf(name)) {
    const found = readCacheFileHeaderAt(file, place, key, isHeader, firstRead);
    if (found) return found;
    folder.forget(name, place);
  }
  return undefined;
}

/**
 * The header of the entry under `key` at one place: one the folder lists (`readCacheFileHeader`),
 * or one another thread gave (a worker's compile, just written to its pack), with no look-up in
 * the folder, which this thread may not have read since. Undefined when the place holds no whole
 * entry of this key that `isHeader` accepts.
 */
export function readCacheFileHeaderAt<Header extends { key: string; bytes: number }>(file: string, place: PackedEntry, key: string, isHeader: (value: unknown) => value is Header, firstRead = 4096): HeaderedFile<Header> | undefined {
  try {
    const head = readEntryHeader(place, firstRead);
    if (!head) return undefined;
    const header = JSON.parse(head.line) as Partial<Header> | null;
    // The key inside guards against an entry filed under another name; the count, against one cut short.
    if (header?.key !== key || header.bytes !== place.length - head.bytes - 1 || !isHeader(header)) return undefined;
    // The pack cut short after the header (by another program, in place): not whole.
    if (head.read < place.length && !packHolds(place.pack, place.start + place.length)) return undefined;
    return { file, place, header, payloadStart: place.start + head.bytes + 1 };
  } catch {
    return undefined;
  }
}

/** The payload of an entry whose header was read; throws when its pack no longer holds it whole. */
export function readCacheFilePayload(found: HeaderedFile<{ bytes: number }>): Buffer {
  return readCacheFilePayloadRange(found, 0, found.header.bytes);
}

/**
 * Bytes `start` to `end` of the payload of an entry whose header was read (a compile entry's
 * code, or the sections' texts after it), read alone; throws when its pack no longer holds them
 * (a pack removed before this thread first read it, or cut short).
 */
export function readCacheFilePayloadRange(found: HeaderedFile<{ bytes: number }>, start: number, end: number, into?: (length: number) => Buffer): Buffer {
  return readPayloadPart(payloadPart(found, start, end), into);
}

/** Where a part of an entry's payload is: what another thread needs to read it (a page's code, for the worker that renders the page). */
export interface PayloadPart {
  /** The entry's name, for messages. */
  file: string;
  pack: string;
  /** The part's first byte in the pack, and its byte count. */
  start: number;
  length: number;
}

/** Bytes `start` to `end` of the payload of an entry whose header was read, as a place to read them from; throws when they are not in the payload. */
export function payloadPart(found: HeaderedFile<{ bytes: number }>, start: number, end: number): PayloadPart {
  // Past the payload's end are the next entry's bytes: a count in a header that does not fit (a damaged entry) must not reach them.
  if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= found.header.bytes)) throw new Error(`${found.file}: bytes ${start} to ${end} are not in its payload of ${found.header.bytes}`);
  return { file: found.file, pack: found.place.pack, start: found.payloadStart + start, length: end - start };
}

/**
 * The bytes of a part of a payload (`payloadPart`), in this thread or another; throws when its
 * pack no longer holds them. `into` gives the buffer of `length` bytes to read them into (a view
 * of a shared slab: `EncodingArena.reserve`), when not a buffer of their own.
 */
export function readPayloadPart(part: PayloadPart, into: (length: number) => Buffer = Buffer.allocUnsafe): Buffer {
  const bytes = into(part.length);
  let read: number;
  try {
    read = readPack(part.pack, bytes, 0, bytes.length, part.start);
  } catch (error) {
    throw new Error(`${part.file} changed since it was looked up`, { cause: error });
  }
  if (read < bytes.length) throw new Error(`${part.file} changed since it was looked up`);
  return bytes;
}

/**
 * Keeps `payload` under `key` with the rest of its `header`, appended whole to this thread's pack
 * in the folder of `file` (`<dir>/<key>.<extension>`), unless this thread lists a whole copy
 * there already. A payload the caller writes elsewhere too (a rendered page, to the output) comes
 * encoded: a page's HTML is encoded once, and its byte count is the buffer's length. A payload in
 * parts (a compile's code and texts, each encoded once) is written as their bytes joined. A cache that
 * cannot be written (a read-only folder, a full disk) only costs the next build time.
 */
export async function writeHeaderedCacheFile(file: string, header: { key: string } & Record<string, unknown>, payload: string | Uint8Array | readonly Uint8Array[]): Promise<PackedEntry | undefined> {
  const [dir, name] = folderAndName(file);
  const folder = packFolder(dir);
  // Kept already only when a look-up would take it: a copy another thread dropped, or one cut short, is written anew.
  const kept = folder.has(name) ? readCacheFileHeader(file, header.key, isAnyHeader) : undefined;
  if (kept) return kept.place;
  const parts = typeof payload === 'string' ? [Buffer.from(payload)] : payload instanceof Uint8Array ? [payload] : payload;
  const bytes = parts.reduce((sum, part) => sum + part.length, 0);
  try {
    return folder.append(name, [Buffer.from(`${JSON.stringify({ ...header, bytes })}\n`), ...parts]);
  } catch {
    // Nothing kept: the next build renders or compiles again.
    return undefined;
  }
}

const isAnyHeader = (value: unknown): value is { key: string; bytes: number } => typeof value === 'object' && value !== null;

/** Makes the entry found unusable to every later look-up (it does not fit what it was looked up for): the next compile writes it anew. */
export function dropCacheFileEntry(found: HeaderedFile<unknown>): void {
  const [dir, name] = folderAndName(found.file);
  packFolder(dir).spoil(name, found.place);
}

/** The names of the entries kept in `dir`, as this thread reads the folder now. */
export function cacheFileNames(dir: string): string[] {
  refreshPackFolder(dir);
  return packFolder(dir).names();
}

/** Brings this thread's view of the entries in `dir` up to date (`refreshPackFolder`): where a pass of look-ups starts. */
export const refreshCacheFiles = refreshPackFolder;

/**
 * Whether an entry of a packed folder is whole: its header still names it (a dropped one's does
 * not) and counts its payload's bytes.
 */
const isWholeEntry: WholeEntry = (name, line, payloadBytes) => {
  try {
    const header = JSON.parse(line) as { key?: unknown; bytes?: unknown } | null;
    return typeof header?.key === 'string' && name.startsWith(`${header.key}.`) && header.bytes === payloadBytes;
  } catch {
    return false;
  }
};

/** Merges the packs of `dir` when there are many (`mergePacks`), keeping each entry that is whole (a dropped one is left behind). */
export function mergeCacheFiles(dir: string): number {
  return mergePacks(dir, isWholeEntry);
}

/** The caches of a site's cache folder whose entries are kept in packs (headered entries). */
export const PACKED_CACHES = ['compiled', 'rendered'] as const;

/**
 * Notes that the entry at `file` (`<dir>/<key>.<extension>`) is used by the build running, found
 * or not (`recordCacheFilesUsed`): a build that succeeds lets go of the entries it did not use
 * once they take more than three times the room of those it did (`prunePacks`).
 */
export function noteCacheFileUsed(file: string): void {
  noteEntryUsed(...folderAndName(file));
}

/** What a build uses of the packed caches of a site, recorded while it runs (`recordCacheFilesUsed`). */
export type CacheFilesUsed = readonly EntriesUsed[];

/** Starts recording what a build uses of each packed cache of `cacheDir` (`noteCacheFileUsed`). */
export function recordCacheFilesUsed(cacheDir: string): CacheFilesUsed {
  return PACKED_CACHES.map((kind) => recordEntriesUsed(join(cacheDir, kind)));
}

/** Ends the record of what a build used (`recordCacheFilesUsed`), where the build cannot prune (its workers may not be done). */
export function endCacheFilesRecord(record: CacheFilesUsed): void {
  for (const folder of record) endEntriesRecord(folder);
}

/**
 * Tidies each packed cache of `cacheDir`, where no thread of this process writes into them (a
 * build's end, dev's start). A build passes what it recorded (`recordCacheFilesUsed`), whose
 * record ends here, and whether it succeeded: then the entries it did not use are let go once
 * they have come to take more than three times the room of those it did (`prunePacks`). Then the
 * packs of a folder that has many are merged (`mergeCacheFiles`). Neither while another build of
 * the site runs in this thread (`isRecording`).
 */
export function mergePackedCaches(cacheDir: string, build?: { record: CacheFilesUsed; succeeded: boolean }): void {
  // Every record ends first: one left open would hold off every later build's prune in this process.
  if (build) endCacheFilesRecord(build.record);
  for (const kind of PACKED_CACHES) {
    const dir = join(cacheDir, kind);
    if (isRecording(dir)) continue;
    const record = build?.record.find((folder) => folder.dir === dir);
    if (build?.succeeded && record) prunePacks(record, isWholeEntry);
    mergeCacheFiles(dir);
  }
}
