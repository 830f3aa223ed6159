import { readFileSync, type Stats } from 'node:fs';
import { RACY_MARGIN_MS, sourceIndexFile, writeCacheFile } from 'docs-gen';
import { sourceDigest } from './compile-cache.ts';

/**
 * What the last build learnt of each page's source, so that a rebuild need not read a page it
 * already knows (`<cacheDir>/sources/<content folder hash>.json`). A rebuild of 2000 pages read
 * 26 MB of sources and hashed them, to find the same compile keys as the build before; it stats
 * each source anyway (the newest is looked up first), and a source whose identity is the one
 * recorded is the text recorded: its digest stands in for its text in the compile key, and the
 * text is read only if the page's body is asked for (its Markdown is made again).
 *
 * The identity is the inode, size, modification time and change time. An edit changes the
 * modification time, and one that sets it back (`touch -d`) changes the change time, which no
 * program can set. What a time cannot tell apart is an edit within one tick of the clock that
 * stamps files, after the build read the file; like git's "racily clean" check (and dev's
 * `stampOf`), a source is recorded only when its change and modification times are older than
 * the moment before its stat by more than any file system's tick (`RACY_MARGIN_MS`). A file saved
 * just before a build is read again by the next.
 */

/** A source as recorded: its identity, and the digest of its text. */
type SourceRecord = [ino: number, size: number, mtimeMs: number, ctimeMs: number, digest: string];

interface IndexFile {
  /** The digest's definition (`sourceDigest`): an index of another is read as none. */
  version: typeof INDEX_VERSION;
  contentDir: string;
  sources: Record<string, SourceRecord>;
  /**
   * The compile key of each page's last compile with highlighting (a build's, not `check`'s), by
   * the same paths: a page compiled again reuses that compile's code blocks (highlight-reuse.ts).
   * Absent from an index an older tool wrote.
   */
  compiled?: Record<string, string>;
}

const INDEX_VERSION = 1;

// Each place checked in turn: a rebuild checks 2000 records, and a copy of each to check it was most of the index's load.
const isRecord = (value: unknown): value is SourceRecord =>
  Array.isArray(value) && value.length === 5 && typeof value[0] === 'number' && typeof value[1] === 'number' && typeof value[2] === 'number' && typeof value[3] === 'number' && typeof value[4] === 'string';

const isIndexFile = (value: unknown): value is IndexFile =>
  (value as IndexFile | null)?.version === INDEX_VERSION && typeof (value as IndexFile).contentDir === 'string' && typeof (value as IndexFile).sources === 'object' && (value as IndexFile).sources !== null;

/** A source as a look-up needs it: its digest, and its text, read at most once (`read`). */
export interface KnownSource {
  digest: string;
  /** The text, when it was read to find the digest (the index did not know the source). */
  readonly text?: string;
  /**
   * The text; when the digest came from the index, it is read now and must still be that text
   * (else an error: the source changed after the build looked it up, and compiled what it was).
   */
  read(): string;
  /** The text as it is now and its digest, read and hashed again if the index gave the digest (a look-up that missed compiles what the file holds). */
  current(): { text: string; digest: string };
}

/** The sources of one content folder; `save` writes what this run learnt. */
export class SourceIndex {
  private readonly known: Map<string, SourceRecord>;
  private readonly learnt = new Map<string, SourceRecord>();
  private changed = false;
  /** The compile keys the index holds, and those of this run's pages (`noteCompiled`, or carried over for each path `source` was asked for). */
  private readonly compiledBefore: Map<string, string>;
  private readonly compiledNow = new Map<string, string>();

  private constructor(
    private readonly file: string,
    private readonly contentDir: string,
    known: Map<string, SourceRecord>,
    compiledBefore: Map<string, string>,
  ) {
    this.known = known;
    this.compiledBefore = compiledBefore;
  }

  /** The key the page at `path` was last compiled under with highlighting, if the index knows it. */
  compiledKey(path: string): string | undefined {
    return this.compiledBefore.get(path);
  }

  /** Notes the key the page at `path` was compiled under (or found under) in this run. */
  noteCompiled(path: string, key: string): void {
    this.compiledNow.set(path, key);
  }

  /** The index of `contentDir` (absolute), empty when there is none or it is of another shape. */
  static load(cacheDir: string, contentDir: string): SourceIndex {
    const file = sourceIndexFile(cacheDir, contentDir);
    const known = new Map<string, SourceRecord>();
    const compiled = new Map<string, string>();
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (isIndexFile(parsed) && parsed.contentDir === contentDir) {
        for (const [path, record] of Object.entries(parsed.sources)) if (isRecord(record)) known.set(path, record);
        if (typeof parsed.compiled === 'object' && parsed.compiled !== null) for (const [path, key] of Object.entries(parsed.compiled)) if (typeof key === 'string') compiled.set(path, key);
      }
    } catch {
      // None yet, or torn: every source is read once.
    }
    return new SourceIndex(file, contentDir, known, compiled);
  }

  /**
   * The source at `path` (relative to the content folder, at `file`): from the index when `stats`
   * (taken at `statAt`, wall-clock milliseconds before the stat) are its recorded identity, else
   * read and hashed now, and recorded if it has settled. A source that cannot be read throws.
   */
  source(path: string, file: string, stats: Stats | undefined, statAt: number): KnownSource {
    // Kept for a page this run does not compile with highlighting (`check`), until a build does.
    const compiledBefore = this.compiledBefore.get(path);
    if (compiledBefore !== undefined && !this.compiledNow.has(path)) this.compiledNow.set(path, compiledBefore);
    const record = this.known.get(path);
    if (stats && record && record[0] === stats.ino && record[1] === stats.size && record[2] === stats.mtimeMs && record[3] === stats.ctimeMs) {
      this.learnt.set(path, record);
      const digest = record[4];
      let text: string | undefined;
      return {
        digest,
        read: () => {
          if (text !== undefined) return text;
          const read = readFileSync(file, 'utf8');
          if (sourceDigest(read) !== digest) throw new Error('its text changed while the build ran');
          return (text = read);
        },
        current: () => {
          const now = readFileSync(file, 'utf8');
          return { text: now, digest: sourceDigest(now) };
        },
      };
    }
    const text = readFileSync(file, 'utf8');
    const digest = sourceDigest(text);
    // Settled by both times: a file system that keeps no true change time (some network and FUSE mounts) still has a modification time.
    const settled = stats !== undefined && Math.max(stats.ctimeMs, stats.mtimeMs) < statAt - RACY_MARGIN_MS;
    if (settled) this.learnt.set(path, [stats.ino, stats.size, stats.mtimeMs, stats.ctimeMs, digest]);
    this.changed = true;
    return { digest, text, read: () => text, current: () => ({ text, digest }) };
  }

  /** Writes the index as this run found the sources, when that differs from what it read. */
  async save(): Promise<void> {
    const compiledChanged = this.compiledNow.size !== this.compiledBefore.size || [...this.compiledNow].some(([path, key]) => this.compiledBefore.get(path) !== key);
    if (!this.changed && this.learnt.size === this.known.size && !compiledChanged) return;
    const byPath = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);
    const sources = Object.fromEntries([...this.learnt].sort(byPath));
    const compiled = Object.fromEntries([...this.compiledNow].sort(byPath));
    await writeCacheFile(this.file, JSON.stringify({ version: INDEX_VERSION, contentDir: this.contentDir, sources, compiled } satisfies IndexFile));
  }
}
