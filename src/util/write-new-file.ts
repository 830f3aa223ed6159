import { closeSync, fstatSync, openSync, read, readSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';

/**
 * Bytes of a file open for reading, from `position`: a chunk `writeNewFile` copies through a
 * buffer of its own as it writes, rather than one read into memory first. A rebuild at 2000 pages
 * read the last build's search seed and `llms-full.txt` (12 MB each) whole to copy the pieces that
 * stayed; memory a process touches for the first time costs a page fault per 4 KiB, about 15 µs
 * on the machines measured (bench/README.md), about 90 ms of the main thread for the two files.
 */
export interface FileRange {
  readonly fd: number;
  readonly position: number;
  readonly length: number;
}

/** What `writeNewFile` writes, one after another: bytes, or a range of an open file. */
export type WrittenChunk = Uint8Array | FileRange;

const isFileRange = (chunk: WrittenChunk): chunk is FileRange => !(chunk instanceof Uint8Array);

/** A range read from a file copied while it is written ended before its length: the file shrank. */
class RangeEndedError extends Error {}

/**
 * A file's identity as the output's manifest records it: an edit, a replacement, a chmod or a
 * chown changes it (output-reuse.ts). `writeNewFileSync` and `writeNewFile` give it from the
 * file's own descriptor as they write it, its stamp: the build's record of its output then needs
 * no look-up of the file's path afterwards (an `lstat` for each of 20 000 files, 0.16 s of the
 * main thread at the end of a 10 000-page build, with the workers idle).
 */
export interface FileIdentity {
  ino: number;
  size: number;
  mtimeMs: number;
  mode: number;
  uid: number;
  gid: number;
}

const stampOf = (stats: Stats): FileIdentity => ({ ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs, mode: stats.mode, uid: stats.uid, gid: stats.gid });

/** `file` opened as a new file: one already there is removed first. */
function openNewFileSync(file: string): number {
  try {
    return openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    unlinkSync(file);
    return openSync(file, 'wx');
  }
}

/**
 * Writes `bytes` to `file` as a new file, and gives its stamp once written. A file already there
 * (the copy of a `public/` file at a page's path, made first) is replaced, not written through:
 * written through, it kept its own mode and owner, and a build's page got the `public/` file's
 * mode where a build that kept the page from the last one had a new file's.
 */
export function writeNewFileSync(file: string, bytes: string | Uint8Array): FileIdentity {
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  const fd = openNewFileSync(file);
  try {
    for (let done = 0; done < buffer.length; ) done += writeSync(fd, buffer, done, buffer.length - done);
    return stampOf(fstatSync(fd));
  } finally {
    closeSync(fd);
  }
}

/**
 * `writeNewFileSync` of the bytes of `chunks` one after another: a small file at once, a large
 * one asynchronously, its chunks written as they are (not joined) and its file ranges copied
 * through a buffer of 1 MiB. A build writes a `.md` file
 * per page on the main thread while the pages render: through a file handle, each was an open,
 * a write and a close, each a promise and a trip to the file-system threads, 0.6 s of the main
 * thread at 10 000 pages; written at once, a few system calls.
 */
export async function writeNewFile(file: string, chunks: readonly WrittenChunk[]): Promise<FileIdentity> {
  let bytes = 0;
  for (const chunk of chunks) bytes += chunk.length;
  if (bytes <= WRITTEN_AT_ONCE) {
    const inMemory = chunks.map((chunk) => (isFileRange(chunk) ? readRangeSync(chunk) : chunk));
    return writeNewFileSync(file, inMemory.length === 1 ? inMemory[0]! : Buffer.concat(inMemory));
  }
  let handle: FileHandle;
  try {
    handle = await open(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    await unlink(file);
    handle = await open(file, 'wx');
  }
  try {
    await writeChunks(handle, chunks);
    return stampOf(await handle.stat());
  } finally {
    await handle.close();
  }
}

/** A file of at most this many bytes is written at once, on the calling thread. */
const WRITTEN_AT_ONCE = 64 * 1024;

/** At most this many buffers to one call: the system's limit (IOV_MAX) is 1024 on Linux. */
const CHUNKS_PER_CALL = 1024;

/** Writes the bytes of `chunks` in order: runs of bytes by `writev`, each run of adjacent ranges of one file copied as one. */
async function writeChunks(handle: FileHandle, chunks: readonly WrittenChunk[]): Promise<void> {
  let bytesRun: Uint8Array[] = [];
  for (let i = 0; i < chunks.length; ) {
    const chunk = chunks[i]!;
    if (!isFileRange(chunk)) {
      if (chunk.length > 0) bytesRun.push(chunk);
      i++;
      continue;
    }
    await writeAll(handle, bytesRun);
    bytesRun = [];
    // The ranges that follow on in the same file: a rebuild's kept pieces are mostly one run.
    let length = chunk.length;
    for (i++; i < chunks.length; i++) {
      const next = chunks[i]!;
      if (!isFileRange(next) || next.fd !== chunk.fd || next.position !== chunk.position + length) break;
      length += next.length;
    }
    await copyRange(handle, { fd: chunk.fd, position: chunk.position, length });
  }
  await writeAll(handle, bytesRun);
}

/** Writes every byte of `chunks` in order, whatever a call writes short. */
async function writeAll(handle: FileHandle, chunks: readonly Uint8Array[]): Promise<void> {
  let rest = chunks.filter((chunk) => chunk.length > 0);
  while (rest.length) {
    const batch = rest.slice(0, CHUNKS_PER_CALL);
    let { bytesWritten } = await handle.writev(batch);
    let done = 0;
    while (done < batch.length && bytesWritten >= batch[done]!.length) bytesWritten -= batch[done++]!.length;
    // A short write ends inside the chunk at `done`: its rest goes first next time.
    rest = done < batch.length ? [batch[done]!.subarray(bytesWritten), ...batch.slice(done + 1), ...rest.slice(batch.length)] : rest.slice(batch.length);
  }
}

const readAt = promisify(read);

/** The size of the buffers ranges are copied through. */
const COPY_BUFFER_BYTES = 1024 * 1024;

/** Buffers no copy is using: two files copied at once take two, and later copies reuse them (memory already touched). */
const spareCopyBuffers: Buffer[] = [];

/** Copies `range` to the end of what `handle` has written, a buffer at a time. */
async function copyRange(handle: FileHandle, range: FileRange): Promise<void> {
  const buffer = spareCopyBuffers.pop() ?? Buffer.allocUnsafeSlow(COPY_BUFFER_BYTES);
  try {
    for (let done = 0; done < range.length; ) {
      const { bytesRead } = await readAt(range.fd, buffer, 0, Math.min(buffer.length, range.length - done), range.position + done);
      if (bytesRead === 0) throw new RangeEndedError(`the file copied from ended ${range.length - done} bytes early`);
      await writeAll(handle, [buffer.subarray(0, bytesRead)]);
      done += bytesRead;
    }
  } finally {
    spareCopyBuffers.push(buffer);
  }
}

/** `range`'s bytes, read at once: a small file is written whole. */
function readRangeSync(range: FileRange): Uint8Array {
  const bytes = Buffer.allocUnsafe(range.length);
  for (let done = 0; done < range.length; ) {
    const read = readSync(range.fd, bytes, done, range.length - done, range.position + done);
    if (read === 0) throw new RangeEndedError(`the file copied from ended ${range.length - done} bytes early`);
    done += read;
  }
  return bytes;
}
