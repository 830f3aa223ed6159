import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, statSync, unlinkSync, writeSync, writevSync } from 'node:fs';
import { join, sep } from 'node:path';

/**
 * The compiled-page and rendered-page caches keep their entries in packs, not one file each. A
 * cold build of 2000 pages made 4000 cache files, each a new inode through a temporary name and a
 * rename, beside the output's 6000. On ext4, making an inode soon after many were removed (the
 * last build's output and cache cleared) walks the recently freed ones (`recently_deleted` in the
 * kernel's profile): there a cold build took 10–11 s, 12 s of it system time, and 5–9 s with its
 * cache entries appended to one file per thread (bench/README.md, "Cache entries in packs").
 *
 * A folder of packs holds, for each thread that wrote into it, `<writer>-<n>.pack` (entries one
 * after another, each as it would have been a file) and `<writer>-<n>.index` (a line per entry:
 * its name, where it starts in the pack, its byte count). Only the writer appends to its two files, and an
 * index line is written after its entry's bytes, so a line read is an entry whole. A look-up
 * reads the folder's index files once (`PackFolder`) and an entry's bytes with one positioned
 * read from a pack kept open: a rebuild of 2000 pages read 2000 files with four calls each.
 */

/** Where an entry is: its pack, its first byte, its byte count. */
export interface PackedEntry {
  pack: string;
  start: number;
  length: number;
}

const PACK = '.pack';
const INDEX = '.index';

/** This thread's writer name, random bytes drawn once per loaded copy of this module, and a count that tells apart its packs (one per folder, another after a failed write, a merge's) and its merges' lock tokens. */
const writer = randomBytes(6).toString('hex');
let packsOpened = 0;

/**
 * Packs kept open for reading, by path, the most recently used last: one read per look-up rather
 * than an open and a close, and an entry looked up stays readable when another process's merge
 * or a cleared cache removes its pack. Merges keep a folder near `PACKS_BEFORE_MERGE` packs
 * (`packsToMerge`; a few dozen in the worst mixes the tests simulate) and the few a run adds; a
 * build looks up in two folders. A pack closed to make room is opened again when next read.
 */
const openPacks = new Map<string, number>();
export const OPEN_PACKS_KEPT = 64;

function packFd(pack: string): number {
  let fd = openPacks.get(pack);
  if (fd !== undefined) {
    openPacks.delete(pack);
    openPacks.set(pack, fd);
    return fd;
  }
  fd = openSync(pack, 'r');
  openPacks.set(pack, fd);
  if (openPacks.size > OPEN_PACKS_KEPT) closePack(openPacks.keys().next().value!);
  return fd;
}

function closePack(pack: string): void {
  const fd = openPacks.get(pack);
  if (fd === undefined) return;
  openPacks.delete(pack);
  heldBytes.delete(pack);
  readAhead.delete(pack);
  try {
    closeSync(fd);
  } catch {
    // Closed already.
  }
}

/** Reads `length` bytes of `pack` from `position` into `into` at `offset`; the count read (short at the pack's end). */
export function readPack(pack: string, into: Buffer, offset: number, length: number, position: number): number {
  const fd = packFd(pack);
  let read = 0;
  while (read < length) {
    const got = readSync(fd, into, offset + read, length - read, position + read);
    if (got === 0) {
      // Shorter than a look-up learnt: cut in place by another program. Its size is asked again, and what was read ahead of it read again.
      heldBytes.delete(pack);
      readAhead.delete(pack);
      break;
    }
    read += got;
  }
  return read;
}

/**
 * The size each open pack had when last asked (`packHolds`), by path, while its descriptor stays
 * open. docs-gen only ever appends to a pack (its one writer), and never cuts one or renames onto
 * one, so the file behind a descriptor holds at least what it held: a rebuild that looks up 2000
 * entries in a dozen packs asks the file system a dozen times, not 2000 (17 ms of a one-page
 * rebuild's main thread). Forgotten when the descriptor closes (a path opened again may be a copy
 * put there since), when a read comes up short, and when the folder is read again
 * (`PackFolder.refresh`, at the start of each pass over the pages). So a pack another program cuts
 * in place (`rsync --inplace`, a sync client) is a miss from the next pass on; within a pass, an
 * entry it cut after the pack's size was learnt fails its page when read ("build again"), as one
 * cut after its own look-up always did.
 */
const heldBytes = new Map<string, number>();

/** Whether `pack` is `end` bytes long or more: an entry read in part (its header) is whole there. */
export function packHolds(pack: string, end: number): boolean {
  const fd = packFd(pack);
  if ((heldBytes.get(pack) ?? -1) >= end) return true;
  const size = fstatSync(fd).size;
  heldBytes.set(pack, size);
  return size >= end;
}

/** The buffer every header is read into, kept between reads (a look-up loop reads thousands, one at a time) up to `SCRATCH_KEPT`. */
let scratch = Buffer.allocUnsafe(0);

/** The most the buffer headers are read into stays at, between reads. */
const SCRATCH_KEPT = 64 * 1024;

/**
 * What was read of each pack past the header asked for, and where the last entry asked for there
 * ended. A rebuild reads the headers of every page's compile entry, which its cold build wrote
 * one after another into a pack per worker, in much the order the rebuild asks for them: a header
 * asked for at or just past where the last one of its pack ended reads `READ_AHEAD` bytes at once,
 * and the headers after it come from those. One `pread` of 4 KiB cost 29 µs inside a rebuild on a
 * two-core machine, 4–9 µs alone (bench/README.md, thirtieth session); 2000 became about 100. A
 * header asked for elsewhere is read alone, as before. Packs are only ever appended to, so the
 * bytes read stay the pack's; they are forgotten with its size (`refresh`, a closed descriptor, a
 * read that came up short).
 */
const readAhead = new Map<string, ReadAhead>();

/** A pack's bytes read ahead (`length` of them from `start`, in `buffer`, kept for the next read), and where the last entry asked for ended. */
interface ReadAhead {
  start: number;
  length: number;
  buffer: Buffer | undefined;
  nextStart: number;
}

/** Bytes read ahead at once: about 25 compile entries of the bench's pages (headers, code and texts). */
const READ_AHEAD = 256 * 1024;

/** Packs read ahead in at once, the most recently used kept: a rebuild reads a pack per worker of its cold build, and the few its rebuilds added. */
const READ_AHEAD_PACKS = 8;

function noteReadAhead(pack: string, state: ReadAhead): void {
  readAhead.delete(pack);
  readAhead.set(pack, state);
  if (readAhead.size > READ_AHEAD_PACKS) readAhead.delete(readAhead.keys().next().value!);
}

/** The header of `place` from what was read ahead of it in its pack, when that holds the header's newline. */
function headerReadAhead(place: PackedEntry): { line: string; bytes: number; read: number } | undefined {
  const ahead = readAhead.get(place.pack);
  if (!ahead?.buffer) return undefined;
  const from = place.start - ahead.start;
  if (from < 0 || from >= ahead.length) return undefined;
  const read = Math.min(ahead.length - from, place.length);
  const lineEnd = ahead.buffer.subarray(from, from + read).indexOf(0x0a);
  if (lineEnd < 0) return undefined;
  ahead.nextStart = place.start + place.length;
  return { line: ahead.buffer.toString('utf8', from, from + lineEnd), bytes: lineEnd, read };
}

/**
 * The first line of the entry at `place` (its header), read alone: `firstRead` bytes at first,
 * more while no newline came; or with the entries after it, when it follows on the last one read
 * in its pack (`readAhead`). With the line's byte count, and how many of the entry's bytes were
 * read. Undefined when the entry holds no newline, or the pack ends first.
 */
export function readEntryHeader(place: PackedEntry, firstRead = 4096): { line: string; bytes: number; read: number } | undefined {
  const kept = headerReadAhead(place);
  if (kept) return kept;
  const last = readAhead.get(place.pack);
  if (last && place.start >= last.nextStart && place.start - last.nextStart < READ_AHEAD) {
    const buffer = last.buffer ?? Buffer.allocUnsafe(READ_AHEAD);
    try {
      // One call: a regular file gives all it holds, so a short read is the pack's end (entries written after it are read next time).
      const got = readSync(packFd(place.pack), buffer, 0, READ_AHEAD, place.start);
      noteReadAhead(place.pack, { start: place.start, length: got, buffer, nextStart: place.start });
    } catch {
      readAhead.delete(place.pack);
      return undefined;
    }
    const found = headerReadAhead(place);
    if (found) return found;
  }
  const head = readHeaderAlone(place, firstRead);
  // Read alone, it starts what the next header of its pack may read ahead from.
  if (head) noteReadAhead(place.pack, { start: 0, length: 0, buffer: last?.buffer, nextStart: place.start + place.length });
  return head;
}

/** `readEntryHeader` of one entry, into the thread's scratch buffer. */
function readHeaderAlone(place: PackedEntry, firstRead: number): { line: string; bytes: number; read: number } | undefined {
  try {
    if (scratch.length < Math.min(place.length, firstRead)) scratch = Buffer.allocUnsafe(Math.max(firstRead, 2 * scratch.length));
    let read = 0;
    let lineEnd = -1;
    while (lineEnd < 0) {
      // No newline yet: a longer header, or no header at all (the entry ends first).
      if (read >= place.length) return undefined;
      if (read === scratch.length) {
        const more = Buffer.allocUnsafe(2 * scratch.length);
        scratch.copy(more, 0, 0, read);
        scratch = more;
      }
      const got = readPack(place.pack, scratch, read, Math.min(scratch.length, place.length) - read, place.start + read);
      // The pack ends first: not whole.
      if (got === 0) return undefined;
      lineEnd = scratch.subarray(read, read + got).indexOf(0x0a);
      if (lineEnd >= 0) lineEnd += read;
      read += got;
    }
    return { line: scratch.toString('utf8', 0, lineEnd), bytes: lineEnd, read };
  } finally {
    // A rare long header (a page of megabytes) does not keep its buffer for the thread's life.
    if (scratch.length > SCRATCH_KEPT) scratch = Buffer.allocUnsafe(0);
  }
}

/** Every byte of `path` from `from` on. */
function readTail(path: string, from: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size <= from) return Buffer.alloc(0);
    const bytes = Buffer.allocUnsafe(size - from);
    let read = 0;
    while (read < bytes.length) {
      const got = readSync(fd, bytes, read, bytes.length - read, from + read);
      if (got === 0) break;
      read += got;
    }
    return bytes.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** A line of an index: `name`, start, byte count, tab-separated. */
function parseIndexLine(line: string, pack: string): [string, PackedEntry] | undefined {
  const [name, start, length, extra] = line.split('\t');
  if (!name || extra !== undefined || !/^\d+$/.test(start ?? '') || !/^\d+$/.test(length ?? '')) return undefined;
  return [name, { pack, start: Number(start), length: Number(length) }];
}

/**
 * Writes `pieces` one after another from `position`, in one call for them all when the file takes
 * them whole (`writev`): an entry's header and payload were joined into a buffer of their own
 * first, a copy of every page's HTML and code.
 */
function writeAllAt(fd: number, pieces: readonly Uint8Array[], position: number): void {
  let left = pieces.filter((piece) => piece.length > 0);
  while (left.length) {
    let written = writevSync(fd, left, position);
    if (written === 0) throw new Error('no byte written');
    position += written;
    // A short write (a full disk, a signal): on from the first byte not written.
    while (left.length && written >= left[0]!.length) written -= left.shift()!.length;
    if (written > 0) left[0] = left[0]!.subarray(written);
  }
}

/**
 * One thread's view of a folder of packs: each entry's places (an entry written twice, by two
 * threads or after one was dropped, has two; the last read is tried first), and the pack this
 * thread appends to there.
 */
export class PackFolder {
  private readonly entries = new Map<string, PackedEntry[]>();
  /** Each index file read: how many of its bytes (whole lines) are in `entries`. */
  private readonly consumed = new Map<string, number>();
  private own?: { pack: string; index: string; packFd: number; indexFd: number; size: number };
  /** A write failed here (a full disk, a folder that cannot be made): this thread writes no more into the folder until it reads it again (`refresh`), rather than try at every entry. */
  private writeFailed = false;
  /** The pack a failed write left, with entries written before the failure (`removeOwn` removes it). */
  private abandoned?: { pack: string; index: string };

  constructor(readonly dir: string) {
    this.refresh();
  }

  /**
   * Reads what was added to the folder since the last read: index files new or grown. An index
   * file gone (the folder cleared, or its packs merged) takes its entries with it, and this
   * thread's own pack is opened anew at its next write.
   */
  refresh(): void {
    this.writeFailed = false;
    // Sizes asked again from here: what a pass over the folder learns holds for that pass.
    const inside = join(this.dir, sep);
    for (const pack of heldBytes.keys()) if (pack.startsWith(inside)) heldBytes.delete(pack);
    for (const pack of readAhead.keys()) if (pack.startsWith(inside)) readAhead.delete(pack);
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      names = [];
    }
    const indexes = new Set(names.filter((name) => name.endsWith(INDEX)).map((name) => join(this.dir, name)));
    if ([...this.consumed.keys()].some((index) => !indexes.has(index))) this.forgetAll();
    else if (this.own && !indexes.has(this.own.index)) this.forgetAll();
    for (const index of indexes) this.readIndex(index);
  }

  private forgetAll(): void {
    for (const places of this.entries.values()) for (const { pack } of places) closePack(pack);
    this.entries.clear();
    this.consumed.clear();
    this.closeOwn();
  }

  private readIndex(index: string): void {
    // This thread's own lines are in `entries` as it writes them.
    if (index === this.own?.index) return;
    const from = this.consumed.get(index) ?? 0;
    let tail: Buffer;
    try {
      // A stat, not an open, for an index read before that has not grown: a refresh looks at every index of the folder.
      if (from > 0 && statSync(index).size <= from) return;
      tail = readTail(index, from);
    } catch {
      return;
    }
    // A last line without its newline is being written: read again next time.
    const end = tail.lastIndexOf(0x0a);
    if (end < 0) return;
    this.consumed.set(index, from + end + 1);
    const pack = index.slice(0, -INDEX.length) + PACK;
    for (const line of tail.toString('utf8', 0, end).split('\n')) {
      const parsed = parseIndexLine(line, pack);
      if (parsed) this.add(parsed[0], parsed[1]);
    }
  }

  private add(name: string, entry: PackedEntry): void {
    const places = this.entries.get(name);
    if (places) places.push(entry);
    else this.entries.set(name, [entry]);
  }

  /** The places of `name`, the latest first. */
  placesOf(name: string): PackedEntry[] {
    return [...(this.entries.get(name) ?? [])].reverse();
  }

  /** The byte count of the latest place of `name`; 0 when none is known. */
  bytesOf(name: string): number {
    const places = this.entries.get(name);
    return places ? places[places.length - 1]!.length : 0;
  }

  /** Whether some place of `name` is known (not whether it is whole). */
  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Every entry's name. */
  names(): string[] {
    return [...this.entries.keys()];
  }

  /** Forgets one place of `name` (a damaged entry: its header was spoiled in the pack). */
  forget(name: string, entry: PackedEntry): void {
    const places = this.entries.get(name)?.filter((place) => place.pack !== entry.pack || place.start !== entry.start);
    if (places?.length) this.entries.set(name, places);
    else this.entries.delete(name);
  }

  /**
   * Appends an entry (`pieces`, its bytes in order) to this thread's pack in the folder (made at its first write), then its
   * index line, and gives where it is. Throws when it cannot (a read-only folder, a full disk): the pack is then left,
   * and the next write opens another.
   */
  append(name: string, pieces: readonly Uint8Array[]): PackedEntry {
    const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
    if (this.writeFailed) throw new Error(`an earlier write into ${this.dir} failed`);
    let own: NonNullable<PackFolder['own']>;
    try {
      own = this.own ?? this.openOwn();
    } catch (error) {
      this.writeFailed = true;
      throw error;
    }
    try {
      writeAllAt(own.packFd, pieces, own.size);
      const line = Buffer.from(`${name}\t${own.size}\t${length}\n`);
      let lineWritten = 0;
      while (lineWritten < line.length) lineWritten += writeSync(own.indexFd, line, lineWritten, line.length - lineWritten);
      const place = { pack: own.pack, start: own.size, length };
      this.add(name, place);
      own.size += length;
      this.consumed.set(own.index, (this.consumed.get(own.index) ?? 0) + line.length);
      return place;
    } catch (error) {
      this.writeFailed = true;
      this.closeOwn();
      // A pack that holds no whole entry is of no use to anyone: not left behind.
      if (own.size === 0) removeFiles([own.index, own.pack]);
      else this.abandoned = { pack: own.pack, index: own.index };
      throw error;
    }
  }

  /** Removes this thread's pack in the folder and its index, or the one a failed write left (a merge given up). */
  removeOwn(): void {
    const own = this.own ?? this.abandoned;
    this.closeOwn();
    this.abandoned = undefined;
    if (own) removeFiles([own.index, own.pack]);
  }

  private openOwn(): NonNullable<PackFolder['own']> {
    mkdirSync(this.dir, { recursive: true });
    const base = join(this.dir, `${writer}-${++packsOpened}`);
    // `wx`: a name never taken over (another writer's, or a link planted there).
    const packFd = openSync(base + PACK, 'wx');
    let indexFd: number;
    try {
      indexFd = openSync(base + INDEX, 'wx');
    } catch (error) {
      closeSync(packFd);
      unlinkSync(base + PACK);
      throw error;
    }
    this.own = { pack: base + PACK, index: base + INDEX, packFd, indexFd, size: 0 };
    this.consumed.set(this.own.index, 0);
    return this.own;
  }

  /** Spoils the header of `name` at `entry` in its pack, so that no look-up takes it again (a damaged entry), and forgets that place. */
  spoil(name: string, entry: PackedEntry): void {
    this.forget(name, entry);
    try {
      const fd = openSync(entry.pack, 'r+');
      try {
        // A header is a line of JSON: one starting with `#` is none.
        writeSync(fd, '#', entry.start);
      } finally {
        closeSync(fd);
      }
    } catch {
      // The pack is gone: so is the entry.
    }
  }

  /** Closes this thread's pack in the folder, if it opened one (the next write opens another). */
  closeOwn(): void {
    if (!this.own) return;
    for (const fd of [this.own.packFd, this.own.indexFd]) {
      try {
        closeSync(fd);
      } catch {
        // Closed already.
      }
    }
    this.own = undefined;
  }
}

/** This thread's view of each folder of packs it used. */
const folders = new Map<string, PackFolder>();

/** This thread's view of `dir`, read at its first use. */
export function packFolder(dir: string): PackFolder {
  let folder = folders.get(dir);
  if (!folder) folders.set(dir, (folder = new PackFolder(dir)));
  return folder;
}

/**
 * Brings this thread's view of `dir` up to date: called where a pass of look-ups starts (a build's
 * pages, a dev reload) and before a look-up of an entry another thread may just have written.
 */
export function refreshPackFolder(dir: string): void {
  const folder = folders.get(dir);
  if (folder) folder.refresh();
  else packFolder(dir);
}

/** A pack as the folder lists it: its index file and its size. */
interface ListedPack {
  pack: string;
  index: string;
  bytes: number;
}

/** The packs in `dir`, with their index files and sizes, and the packs no index names. */
function listPacks(dir: string): { packs: ListedPack[]; unindexed: string[] } {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return { packs: [], unindexed: [] };
  }
  const packs: ListedPack[] = [];
  const indexed = new Set<string>();
  for (const name of names) {
    if (!name.endsWith(INDEX)) continue;
    const index = join(dir, name);
    const pack = index.slice(0, -INDEX.length) + PACK;
    indexed.add(pack);
    let bytes = 0;
    try {
      bytes = statSync(pack).size;
    } catch {
      // An index whose pack is gone: merged away with nothing.
    }
    packs.push({ pack, index, bytes });
  }
  const unindexed = names.filter((name) => name.endsWith(PACK) && !indexed.has(join(dir, name))).map((name) => join(dir, name));
  return { packs, unindexed };
}

/** A folder with more packs than this has its smallest merged into one (`mergePacks`). */
export const PACKS_BEFORE_MERGE = 8;

/**
 * The packs a merge copies into one. A cold build's packs, one per worker, are most of the cache:
 * merging all but the largest rewrote the others, half the cache on two workers (220 MB at
 * 10 000 pages, in one rebuild of every seven), to gather the few pages each rebuild adds. So a
 * merge starts from the smallest packs: up to the first that is of about the size of those below
 * it (at most twice them together, or past the third, twice the one just below it, and then of a
 * sixteenth of the folder at most), then each next one while it is at most twice all those
 * taken. Packs of very different sizes at the bottom (pages of different lengths edited, a
 * `check`'s few entries) go with the first pair of about one size above them, rather than hold
 * every merge off. What recent rebuilds added goes into one pack; a pack is copied again only
 * once the packs taken below it add up to half its size, so an entry is copied a number of times
 * that grows with the logarithm of the cache's size; large packs of about one size go together
 * once as much has gathered. None when no such pair is found: a folder may then keep more than
 * `PACKS_BEFORE_MERGE` packs for a while (the tests simulate builds of pages of mixed sizes).
 */
export function packsToMerge<Pack extends { pack: string; bytes: number }>(packs: readonly Pack[]): Pack[] {
  // Smallest first, packs of one size in their names' order.
  const bySize = [...packs].sort((a, b) => a.bytes - b.bytes || (a.pack < b.pack ? -1 : a.pack > b.pack ? 1 : 0));
  const total = bySize.reduce((sum, pack) => sum + pack.bytes, 0);
  let below = 0;
  let pairEnd = -1;
  for (const [i, pack] of bySize.entries()) {
    if (i > 0) {
      const fitsBelow = pack.bytes <= 2 * (i <= 2 ? below : bySize[i - 1]!.bytes);
      const cheap = pack.bytes <= total / 16;
      if (fitsBelow && (i === 1 || cheap)) {
        pairEnd = i;
        break;
      }
      // A large pack, and no pair below it: nothing worth merging yet.
      if (!cheap) break;
    }
    below += pack.bytes;
  }
  if (pairEnd < 0) return [];
  const taken = bySize.slice(0, pairEnd + 1);
  let bytes = below + bySize[pairEnd]!.bytes;
  for (const pack of bySize.slice(pairEnd + 1)) {
    if (pack.bytes > 2 * bytes) break;
    taken.push(pack);
    bytes += pack.bytes;
  }
  return taken;
}

/** The merge's lock file in a folder of packs: one merge at a time, across processes. */
export const MERGE_LOCK = 'merge.lock';

/**
 * How long a merge's lock, or a pack without its index, is taken for one in the making; older, for
 * one a process left when it died. Only the cache's upkeep depends on it, never a build's output.
 */
const LEFT_BEHIND_MS = 60_000;

const isOlderThan = (path: string, ms: number) => {
  try {
    return Date.now() - statSync(path).mtimeMs > ms;
  } catch {
    return false;
  }
};

/**
 * Takes the merge lock of `dir`, a file holding `token`; false when another merge holds it. A
 * lock left by a merge that died is taken over by renaming it to a name of this merge's own
 * first: of two merges that found it old, one renames it, and the other finds none to rename
 * (rather than removing the lock the first then made).
 */
function takeMergeLock(dir: string, token: string): boolean {
  const lock = join(dir, MERGE_LOCK);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, 'wx');
      try {
        writeSync(fd, token);
      } catch {
        // A lock without its token (a full disk) would hold off every merge for a minute.
        closeSync(fd);
        removeFiles([lock]);
        return false;
      }
      closeSync(fd);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !isOlderThan(lock, LEFT_BEHIND_MS)) return false;
      const aside = `${lock}.${token}`;
      try {
        renameSync(lock, aside);
      } catch {
        // Taken over by another merge meanwhile.
        return false;
      }
      // Renamed a lock made since the age was read (another merge took over first): put back.
      if (!isOlderThan(aside, LEFT_BEHIND_MS)) {
        try {
          renameSync(aside, lock);
        } catch {
          removeFiles([aside]);
        }
        return false;
      }
      removeFiles([aside]);
    }
  }
  return false;
}

/** Removes the merge lock of `dir` when it is still this merge's (`token`): one taken over since is the other merge's. */
function releaseMergeLock(dir: string, token: string): void {
  const lock = join(dir, MERGE_LOCK);
  try {
    if (readFileSync(lock, 'utf8') === token) unlinkSync(lock);
  } catch {
    // Gone already.
  }
}

/**
 * Keeps the number of packs in `dir` small: every build that writes adds one per thread, and a
 * look-up pass reads every index. When there are more than `PACKS_BEFORE_MERGE`, the smallest
 * (`packsToMerge`) are copied, entry by entry, into one new pack, and removed, index first. An
 * entry is copied when no pack left holds a whole copy of it and
 * `isWhole` accepts it (given its header's line, and the byte count of its payload after that line). One merge at
 * a time (`MERGE_LOCK`); a merge that cannot write its pack removes it and leaves the others as
 * they were, but for those with nothing to copy. Called where no thread of this process writes
 * into the folder (a build's end, dev's start); a pack another process still appends to loses
 * what it writes after (its look-ups there miss). Returns the number of packs removed.
 */
export function mergePacks(dir: string, isWhole: WholeEntry): number {
  const listed = listPacks(dir).packs;
  if (listed.length <= PACKS_BEFORE_MERGE || !packsToMerge(listed).length) return 0;
  // Chosen again under the lock: another merge may have ended meanwhile.
  return rewritePacks(dir, isWhole, (packs) => ({ merged: packs.length <= PACKS_BEFORE_MERGE ? [] : packsToMerge(packs) }));
}

/** Whether the entry `name`, whose header is `header` and payload `payloadBytes` long, is whole and still wanted (a dropped one is not). */
export type WholeEntry = (name: string, header: string, payloadBytes: number) => boolean;

/**
 * Under the merge lock of `dir`, copies the entries of the packs `choose` names into one new pack
 * and removes those packs: an entry is copied when `keep` (if given) names it, no pack left holds a
 * whole copy of it, and `isWhole` accepts it. Returns the number of packs removed; 0 when the
 * lock is another merge's. When the new pack cannot be written, only the packs that hold no entry
 * to copy are removed.
 */
function rewritePacks(dir: string, isWhole: WholeEntry, choose: (packs: ListedPack[]) => { merged: ListedPack[]; keep?: (name: string) => boolean }): number {
  const token = `${writer}-${++packsOpened}`;
  if (!takeMergeLock(dir, token)) return 0;
  try {
    const { packs, unindexed } = listPacks(dir);
    // Packs whose index never came (a process that died between the two), or was removed before them.
    for (const pack of unindexed) if (isOlderThan(pack, LEFT_BEHIND_MS)) removeFiles([pack]);
    const { merged, keep } = choose(packs);
    if (!merged.length) return 0;
    const folder = new PackFolder(dir);
    const fromMerged = new Set(merged.map(({ pack }) => pack));
    const left = new Set(packs.filter(({ pack }) => !fromMerged.has(pack)).map(({ pack }) => pack));
    const wholeHere = (name: string, place: PackedEntry) => {
      try {
        const head = packHolds(place.pack, place.start + place.length) ? readEntryHeader(place) : undefined;
        return head !== undefined && isWhole(name, head.line, place.length - head.bytes - 1);
      } catch {
        return false;
      }
    };
    // Each entry to copy, with its whole copies in the packs merged.
    const toCopy: { name: string; places: PackedEntry[] }[] = [];
    for (const name of folder.names()) {
      if (keep && !keep(name)) continue;
      const places = folder.placesOf(name);
      // Only entries in a pack merged are read: those of the packs left (most of the cache) are not.
      if (!places.some((place) => fromMerged.has(place.pack))) continue;
      if (places.some((place) => left.has(place.pack) && wholeHere(name, place))) continue;
      const whole = places.filter((place) => fromMerged.has(place.pack) && wholeHere(name, place));
      if (whole.length) toCopy.push({ name, places: whole });
    }
    const remove = (packs: readonly ListedPack[]) => {
      for (const { pack, index } of packs) {
        closePack(pack);
        removeFiles([index, pack]);
      }
      return packs.length;
    };
    for (const { name, places } of toCopy) {
      for (const place of places) {
        let bytes: Buffer;
        try {
          bytes = Buffer.allocUnsafe(place.length);
          if (readPack(place.pack, bytes, 0, place.length, place.start) !== place.length) continue;
        } catch {
          continue;
        }
        try {
          folder.append(name, [bytes]);
        } catch {
          // The new pack cannot be written (a full disk): given up, and only the packs that hold
          // nothing to copy are removed (a prune's packs of entries no build uses: on a full disk,
          // their room is wanted most).
          folder.removeOwn();
          const holding = new Set(toCopy.flatMap(({ places: copies }) => copies.map(({ pack }) => pack)));
          return remove(merged.filter(({ pack }) => !holding.has(pack)));
        }
        break;
      }
    }
    folder.closeOwn();
    return remove(merged);
  } finally {
    releaseMergeLock(dir, token);
    folders.get(dir)?.refresh();
  }
}

/** Below this many bytes of entries a build did not use, a folder is not pruned (`isPruneDue`): a small site's cache is left alone. */
export const PRUNE_SLACK_BYTES = 1024 * 1024;

/**
 * Whether a folder of `totalBytes` of packs, of which the entries a build used take `usedBytes`,
 * is to be pruned: when what is unused is more than three times what is used, and more than
 * `PRUNE_SLACK_BYTES` besides. After each build, then, the folder holds at most four times what
 * it used, and the slack. Three times, not once: a site built in turn with three configs from
 * one folder (a base path for staging, another for production, a preview) keeps three sets of
 * entries, two of which each build does not use. With a factor under two, each build would prune
 * the others' sets, for them to be made afresh at their next build; with three, that waits until
 * edits have left about a whole set's worth of stale entries besides. A prune copies at most
 * what the build used.
 */
export const isPruneDue = (totalBytes: number, usedBytes: number): boolean => totalBytes - usedBytes > 3 * usedBytes + PRUNE_SLACK_BYTES;

/**
 * What a build used of a folder of packs, recorded while it runs (`recordEntriesUsed`) for the
 * prune at its end (`prunePacks`): each name looked up, found or not (a miss is written under that
 * name by the worker that compiles or renders the page), and the packs the folder held when the
 * build began, with their sizes.
 */
export interface EntriesUsed {
  readonly dir: string;
  readonly used: Set<string>;
  readonly packsAtStart: ReadonlyMap<string, number>;
}

/** The records open in this thread. Only a build opens one: a dev server's long session would gather every name it ever looked up. */
const openRecords = new Set<EntriesUsed>();

/** Starts recording what a build uses of `dir`. */
export function recordEntriesUsed(dir: string): EntriesUsed {
  const record = { dir, used: new Set<string>(), packsAtStart: new Map(listPacks(dir).packs.map(({ pack, bytes }) => [pack, bytes])) };
  openRecords.add(record);
  return record;
}

/** Notes that the entry `name` of `dir` is used, in each record open on that folder. */
export function noteEntryUsed(dir: string, name: string): void {
  for (const record of openRecords) if (record.dir === dir) record.used.add(name);
}

/** Ends `record`. */
export function endEntriesRecord(record: EntriesUsed): void {
  openRecords.delete(record);
}

/**
 * Whether a build records what it uses of `dir` in this thread now: then no merge or prune of the
 * folder runs here. That build's look-ups read through this thread's handles on the packs, which a
 * rewrite closes (a later read of a removed pack fails: "the compile cache lost …"), and its
 * workers may still be appending to packs a merge would take.
 */
export function isRecording(dir: string): boolean {
  for (const record of openRecords) if (record.dir === dir) return true;
  return false;
}

/**
 * Lets go of the entries of a folder that a build which has just succeeded did not use
 * (`record`), once they take more than three times the room of those it used (`isPruneDue`):
 * without this, every change of the config or of a title left a whole site's compiled and
 * rendered pages behind (80 MB at 2000 pages), for good. Only the packs the folder held when the
 * build began, still of the size they had then, are rewritten, keeping the used entries they
 * hold: a pack made or written to since, this build's or a process's beside it (a dev server,
 * another build), stays as it is. An entry of a process beside it in an older pack, which this
 * build did not use, is let go: that process misses it and makes it again. Nothing is pruned
 * when an entry the build used is no longer in the folder. Call it only when no build of the site
 * records in this thread (`isRecording`). Returns the number of packs removed.
 */
export function prunePacks(record: EntriesUsed, isWhole: WholeEntry): number {
  const { dir, used, packsAtStart } = record;
  const isOld = (pack: ListedPack) => packsAtStart.get(pack.pack) === pack.bytes;
  // A build that looked nothing up here says nothing of what is used.
  if (!used.size) return 0;
  const listed = listPacks(dir).packs;
  if (!listed.some(isOld)) return 0;
  const totalBytes = listed.reduce((sum, pack) => sum + pack.bytes, 0);
  if (totalBytes <= PRUNE_SLACK_BYTES) return 0;
  refreshPackFolder(dir);
  const view = packFolder(dir);
  let usedBytes = 0;
  for (const name of used) {
    // Gone since (pruned by a build of another config beside this one, or never written): this
    // build no longer knows what the folder holds of what it uses, and leaves it alone. Counted
    // as nothing, its entries made every folder look due, and the other build's were let go.
    if (!view.has(name)) return 0;
    usedBytes += view.bytesOf(name);
  }
  if (!isPruneDue(totalBytes, usedBytes)) return 0;
  return rewritePacks(dir, isWhole, (packs) => ({ merged: packs.filter(isOld), keep: (name) => used.has(name) }));
}

function removeFiles(files: readonly string[]): void {
  for (const file of files) {
    try {
      unlinkSync(file);
    } catch {
      // Removed already.
    }
  }
}
