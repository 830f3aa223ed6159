import { createHash } from 'node:crypto';
import { closeSync, fstatSync, linkSync, lstatSync, mkdirSync, openSync, readFileSync, unlinkSync, type Stats } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeCacheFile } from '../util/cache-entry.ts';
import { plainOutputFiles } from '../pipeline/output-files.ts';
import type { OutputFiles, OutputPiece } from '../pipeline/plugin.ts';
import { recordFolders, type FolderRecord } from './spare-folders.ts';

/**
 * Reusing the previous build's output (ARCHITECTURE.md, "Rebuilds"). On this machine's kind of
 * file system every block a build allocates costs about 0.7 ms of system time: a folder made, a
 * file written or copied. A rebuild of 2000 pages spent more time making 2000 route folders and
 * writing 4000 files that came out the same than on anything else. So a build with the cache
 * on hard-links each file whose content the last build wrote, under the same key, from `out/`
 * into the staging folder instead of writing it again, when the file in `out/` is still the very
 * file it wrote (same inode, size, modification time, mode and owner: an edit in place, a
 * replacement, a touch, a chmod or a chown changes one of them) and no other name shares it
 * (a `cp -al` snapshot of `out/` must not end up sharing files with the new output).
 * Only from an `out/` that is a real folder: when it is a link to a folder elsewhere, a build
 * replaces the link and leaves the folder it led to alone, and links from there would share its
 * files with the new output.
 *
 * Page folders come from the old output, emptied and checked (spare-folders.ts); the writer
 * makes any other folder once per build.
 *
 * Why links from `out/` and not from the cache: a link from the cache would leave `out/` and the
 * cache sharing files after the build, and a later edit in place of a file of `out/` (a deploy
 * step rewriting HTML) would change the cached page behind the key that names it. A link from
 * `out/` into the staging folder shares a file only while the build runs: the old `out/` loses
 * its files when the new one is in place, so the new `out/` owns each file alone again. While the
 * build runs, nothing writes into a linked file: the staging folder starts empty; public/, the
 * assets and the sidebar data are written before any page is linked; every file after the pages
 * (404.html, the sitemap, `_redirects`, redirect pages, the built-in plugins' files) goes through
 * `write`, which unlinks a linked path before writing it; the image plugin's `postBuild` copies
 * only to paths nothing links (images beside pages, variants). Copy-on-write clones (`COPYFILE_FICLONE`) would be as safe, but ext4 has none and
 * falls back to a full copy, which is what this avoids.
 */

/**
 * What the manifest records of a file the build wrote into the output folder: the key of its
 * content, and the file's identity when the build ended. Not its change time: linking a file
 * into a staging folder changes it, so a build that failed after linking would make every file
 * look edited to the next one; an edit in place changes the modification time (a tool that sets
 * it back to the very nanosecond is out of reach of any check short of reading the file).
 */
interface FileRecord {
  key: string;
  ino: number;
  size: number;
  mtimeMs: number;
  mode: number;
  uid: number;
  gid: number;
  /** A file of several pieces (`writePieces`): where each piece's bytes are in it, by the piece's key. */
  pieces?: PieceRecord[];
}

/** A piece of a file: its key, the byte it starts at, its byte count. */
type PieceRecord = [key: string, start: number, bytes: number];

const isPieceRecord = (value: unknown): value is PieceRecord =>
  Array.isArray(value) && value.length === 3 && typeof value[0] === 'string' && Number.isInteger(value[1]) && Number.isInteger(value[2]) && (value[1] as number) >= 0 && (value[2] as number) >= 0;

const identityOf = (key: string, stats: Stats, pieces?: PieceRecord[]): FileRecord => ({ key, ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs, mode: stats.mode, uid: stats.uid, gid: stats.gid, ...(pieces ? { pieces } : {}) });

/**
 * The key of a file written in pieces: the pieces' keys, in order (each length-prefixed, so no two
 * lists spell the same). A file of one piece is keyed by that piece's key, unhashed: each page's
 * `<route>.md` is one, and hashing 2000 of them was a fortieth of a one-page rebuild.
 */
const piecesKey = (pieces: readonly OutputPiece[]) => {
  if (pieces.length === 1) return `piece:${pieces[0]!.key}`;
  const hash = createHash('sha256');
  for (const { key } of pieces) hash.update(`${key.length}:${key}`);
  return `pieces:${hash.digest('hex')}`;
};

/** Whether the file is still the one the record names, and no other name shares it. */
const isUnchanged = (stats: Stats, record: FileRecord) =>
  stats.isFile() && stats.nlink === 1 && stats.ino === record.ino && stats.size === record.size && stats.mtimeMs === record.mtimeMs && stats.mode === record.mode && stats.uid === record.uid && stats.gid === record.gid;

interface Manifest {
  outDir: string;
  files: Record<string, FileRecord>;
  /** The page folders as the build left them: the next build keeps only those still so (spare-folders.ts). */
  folders?: Record<string, FolderRecord>;
}

const isManifest = (value: unknown): value is Manifest =>
  typeof (value as Manifest | null)?.outDir === 'string' && typeof (value as Manifest | null)?.files === 'object' && (value as Manifest).files !== null;

/** Name in the cache of one output folder's manifest (one site may be built into several output folders). */
const outputName = (outDir: string) => createHash('sha256').update(outDir).digest('hex').slice(0, 16);

/** The cache's record of the files the last build into `outDir` wrote there. */
export const outputManifestPath = (cacheDir: string, outDir: string) => join(cacheDir, 'output', `${outputName(outDir)}.json`);

/** The key of bytes written: their hash. */
export const contentKey = (contents: string | Uint8Array) => `sha256:${createHash('sha256').update(contents).digest('hex')}`;

/** One name per output file, however a writer spelled it (`/llms.txt`, `llms.txt`). */
const relativePath = (path: string) => path.split('\\').join('/').replace(/^\/+/, '');

function readManifest(cacheDir: string, outDir: string): { files: Map<string, FileRecord>; folders: Record<string, FolderRecord> } {
  try {
    const manifest: unknown = JSON.parse(readFileSync(outputManifestPath(cacheDir, outDir), 'utf8'));
    if (!isManifest(manifest) || manifest.outDir !== outDir) return { files: new Map(), folders: {} };
    // Records of an older shape (no mode or owner) match nothing: every file is written again once; no folder record, no folder kept.
    const folders = typeof manifest.folders === 'object' && manifest.folders !== null ? manifest.folders : {};
    return { files: new Map(Object.entries(manifest.files)), folders };
  } catch {
    return { files: new Map(), folders: {} };
  }
}

/** Writes a build's files into its staging folder, linking those the last build wrote alike. */
export interface OutputWriter extends OutputFiles {
  /** Links `path` (relative to the output folder) from `out/` when the last build wrote it with this key and it is unchanged since; true when it did. */
  link(path: string, key: string): boolean;
  /** Notes that the build wrote `path` with content of this key (a page the render worker wrote). */
  record(path: string, key: string): void;
  /** The paths linked from the previous output so far (tests and the build's result read them). */
  readonly linked: ReadonlySet<string>;
}

/** A writer that only writes, atomically (dev, whose server may be sending the file while it is replaced; `--no-cache` builds). */
export function plainOutputWriter(outDir: string): OutputWriter {
  return { ...plainOutputFiles(outDir), link: () => false, record: () => {}, linked: new Set() };
}

/** The writer of one build with the cache on: links from `outDir`, and the manifest of what it wrote, saved by `finish` once the staging folder is `outDir`. */
export class ReusingOutputWriter implements OutputWriter {
  private readonly previous: Map<string, FileRecord>;
  /** The old output's page folders as the last build left them: `keepAsSpare` keeps only those still so. */
  readonly previousFolders: Readonly<Record<string, FolderRecord>>;
  private identifiedFolders: Record<string, FolderRecord> = {};
  private readonly written = new Map<string, string>();
  /** Where each piece is in the files this build wrote in pieces. */
  private readonly layouts = new Map<string, PieceRecord[]>();
  private identified: Record<string, FileRecord> = {};
  /** Folders of the staging folder known to exist: a page's folder is made once, not asked for again by each file in it. */
  private readonly folders = new Set<string>();
  readonly linked = new Set<string>();
  /** The file-system calls this writer made, by kind (tests count them: the work a rebuild does must not grow with what it leaves alone). */
  readonly calls = { mkdir: 0, lstat: 0 };

  constructor(
    private readonly options: { outDir: string; staging: string; cacheDir: string },
  ) {
    const manifest = isRealFolder(options.outDir) ? readManifest(options.cacheDir, options.outDir) : { files: new Map<string, FileRecord>(), folders: {} };
    this.previous = manifest.files;
    this.previousFolders = manifest.folders;
  }

  link(written: string, key: string): boolean {
    const path = relativePath(written);
    const record = this.previous.get(path);
    if (!record || record.key !== key) return false;
    const source = join(this.options.outDir, path);
    try {
      this.calls.lstat++;
      const stats = lstatSync(source);
      if (!isUnchanged(stats, record)) return false;
      const target = join(this.options.staging, path);
      this.makeFolder(dirname(target));
      linkSync(source, target);
    } catch {
      // Gone, or a file system without hard links: the caller writes the file.
      return false;
    }
    this.linked.add(path);
    this.written.set(path, key);
    return true;
  }

  record(path: string, key: string): void {
    this.written.set(relativePath(path), key);
  }

  /**
   * Writes to one path run one after another, each start to end: a write that unlinked a path
   * linked from `out/` and then waits (for its pieces to be made) must not find it linked again
   * by a second write meanwhile, and write through the link into the old output.
   */
  private readonly writing = new Map<string, Promise<void>>();

  private inTurn(path: string, job: () => Promise<void>): Promise<void> {
    const before = this.writing.get(path);
    const turn = before ? before.then(job, job) : job();
    this.writing.set(path, turn);
    const done = () => {
      if (this.writing.get(path) === turn) this.writing.delete(path);
    };
    turn.then(done, done);
    return turn;
  }

  write(written: string, text: string | Uint8Array): Promise<void> {
    const path = relativePath(written);
    // Encoded once: hashing a string encodes it, and writing it encodes it again (the search head
    // is most of a megabyte at 2000 pages).
    const contents = typeof text === 'string' ? Buffer.from(text) : text;
    // Keyed inside the turn's async job: a throw there (a plugin's bad value) is the returned promise's rejection.
    return this.inTurn(path, async () => this.writeUnder(path, contentKey(contents), async () => ({ bytes: contents })));
  }

  writePieces(written: string, pieces: readonly OutputPiece[]): Promise<void> {
    const path = relativePath(written);
    return this.inTurn(path, async () => this.writeUnder(path, piecesKey(pieces), () => this.fromPieces(path, pieces)));
  }

  /** Writes `path` as content of `key`, or links it from the old output when that holds it; `make` gives the bytes (and where their pieces are) only when it does not. */
  private async writeUnder(path: string, key: string, make: () => Promise<{ bytes: Uint8Array; layout?: PieceRecord[] }>): Promise<void> {
    const file = join(this.options.staging, path);
    // A path written twice in one build (a plugin's file over a page) must not write into a file it linked: that one is the old output's too.
    if (this.linked.delete(path)) unlinkSync(file);
    this.layouts.delete(path);
    if (this.link(path, key)) return;
    const { bytes, layout } = await make();
    this.makeFolder(dirname(file));
    await writeFile(file, bytes);
    this.written.set(path, key);
    if (layout) this.layouts.set(path, layout);
  }

  /** A file's bytes from its pieces: those the old file at `path` holds copied from it, the others made. */
  private async fromPieces(path: string, pieces: readonly OutputPiece[]): Promise<{ bytes: Uint8Array; layout?: PieceRecord[] }> {
    const previous = this.previousPieces(path);
    const bytes = await Promise.all(pieces.map(async (piece) => previous?.get(piece.key) ?? Buffer.from(await piece.make())));
    const layout: PieceRecord[] = [];
    let at = 0;
    bytes.forEach((piece, i) => {
      layout.push([pieces[i]!.key, at, piece.length]);
      at += piece.length;
    });
    // A file of one piece is linked or made whole: where its piece is needs no record.
    return { bytes: Buffer.concat(bytes, at), layout: pieces.length > 1 ? layout : undefined };
  }

  /**
   * The pieces of the file the last build wrote in pieces at `path`, by key, when the file in
   * `out/` is still the very one it wrote (as `link` asks): read through one descriptor, so the
   * bytes are those of the file that was checked.
   */
  private previousPieces(path: string): Map<string, Buffer> | undefined {
    const record = this.previous.get(path);
    if (!Array.isArray(record?.pieces)) return undefined;
    let fd: number;
    try {
      fd = openSync(join(this.options.outDir, path), 'r');
    } catch {
      return undefined;
    }
    try {
      this.calls.lstat++;
      if (!isUnchanged(fstatSync(fd), record)) return undefined;
      const bytes = readFileSync(fd);
      // Checked again once read: bytes edited in place while they were read would be copied under the old keys, and recorded as the new file's.
      if (bytes.length !== record.size || !isUnchanged(fstatSync(fd), record)) return undefined;
      const pieces = new Map<string, Buffer>();
      for (const piece of record.pieces) {
        if (!isPieceRecord(piece) || piece[1] + piece[2] > bytes.length) return undefined;
        if (!pieces.has(piece[0])) pieces.set(piece[0], bytes.subarray(piece[1], piece[1] + piece[2]));
      }
      return pieces;
    } catch {
      return undefined;
    } finally {
      closeSync(fd);
    }
  }

  /** Notes folders (relative to the staging folder) that are there already: the spare folders the build kept (spare-folders.ts). */
  knowFolders(folders: Iterable<string>): void {
    for (const folder of folders) this.folders.add(join(this.options.staging, folder));
  }

  /** The paths (relative) of every file the build wrote, linked or recorded so far. */
  writtenPaths(): Iterable<string> {
    return this.written.keys();
  }

  /**
   * `folder` (inside the staging folder) and the folders above it, made once per build: a
   * rebuild links thousands of files, two to a page folder, and a recursive mkdir of a folder
   * that exists is still a failed mkdir and a stat.
   */
  private makeFolder(folder: string): void {
    if (this.folders.has(folder)) return;
    this.calls.mkdir++;
    mkdirSync(folder, { recursive: true });
    for (let above = folder; above.length > this.options.staging.length && !this.folders.has(above); above = dirname(above)) this.folders.add(above);
  }

  /**
   * Before the swap: the identity of each file the build wrote or linked, looked up in the
   * staging folder (the rename into place keeps inodes). Looked up in `out/` after the swap, a
   * build swapping in beside this one could have put its own files there, and the manifest would
   * pair this build's keys with the other's files. Only built-in plugins write in a build that
   * reuses output, and they write each file once, by creating it: a recorded file holds the
   * content of its key.
   *
   * A linked file keeps the record it was linked by, with no look-up: `link` found it matching
   * then, and the link is that very file (same inode, size, time, mode and owner). Were it edited
   * in place in `out/` during the build, the old record's time no longer matches, and the next
   * build writes it again; a record taken now would file the edited bytes under the old key.
   *
   * And the identity of each of `pageFolders` there (spare-folders.ts, `recordFolders`): every
   * file is in place by now, and the rename into place changes no folder inside the output.
   */
  identifyFiles(pageFolders: Iterable<string> = []): void {
    this.identifiedFolders = recordFolders(this.options.staging, pageFolders);
    this.identified = {};
    for (const [path, key] of this.written) {
      const linkedRecord = this.linked.has(path) ? this.previous.get(path) : undefined;
      if (linkedRecord) {
        this.identified[path] = linkedRecord;
        continue;
      }
      try {
        this.calls.lstat++;
        const stats = lstatSync(join(this.options.staging, path));
        if (stats.isFile()) this.identified[path] = identityOf(key, stats, this.layouts.get(path));
      } catch {
        // Removed by a plugin after it was written: nothing to reuse.
      }
    }
  }

  /** After the swap: saves the manifest of the files `identifyFiles` found, now in `outDir`. */
  async finish(): Promise<void> {
    await writeCacheFile(outputManifestPath(this.options.cacheDir, this.options.outDir), JSON.stringify({ outDir: this.options.outDir, files: this.identified, folders: this.identifiedFolders } satisfies Manifest));
  }
}

/** A folder, not a link to one (nor a file). */
function isRealFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}
