import { createHash } from 'node:crypto';
import { closeSync, constants, existsSync, fstatSync, linkSync, lstatSync, mkdirSync, openSync, readFileSync, rmSync, statSync, unlinkSync, type Stats } from 'node:fs';
import { EventLoopTurns } from '../util/event-loop-turns.ts';
import { EncodingArena } from '../util/encoding-arena.ts';
import { writeNewFile, type FileRange, type WrittenChunk } from '../util/write-new-file.ts';
import { dirname, join } from 'node:path';
import { writeCacheFile } from '../util/cache-entry.ts';
import { outputRelativePath, plainOutputFiles } from '../pipeline/output-files.ts';
import type { OutputFiles, OutputPiece } from '../pipeline/plugin.ts';
import { applyCommitPlan, entriesByFolder, forgetCommitPlan, folderRecordOf, foldersAbove, foldersAsRecorded, holdsExactly, isOutputTree, listTree, lstatOrUndefined, parentOf, undoCommitPlan, under, type CommitPlan, type FileIdentity, type LooseFileRecord, type OutputTree } from './output-tree.ts';
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
 * (404.html, the sitemap, `_redirects`, redirect pages) and every file of the built-in plugins
 * (some written while the pages render, postBuildReads) goes through `write`, which unlinks a
 * linked path before writing it; the image plugin's `postBuild` copies only to paths nothing
 * links (images beside pages, variants). Copy-on-write clones (`COPYFILE_FICLONE`) would be as safe, but ext4 has none and
 * falls back to a full copy, which is what this avoids.
 *
 * All of the above is a build that swaps a staging folder in. While `out/` is exactly what the
 * last build left there, a build updates it in place instead (`inPlace`, output-tree.ts): a file
 * that came out the same is not linked but stays where it is, the staging folder holds only what
 * is written, and `commitInPlace` moves that in. There a path the copy of public/ staged and the
 * build then keeps is left as the kept file (the build's file replaces public/'s, as from nothing).
 */

/**
 * What the manifest records of a file the build wrote into the output folder: the key of its
 * content, and the file's identity when the build ended. Not its change time: linking a file
 * into a staging folder changes it, so a build that failed after linking would make every file
 * look edited to the next one; an edit in place changes the modification time (a tool that sets
 * it back to the very nanosecond is out of reach of any check short of reading the file).
 */
interface FileRecord extends FileIdentity {
  key: string;
  /** A file of several pieces (`writePieces`): where each piece's bytes are in it, by the piece's key. */
  pieces?: PieceRecord[];
}

/** A piece of a file: its key, the byte it starts at, its byte count. */
type PieceRecord = [key: string, start: number, bytes: number];

const isPieceRecord = (value: unknown): value is PieceRecord =>
  Array.isArray(value) && value.length === 3 && typeof value[0] === 'string' && Number.isInteger(value[1]) && Number.isInteger(value[2]) && (value[1] as number) >= 0 && (value[2] as number) >= 0;

/** A file's bytes as `writeUnder` writes them: chunks in order, where each piece is when it was made of pieces, and the old file kept pieces are copied from. */
interface MadeFile {
  chunks: WrittenChunk[];
  layout?: PieceRecord[];
  copiedFrom?: CopiedFile;
}

/** Makes a file's bytes; `reuse` false: with no piece copied from the old file. */
type MakeFile = (reuse: boolean) => Promise<MadeFile>;

/** The last build's file, open for its pieces to be copied from it (`previousPieces`). */
interface CopiedFile {
  ranges: ReadonlyMap<string, FileRange>;
  /** Whether it is still the file the last build wrote, as checked when it was opened. */
  unchanged(): boolean;
  close(): void;
}

const identityOf = (key: string, stats: FileIdentity, pieces?: PieceRecord[]): FileRecord => ({ key, ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs, mode: stats.mode, uid: stats.uid, gid: stats.gid, ...(pieces ? { pieces } : {}) });

/**
 * The key of a file written in pieces: the pieces' keys, in order (each length-prefixed, so no two
 * lists spell the same). A file of one piece is keyed by that piece's key, unhashed: each page's
 * `<route>.md` is one, and hashing 2000 of them was a fortieth of a one-page rebuild. The keys are
 * read `KEYS_A_STEP` at a time, each step in `turns`: a piece's key may hash its page's input
 * (`llms-full.txt`'s), and 10 000 of them in one step held the workers' answers for 64 ms.
 */
export async function piecesKey(pieces: readonly OutputPiece[], turns: EventLoopTurns): Promise<string> {
  if (pieces.length === 1) return turns.run(() => `piece:${pieces[0]!.key}`);
  const hash = createHash('sha256');
  for (let from = 0; from < pieces.length; from += KEYS_A_STEP) {
    await turns.run(() => {
      for (let i = from; i < Math.min(from + KEYS_A_STEP, pieces.length); i++) {
        const { key } = pieces[i]!;
        hash.update(`${key.length}:${key}`);
      }
    });
  }
  return `pieces:${hash.digest('hex')}`;
}

const KEYS_A_STEP = 64;

/** The file-type bits of a mode, and a regular file's. */
const { S_IFMT, S_IFREG } = constants;

/** Whether the file is still the one the record names, and no other name shares it. */
const isUnchanged = (stats: Stats, record: FileIdentity) =>
  stats.isFile() && stats.nlink === 1 && stats.ino === record.ino && stats.size === record.size && stats.mtimeMs === record.mtimeMs && stats.mode === record.mode && stats.uid === record.uid && stats.gid === record.gid;

interface Manifest {
  outDir: string;
  files: Record<string, FileRecord>;
  /** The page folders as the build left them: the next build keeps only those still so (spare-folders.ts). */
  folders?: Record<string, FolderRecord>;
  /** The whole output as the build left it, when it recorded that: the next build may update it in place (output-tree.ts). */
  tree?: OutputTree;
}

const isManifest = (value: unknown): value is Manifest =>
  typeof (value as Manifest | null)?.outDir === 'string' && typeof (value as Manifest | null)?.files === 'object' && (value as Manifest).files !== null;

/** Name in the cache of one output folder's manifest (one site may be built into several output folders). */
const outputName = (outDir: string) => createHash('sha256').update(outDir).digest('hex').slice(0, 16);

/** The cache's record of the files the last build into `outDir` wrote there. */
export const outputManifestPath = (cacheDir: string, outDir: string) => join(cacheDir, 'output', `${outputName(outDir)}.json`);

/** The key of bytes written: their hash. */
export const contentKey = (contents: string | Uint8Array) => `sha256:${createHash('sha256').update(contents).digest('hex')}`;

/** What the last build's manifest says it left in `outDir`. */
export interface PreviousOutput {
  files: Map<string, FileRecord>;
  folders: Record<string, FolderRecord>;
  tree?: OutputTree;
}

function readManifest(cacheDir: string, outDir: string): PreviousOutput {
  try {
    const manifest: unknown = JSON.parse(readFileSync(outputManifestPath(cacheDir, outDir), 'utf8'));
    if (!isManifest(manifest) || manifest.outDir !== outDir) return { files: new Map(), folders: {} };
    // Records of an older shape (no mode or owner) match nothing: every file is written again once; no folder record, no folder kept.
    const folders = typeof manifest.folders === 'object' && manifest.folders !== null ? manifest.folders : {};
    return { files: new Map(Object.entries(manifest.files)), folders, tree: isOutputTree(manifest.tree) ? manifest.tree : undefined };
  } catch {
    return { files: new Map(), folders: {} };
  }
}

/** The names in each folder of the last build's output, by its tree and files. */
const recordedEntries = (files: ReadonlyMap<string, FileRecord>, tree: OutputTree) => entriesByFolder([...Object.keys(tree.folders), ...files.keys(), ...Object.keys(tree.loose)]);

/** A mode's permission bits (those `mask` keeps) and an owner, as an output's folder or file has them. */
interface Ownership {
  mode: number;
  uid: number;
  gid: number;
}

const ownershipOf = (stats: Stats, mask: number): Ownership => ({ mode: stats.mode & mask, uid: stats.uid, gid: stats.gid });

/** Whether a folder of the output has the mode and owner the staging folder just made (`fresh`) has: what a build from nothing gives a folder. */
const fitsNewFolder = (folder: Ownership, fresh: Stats) => folder.mode === (fresh.mode & 0o7777) && folder.uid === fresh.uid && folder.gid === fresh.gid;

/**
 * Whether a file has the mode (its permission bits) and owner a file written now gets, by the
 * staging folder just made (`fresh`, its read and write bits): another umask or user gives others.
 * Takes a file's `Stats` as they are: `link` asks it of each page's file.
 */
const fitsNewFile = (file: Ownership, fresh: Stats) => (file.mode & 0o777) === (fresh.mode & 0o666) && file.uid === fresh.uid && file.gid === fresh.gid;

/**
 * What a sweep of `out/` against the last build's records found (`sweepOutput`): whether every
 * folder, file and loose file is still the one recorded, and the modes and owners the output
 * folder and its files have. Whether those are what a build from nothing would give them depends
 * on the staging folder, which the writer compares them with (`ReusingOutputWriter`).
 */
export interface OutputSweep {
  asRecorded: boolean;
  /** `out/`'s own inode, mode (`0o7777` bits) and owner. */
  root?: Ownership & { ino: number };
  /** Each distinct mode (`0o777` bits) and owner among the files a key names. */
  fileOwnerships: Ownership[];
  /** The files looked up (`ReusingOutputWriter.calls`). */
  lookUps: number;
}

/**
 * Sweeps `out/` against `previous`: every folder of the tree as recorded (output-tree.ts), every
 * file a key names and every loose file still the one recorded. Stops at the first that is not,
 * and before any file when `rootFits` refuses the output folder's own mode and owner (the writer,
 * which has the staging folder to judge them by: another umask or user sweeps nothing).
 */
function sweepOutput(outDir: string, previous: Pick<PreviousOutput, 'files'> & { tree: OutputTree }, rootFits: (root: Ownership) => boolean = () => true): OutputSweep {
  const { files, tree } = previous;
  const rootStats = lstatOrUndefined(outDir);
  if (!rootStats?.isDirectory()) return { asRecorded: false, fileOwnerships: [], lookUps: 0 };
  const root = { ...ownershipOf(rootStats, 0o7777), ino: rootStats.ino };
  let lookUps = 0;
  const notAsRecorded = (): OutputSweep => ({ asRecorded: false, root, fileOwnerships: [], lookUps });
  if (!rootFits(root) || !foldersAsRecorded(outDir, tree, () => recordedEntries(files, tree))) return notAsRecorded();
  const ownerships = new Map<string, Ownership>();
  const stillRecorded = (path: string, record: FileIdentity): Stats | undefined => {
    lookUps++;
    const stats = lstatOrUndefined(join(outDir, path));
    return stats && isUnchanged(stats, record) ? stats : undefined;
  };
  for (const [path, record] of files) {
    const stats = stillRecorded(path, record);
    if (!stats) return notAsRecorded();
    const key = `${stats.mode & 0o777} ${stats.uid} ${stats.gid}`;
    if (!ownerships.has(key)) ownerships.set(key, ownershipOf(stats, 0o777));
  }
  for (const [path, record] of Object.entries(tree.loose)) if (!stillRecorded(path, record)) return notAsRecorded();
  return { asRecorded: true, root, fileOwnerships: [...ownerships.values()], lookUps };
}

/** The last build's manifest as the build read it, and what the sweep of `out/` against it found. */
export interface SweptOutput {
  outDir: string;
  previous: PreviousOutput & { tree: OutputTree };
  sweep: OutputSweep;
}

/**
 * The sweep of `out/` against the last build's manifest, taken ahead of the writer
 * (`ReusingOutputWriter`'s `swept`): undefined when there is no last output to sweep. It needs
 * nothing of the content, so a rebuild takes it while its main thread would wait for the changed
 * pages' compiles rather than between them and the renders (`WorkerPool.whenTaskPosted`).
 * Called after `removeLeftovers` and before anything is written into the output.
 */
export function sweepLastOutput(outDir: string, cacheDir: string): SweptOutput | undefined {
  try {
    if (!isRealFolder(outDir)) return undefined;
    const { files, folders, tree } = readManifest(cacheDir, outDir);
    if (!tree) return undefined;
    const previous = { files, folders, tree };
    return { outDir, previous, sweep: sweepOutput(outDir, previous) };
  } catch {
    // Not swept ahead: the writer sweeps where it is made.
    return undefined;
  }
}

/** Writes a build's files into its staging folder, linking those the last build wrote alike. */
export interface OutputWriter extends OutputFiles {
  /** Links `path` (relative to the output folder) from `out/` when the last build wrote it with this key and it is unchanged since; true when it did. */
  link(path: string, key: string): boolean;
  /** Notes that the build wrote `path` with content of this key (a page the render worker wrote), and the file's stamp as it was written (`writeNewFileSync`). */
  record(path: string, key: string, stamp?: FileIdentity): void;
  /** The paths linked from the previous output so far (tests and the build's result read them). */
  readonly linked: ReadonlySet<string>;
  /** Where the file this build made at `path` (relative) is before the build ends: in the staging folder, or where it stays in `out/` (`ReusingOutputWriter.inPlace`). */
  whereIs(path: string): string;
}

/** A writer that only writes, atomically (dev, whose server may be sending the file while it is replaced; `--no-cache` builds). */
export function plainOutputWriter(outDir: string): OutputWriter {
  return { ...plainOutputFiles(outDir), link: () => false, record: () => {}, linked: new Set(), whereIs: (path) => join(outDir, path) };
}

/**
 * Thrown when a build that updates `out/` in place finds, before it moves anything, that `out/`
 * changed while it ran (another build into the same folder) and a file it meant to keep there is
 * not the one it checked: the build runs again into a staging folder, which needs no such file.
 */
export class OutputChangedError extends Error {}

/** The writer of one build with the cache on: links from `outDir`, and the manifest of what it wrote, saved by `finish` once the staging folder is `outDir`. */
export class ReusingOutputWriter implements OutputWriter {
  private readonly previous: Map<string, FileRecord>;
  /** The old output's page folders as the last build left them: `keepAsSpare` keeps only those still so. */
  readonly previousFolders: Readonly<Record<string, FolderRecord>>;
  private identifiedFolders: Record<string, FolderRecord> = {};
  private readonly written = new Map<string, string>();
  /** Where each piece is in the files this build wrote in pieces. */
  private readonly layouts = new Map<string, PieceRecord[]>();
  /** Each file this build wrote, identified by its writer as it wrote it (`writeNewFile`): `identifyFiles` looks up only the others. */
  private readonly stamps = new Map<string, FileIdentity>();
  private identified: Record<string, FileRecord> = {};
  /** Folders of the staging folder known to exist: a page's folder is made once, not asked for again by each file in it. */
  private readonly folders = new Set<string>();
  readonly linked = new Set<string>();
  /** Files this build found in `out/` as it would copy them, and left there uncopied (`keepCopiedFile`). */
  private readonly keptCopiesFound = new Set<string>();

  /** The files kept uncopied (`keepCopiedFile`) that nothing was written over, once the build moved its files in or linked them: reused, as `linked` files are. */
  keptCopies: string[] = [];

  /** The files kept uncopied (`keepCopiedFile`) that nothing in the staging folder replaces. */
  private keptCopiesNotReplaced(stagedFiles: ReadonlySet<string>): string[] {
    return [...this.keptCopiesFound].filter((path) => !stagedFiles.has(path) && !this.linked.has(path));
  }
  /** The file-system calls this writer made, by kind (tests count them: the work a rebuild does must not grow with what it leaves alone). */
  readonly calls = { mkdir: 0, lstat: 0 };

  /**
   * Whether this build updates `out/` in place: asked for, and `out/` still holds exactly what the
   * last build left there (its manifest's `tree`, output-tree.ts). Then a file the last build
   * wrote alike stays where it is (`link` makes no link), the staging folder gets only what
   * changed, and `commitInPlace` moves that in: a one-page rebuild at 2000 pages neither links
   * 4000 files into a staging folder nor unlinks them from the old output.
   */
  inPlace: boolean;
  /** The last build's whole output, as its manifest recorded it. */
  private readonly previousTree: OutputTree | undefined;
  /** This build's whole output, once identified (`identifyTree`, `commitInPlace`). */
  private tree: OutputTree | undefined;
  /** The staging folder's inode, taken before the swap: the output folder's after it, unless another build swapped in meanwhile. */
  private stagingIno: number | undefined;
  /** The page folders an update in place left where they were (the build's `reusedFolders`). */
  keptInPlace: string[] = [];

  constructor(
    private readonly options: {
      outDir: string;
      staging: string;
      cacheDir: string;
      inPlace?: boolean;
      /** The last output's manifest, and what a sweep of `out/` against it found, taken before the writer was made (`sweepLastOutput`). */
      swept?: SweptOutput;
    },
  ) {
    // A sweep taken before is of this very output folder, still a real folder (a link put in its
    // place would lead the links taken from it elsewhere), or it is set aside and taken again here.
    const outNow = options.swept ? lstatOrUndefined(options.outDir) : undefined;
    const swept = options.swept?.outDir === options.outDir && outNow?.isDirectory() && outNow.ino === options.swept.sweep.root?.ino ? options.swept : undefined;
    this.swept = swept;
    const manifest = swept?.previous ?? (isRealFolder(options.outDir) ? readManifest(options.cacheDir, options.outDir) : { files: new Map<string, FileRecord>(), folders: {} });
    this.previous = manifest.files;
    this.previousFolders = manifest.folders;
    this.previousTree = manifest.tree;
    this.fresh = lstatOrUndefined(options.staging);
    this.inPlace = options.inPlace === true && this.outputAsLeft();
  }

  /** The staging folder, just made: the mode and owner a folder of a build from nothing gets, and (its mode's read and write bits) a file. */
  private readonly fresh: Stats | undefined;

  /** The sweep of `out/` taken before the writer was made (`sweepLastOutput`), when it was of this output as it still is. */
  private readonly swept: SweptOutput | undefined;

  /** Whether `out/` was swept before the writer was made (`sweepLastOutput`): what `--timings` says of the stage that checks it. */
  get sweptBefore(): boolean {
    return this.swept !== undefined;
  }

  /**
   * Whether the file in `out/` is still the one `record` names, with the mode and owner a file
   * written now gets: under another umask or user a build from nothing would give it others.
   */
  private fitsNow(stats: Stats, record: FileRecord): boolean {
    const fresh = this.fresh;
    return isUnchanged(stats, record) && (fresh === undefined || fitsNewFile(stats, fresh));
  }

  /**
   * Whether `out/` holds what the last build's tree and files record. A build killed while it
   * moved files in fails this too: each move or removal changes a record (a file's inode, a
   * folder's change time), and its manifest was not saved.
   */
  private outputAsLeft(): boolean {
    const tree = this.previousTree;
    const fresh = this.fresh;
    if (!tree || !fresh) return false;
    // Folders made now get the staging folder's mode and owner (another umask, another user): the old output's would stay.
    const sweep = this.swept?.sweep ?? sweepOutput(this.options.outDir, { files: this.previous, tree }, (root) => fitsNewFolder(root, fresh));
    this.calls.lstat += sweep.lookUps;
    if (!sweep.asRecorded || !sweep.root || !fitsNewFolder(sweep.root, fresh)) return false;
    // A file no key names is written again and compared (`commitInPlace`), its mode with it; one a key names keeps the mode it has, which must be a new file's.
    return sweep.fileOwnerships.every((file) => fitsNewFile(file, fresh));
  }

  whereIs(written: string): string {
    const path = outputRelativePath(written);
    return join(this.inPlace && this.linked.has(path) ? this.options.outDir : this.options.staging, path);
  }

  link(written: string, key: string): boolean {
    const path = outputRelativePath(written);
    const record = this.previous.get(path);
    if (!record || record.key !== key) return false;
    if (this.inPlace) {
      // Written into the staging folder already (a redirect's page over a page): written again there, as a link onto it fails.
      if (this.written.has(path) && !this.linked.has(path)) return false;
      // Checked with the whole output when the build began: it stays where it is.
      this.linked.add(path);
      this.written.set(path, key);
      return true;
    }
    const source = join(this.options.outDir, path);
    try {
      this.calls.lstat++;
      const stats = lstatSync(source);
      if (!this.fitsNow(stats, record)) return false;
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

  /**
   * Whether the file the build would copy from `source` to `written` (relative to the output
   * folder: a file of public/, a prebuilt client asset) may stay in `out/` instead: only while updating in
   * place, when the last build left a file there that no key names, with the mode a copy of
   * `source` gets, and its bytes are `source`'s. A copy that came out the same was compared and
   * dropped by `commitInPlace` anyway; made first, it cost a file created and then removed at
   * every build, the dearer on ext4 after its removals (bench/README.md, "Cold builds after a
   * deletion"): 40–60 ms of a rebuild of this repository's site, whose public/ holds 60 files. A
   * later write to the same path (a page's HTML) still replaces it, as it would a copy.
   */
  keepCopiedFile(written: string, source: string): boolean {
    const path = outputRelativePath(written);
    const tree = this.inPlace ? this.previousTree : undefined;
    const old = tree && Object.hasOwn(tree.loose, path) ? tree.loose[path]! : undefined;
    // A file staged at the path already (public/'s copy where an asset goes next): the later copy replaces it, as from nothing.
    if (!old || (old.mode & S_IFMT) !== S_IFREG || existsSync(join(this.options.staging, path))) return false;
    try {
      const stats = statSync(source);
      if (!stats.isFile() || stats.size !== old.size || (stats.mode & 0o7777) !== (old.mode & 0o7777) || !sameBytes(source, join(this.options.outDir, path))) return false;
    } catch {
      return false;
    }
    this.keptCopiesFound.add(path);
    return true;
  }

  record(written: string, key: string, stamp?: FileIdentity): void {
    const path = outputRelativePath(written);
    this.written.set(path, key);
    if (stamp) this.stamps.set(path, stamp);
    else this.stamps.delete(path);
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
    const path = outputRelativePath(written);
    // Encoded once: hashing a string encodes it, and writing it encodes it again (the search head
    // is most of a megabyte at 2000 pages).
    const contents = typeof text === 'string' ? Buffer.from(text) : text;
    // Keyed inside the turn's async job: a throw there (a plugin's bad value) is the returned promise's rejection.
    return this.inTurn(path, async () => this.writeUnder(path, contentKey(contents), async () => ({ chunks: [contents] })));
  }

  writePieces(written: string, pieces: readonly OutputPiece[]): Promise<void> {
    const path = outputRelativePath(written);
    // Keying the pieces may hash each (llms.txt's pages): in slices.
    return this.inTurn(path, async () => this.writeUnder(path, await piecesKey(pieces, this.turns), (reuse) => this.fromPieces(path, pieces, reuse)));
  }

  /** Shared by every write in pieces: the search data's and llms.txt's thousands of pieces are made while the pages render. */
  private readonly turns = new EventLoopTurns();

  /** Where each piece made is encoded as soon as it is made (encoding-arena.ts), in slices of its own. */
  private readonly arena = new EncodingArena();
  private readonly encoding = new EventLoopTurns();

  /** A made piece's bytes. */
  private encoded(part: string | Uint8Array): Uint8Array {
    if (typeof part === 'string') return this.arena.encode(part);
    if (part instanceof Uint8Array) return part;
    throw new TypeError(`a piece's make gave ${typeof part}, not a string or bytes`);
  }

  /** Writes `path` as content of `key`, or links it from the old output when that holds it; `make` gives the bytes (and where their pieces are) only when it does not. */
  private async writeUnder(path: string, key: string, make: MakeFile): Promise<void> {
    const file = join(this.options.staging, path);
    // A path written twice in one build (a plugin's file over a page) must not write into a file it linked: that one is the old output's too.
    if (this.linked.delete(path) && !this.inPlace) unlinkSync(file);
    this.layouts.delete(path);
    this.stamps.delete(path);
    if (this.link(path, key)) return;
    const { layout, stamp } = await this.writeMade(file, make);
    this.written.set(path, key);
    if (layout) this.layouts.set(path, layout);
    this.stamps.set(path, stamp);
  }

  /**
   * Writes what `make` gives at `file`, as a new file (written over, the copy of a public/ file
   * there first, or a page's at a second write, would keep its mode). Pieces kept from the old
   * file are copied from it as it is written: when it is no longer the file checked by then
   * (edited in place meanwhile), the copy may hold other bytes under the old keys, and the file is
   * written once more with every piece made.
   */
  private async writeMade(file: string, make: MakeFile): Promise<MadeFile & { stamp: FileIdentity }> {
    // First: a folder that cannot be made is the build's error, not a reason to make the file again, and no old file is open yet.
    this.makeFolder(dirname(file));
    const made = await make(true);
    let copiedAsChecked = true;
    let stamp: FileIdentity | undefined;
    try {
      stamp = await writeNewFile(file, made.chunks);
      copiedAsChecked = made.copiedFrom?.unchanged() ?? true;
    } catch (error) {
      // A read that ended early, or any error, while the old file changed: made again, as below.
      if (made.copiedFrom?.unchanged() ?? true) throw error;
      copiedAsChecked = false;
    } finally {
      made.copiedFrom?.close();
    }
    if (copiedAsChecked && stamp) return { ...made, stamp };
    const remade = await make(false);
    return { ...remade, stamp: await writeNewFile(file, remade.chunks) };
  }

  /** A file's bytes from its pieces: those the old file at `path` holds copied from it (unless `reuse` is false), the others made. */
  private async fromPieces(path: string, pieces: readonly OutputPiece[], reuse: boolean): Promise<MadeFile> {
    const previous = reuse ? this.previousPieces(path) : undefined;
    try {
      return { ...(await this.madePieces(pieces, previous?.ranges)), ...(previous ? { copiedFrom: previous } : {}) };
    } catch (error) {
      previous?.close();
      throw error;
    }
  }

  /** `pieces` as chunks to write, in order: a range of the old file for each piece `kept` holds, the others made and encoded. */
  private async madePieces(pieces: readonly OutputPiece[], kept: ReadonlyMap<string, FileRange> | undefined): Promise<MadeFile> {
    // Every piece's make starts without waiting for the one before (some run in a worker), with
    // turns of the event loop between slices of them (EventLoopTurns).
    // Encoded in a step of its own: a make that only starts work elsewhere (a worker's) costs its
    // slice nothing, and thousands of their encodings would follow a slice in one go. Steps of
    // their own turns: behind the makes still waiting, each made text would be kept until then.
    const chunks = await Promise.all(
      pieces.map(async (piece): Promise<WrittenChunk> => {
        const range = kept?.get(piece.key);
        if (range) return range;
        const made = await this.turns.run(() => piece.make());
        return this.encoding.run(() => this.encoded(made));
      }),
    );
    const layout: PieceRecord[] = [];
    let at = 0;
    chunks.forEach((chunk, i) => {
      layout.push([pieces[i]!.key, at, chunk.length]);
      at += chunk.length;
    });
    // A file of one piece is linked or made whole: where its piece is needs no record. Past 64 KiB
    // (writeNewFile), the pieces kept are copied from the old file range by range as the new one
    // is written, neither joined nor read whole first: the search seed and llms-full.txt are 12 MB
    // each at 2000 pages, copied at every rebuild.
    return { chunks, layout: pieces.length > 1 ? layout : undefined };
  }

  /**
   * The file the last build wrote in pieces at `path`, open, and where each piece is in it, when
   * it is still the very one that build wrote (as `link` asks): the pieces are copied through this
   * descriptor as the new file is written, so the bytes are those of the file checked, and
   * `unchanged` says whether it stayed so. The caller closes it.
   */
  private previousPieces(path: string): CopiedFile | undefined {
    const record = this.previous.get(path);
    if (!Array.isArray(record?.pieces)) return undefined;
    let fd: number;
    try {
      fd = openSync(join(this.options.outDir, path), 'r');
    } catch {
      return undefined;
    }
    const unchanged = () => {
      const stats = fstatSync(fd);
      return stats.size === record.size && isUnchanged(stats, record);
    };
    try {
      const ranges = new Map<string, FileRange>();
      this.calls.lstat++;
      if (!unchanged()) throw new Error('changed');
      for (const piece of record.pieces) {
        if (!isPieceRecord(piece) || piece[1] + piece[2] > record.size) throw new Error('not a piece of this file');
        if (!ranges.has(piece[0])) ranges.set(piece[0], { fd, position: piece[1], length: piece[2] });
      }
      return { ranges, unchanged, close: () => closeSync(fd) };
    } catch {
      closeSync(fd);
      return undefined;
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
      // A file is stamped as it is written, and nothing writes it after: only built-in plugins write in a build that reuses output, each file once (above).
      const stamp = this.stamps.get(path);
      if (stamp) {
        this.identified[path] = identityOf(key, stamp, this.layouts.get(path));
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

  /**
   * Before the swap, after `identifyFiles`: the whole staging folder (its folders, and its files
   * no key names), for the next build to update the output in place. The output folder's own
   * record is taken by `finish`: the rename into place changes it.
   */
  identifyTree(): void {
    const { staging } = this.options;
    const { folders, files } = listTree(staging);
    const tree: OutputTree = { folders: {}, loose: {}, recordedAt: 0 };
    for (const path of folders) {
      // The page folders `identifyFiles` recorded a moment ago, nothing written since: 10 000 `lstat` calls fewer at 10 000 pages, with the workers idle.
      const record = Object.hasOwn(this.identifiedFolders, path) ? this.identifiedFolders[path] : folderRecordOf(join(staging, path));
      if (record) tree.folders[path] = record;
    }
    let identifiedThere = 0;
    for (const path of files) {
      if (Object.hasOwn(this.identified, path)) {
        identifiedThere++;
        continue;
      }
      const stats = lstatOrUndefined(join(staging, path));
      if (stats) tree.loose[path] = looseRecordOf(stats);
    }
    // A file stamped as it was written and gone since (or a folder now) has no record: as when each file was looked up here.
    if (identifiedThere < Object.keys(this.identified).length) {
      const listed = new Set(files);
      for (const path of Object.keys(this.identified)) if (!listed.has(path)) delete this.identified[path];
    }
    this.stagingIno = folderRecordOf(staging)?.ino;
    // Before the swap: a folder changed while it runs is within the racy margin of this time. The output folder's own record, taken after, always is, and is listed.
    tree.recordedAt = Date.now();
    this.tree = tree;
  }

  /**
   * The end of a build that updates `out/` in place (`inPlace`): moves what the staging folder
   * holds (what changed, and the files no key names) into `out/`, removes what the last build
   * wrote there and this one did not, and identifies the result. False, having moved nothing,
   * when the build must be swapped in instead: a path that was a file is a folder now, or the
   * other way round. Then every kept file is linked into the staging folder first, as a build
   * that does not update in place links it. When `out/` changed while the build ran and a kept
   * file is not the one checked, throws `OutputChangedError`.
   */
  commitInPlace(pageFolders: ReadonlySet<string>): boolean {
    const tree = this.previousTree!;
    const { outDir, staging } = this.options;
    const staged = listTree(staging);
    const wasFile = (path: string) => this.previous.has(path) || Object.hasOwn(tree.loose, path);
    const kindChanged =
      staged.files.some((path) => Object.hasOwn(tree.folders, path) || [...foldersAbove(path)].some(wasFile)) || staged.folders.some(wasFile);
    // Folders alone, here: a file edited since the build began was checked then, and its record no longer fits it for the next build.
    if (kindChanged || !foldersAsRecorded(outDir, tree, () => recordedEntries(this.previous, tree))) {
      this.linkKeptFiles();
      return false;
    }
    const identified: Record<string, FileRecord> = {};
    for (const path of this.linked) identified[path] = this.previous.get(path)!;
    const loose: Record<string, LooseFileRecord> = {};
    const moved: string[] = [];
    for (const path of staged.files) {
      // Kept: a file the copy of public/ put there first, then written over with what the last build wrote (as from nothing: the build's file replaces public/'s).
      if (this.linked.has(path)) continue;
      const stats = lstatSync(join(staging, path));
      const key = this.written.get(path);
      // The assets, the copy of public/ and the images are written at every build, mostly the
      // same bytes: the old file stays (a rename over a file cost about 0.4 ms, 20 ms a rebuild).
      const old = key === undefined && Object.hasOwn(tree.loose, path) ? tree.loose[path]! : undefined;
      if (old && stats.isFile() && stats.size === old.size && stats.mode === old.mode && stats.uid === old.uid && stats.gid === old.gid && sameBytes(join(staging, path), join(outDir, path))) {
        loose[path] = old;
        continue;
      }
      moved.push(path);
      // A path a key names that is not a file now (a plugin replaced it) is recorded all the same: it fits no record of a file, so the next build swaps.
      if (key === undefined || !stats.isFile()) loose[path] = looseRecordOf(stats);
      else identified[path] = identityOf(key, stats, this.layouts.get(path));
    }
    // A file left where it was instead of copied (`keepCopiedFile`), unless the build wrote over it
    // since: still the file checked, or the build runs again (a copy would have replaced an edit).
    this.keptCopies = this.keptCopiesNotReplaced(new Set(staged.files));
    for (const path of this.keptCopies) {
      const record = tree.loose[path]!;
      const stats = lstatOrUndefined(join(outDir, path));
      if (!stats || !isUnchanged(stats, record)) throw new OutputChangedError(`${join(outDir, path)} changed while the build ran`);
      loose[path] = record;
    }
    const produced = new Set([...this.linked, ...staged.files, ...this.keptCopies]);
    const producedFolders = new Set(['', ...staged.folders]);
    for (const path of produced) for (const folder of foldersAbove(path)) producedFolders.add(folder);
    // The folders whose entries this changes: only those are looked up again after; the others were checked just above.
    const touched = new Set<string>();
    const removed = [...this.previous.keys(), ...Object.keys(tree.loose)].filter((path) => !produced.has(path));
    // Deepest first: what a folder holds is put aside before the folder.
    const gone = Object.keys(tree.folders).filter((folder) => !producedFolders.has(folder)).sort((a, b) => b.length - a.length);
    // Every old file replaced or removed, and every folder removed, is first moved aside, into a
    // folder beside the staging folder, by a plan written there before the first move: a move
    // that fails (a full disk making a folder) undoes those before it, and so does the next build
    // when this one is killed meanwhile (`removeLeftovers`): `out/` is as it was. The next build
    // then finds its folders' times changed, and swaps.
    const there = new Set(Object.keys(tree.folders));
    const plan: CommitPlan = { made: staged.folders.filter((folder) => !there.has(folder)), moved, aside: [] };
    for (const path of moved) if (wasFile(path)) plan.aside.push(path);
    plan.aside.push(...removed, ...gone);
    for (const folder of plan.made) touched.add(folder).add(parentOf(folder));
    for (const path of [...moved, ...plan.aside]) touched.add(parentOf(path));
    try {
      applyCommitPlan(plan, outDir, staging);
    } catch (error) {
      // Undone whole, the plan is done with; else the staging folder's removal at the build's end forgets it (and the next build, finding records that do not fit, swaps).
      if (undoCommitPlan(plan, outDir, staging)) forgetCommitPlan(staging);
      // A file gone that was there when checked, or a folder there that was not: another process changed `out/` meanwhile.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EEXIST') throw new OutputChangedError(`${outDir} changed while the build moved its files in`, { cause: error });
      throw error;
    }
    const folders: Record<string, FolderRecord> = {};
    for (const folder of producedFolders) {
      const record = touched.has(folder) || !Object.hasOwn(tree.folders, folder) ? folderRecordOf(under(outDir, folder)) : tree.folders[folder];
      if (record) folders[folder] = record;
    }
    // Another build moving its files in beside this one could have added one to a folder this
    // build changed, and the record just taken would include it: such an output is not recorded
    // (the next build swaps).
    const entries = entriesByFolder([...producedFolders, ...produced]);
    const asExpected = [...touched].every((folder) => !producedFolders.has(folder) || holdsExactly(under(outDir, folder), entries.get(folder)));
    this.identified = identified;
    this.identifiedFolders = Object.fromEntries([...pageFolders].filter((folder) => Object.hasOwn(folders, folder)).map((folder) => [folder, folders[folder]!]));
    this.keptInPlace = [...pageFolders].filter((folder) => Object.hasOwn(tree.folders, folder) && producedFolders.has(folder)).sort();
    this.tree = asExpected ? { folders, loose, recordedAt: Date.now() } : undefined;
    return true;
  }

  /** Links every file kept in place into the staging folder, each checked again: the build is swapped in after all. */
  private linkKeptFiles(): void {
    const { outDir, staging } = this.options;
    // The files kept in `out/` instead of copied (`keepCopiedFile`) that nothing was written over: linked, where a copy of each would have been made.
    this.keptCopies = this.keptCopiesNotReplaced(new Set(listTree(staging).files));
    for (const path of [...this.linked, ...this.keptCopies]) {
      const source = join(outDir, path);
      const stats = lstatOrUndefined(source);
      const record: FileIdentity | undefined = this.previous.get(path) ?? this.previousTree?.loose[path];
      if (!stats || !record || !isUnchanged(stats, record)) throw new OutputChangedError(`${source} changed while the build ran`);
      const target = join(staging, path);
      this.makeFolder(dirname(target));
      // The copy of public/ may have put a file there first: the build's file replaces it. A folder
      // there (a page's, at a kept copy's path) is no file to replace: the link then fails, as the
      // page's folder would have where a build from nothing copied the file first.
      if (!lstatOrUndefined(target)?.isDirectory()) rmSync(target, { force: true });
      try {
        linkSync(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new OutputChangedError(`${source} went while the build ran`, { cause: error });
        throw error;
      }
    }
    this.inPlace = false;
  }

  /** After the swap or the update in place: saves the manifest of the files `identifyFiles` found, now in `outDir`, with the whole output's tree when it was identified. */
  async finish(): Promise<void> {
    const { outDir, cacheDir } = this.options;
    let tree = this.tree;
    if (tree && !this.inPlace) {
      const root = folderRecordOf(outDir);
      tree = root && root.ino === this.stagingIno ? { ...tree, folders: { '': root, ...tree.folders } } : undefined;
    }
    await writeCacheFile(outputManifestPath(cacheDir, outDir), JSON.stringify({ outDir, files: this.identified, folders: this.identifiedFolders, ...(tree ? { tree } : {}) } satisfies Manifest));
  }
}

/** Whether the two files hold the same bytes (the caller compared their sizes: neither is read when they differ). */
function sameBytes(staged: string, kept: string): boolean {
  try {
    return readFileSync(staged).equals(readFileSync(kept));
  } catch {
    return false;
  }
}

const looseRecordOf = (stats: Stats): LooseFileRecord => ({ ...identityOf('', stats), key: '' });

/** A folder, not a link to one (nor a file). */
function isRealFolder(path: string): boolean {
  return lstatOrUndefined(path)?.isDirectory() ?? false;
}
