import { readFile } from 'node:fs/promises';
import type { PageCompileOutput } from '../pipeline/plugin.ts';
import { writeAtomically } from '../util/write-atomically.ts';
import type { FileStamp } from './startup-changes.ts';

interface OutlineEntry {
  /** The page file's stamp (`stampOf`: size, mtime, inode, change time) when its stub was read (taken before the read). */
  stamp: FileStamp;
  /** The stub without its `body`: what the page map and titles need. */
  stub: PageCompileOutput;
}

interface OutlineFile {
  /** The tool build and the config the stubs were read with: any other reads them afresh. */
  key: string;
  pages: Record<string, OutlineEntry>;
}

/**
 * Whether JSON keeps the value as it is (no Date, no undefined, no NaN or Infinity, no bigint).
 * Walked, not written out: dev checks 10 000 stubs at its start.
 */
export function survivesJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || value instanceof Date) return false;
  if (Array.isArray(value)) {
    // By index: a hole (written as null) is a value JSON does not keep.
    for (let i = 0; i < value.length; i++) if (!survivesJson(value[i])) return false;
    return true;
  }
  // What JSON writes of anything but a plain object (a Map, a class instance) is not what it was either.
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in value) if (!survivesJson((value as Record<string, unknown>)[key])) return false;
  return true;
}

/** The stub less its `body` (a copy only when it has one). */
function withoutBody(stub: PageCompileOutput): PageCompileOutput {
  if (!('body' in stub)) return stub;
  const { body: _body, ...outline } = stub as PageCompileOutput & { body?: unknown };
  return outline;
}

/**
 * The pages' stubs (front matter, first heading) from dev's last session, kept in
 * `.docs-gen-cache/dev-outline.json` by each page file's stamp (size, mtime, inode, change time): a restart of dev on a
 * 10 000-page site stats the files instead of reading them. A first-ever start reads them all.
 * A stub is dropped from it when its file's stamp differs, or when the tool or the config differ.
 * Stubs carry no `body` from here: content sources read it with the page's compile.
 */
export class OutlineCache {
  private readonly used = new Map<string, OutlineEntry>();
  private dirty = false;
  private saving: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    private readonly key: string,
    private readonly last: ReadonlyMap<string, OutlineEntry>,
  ) {}

  /** The cache at `file` when it was written with `key`, else an empty one that will be. */
  static async load(file: string, key: string): Promise<OutlineCache> {
    let last = new Map<string, OutlineEntry>();
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as OutlineFile;
      if (parsed.key === key) last = new Map(Object.entries(parsed.pages));
    } catch {
      // Missing or unreadable (a session killed mid-write cannot leave half a file: it is written whole): start empty.
    }
    return new OutlineCache(file, key, last);
  }

  /** The stub read last session from the file as it is now (same stamp), if any. */
  stub(sourcePath: string, stamp: FileStamp | undefined): PageCompileOutput | undefined {
    const entry = stamp === undefined ? undefined : this.last.get(sourcePath);
    if (!entry || entry.stamp !== stamp) return undefined;
    // Kept for the next write; not a reason for one (the file already holds it).
    this.used.set(sourcePath, entry);
    return entry.stub;
  }

  /**
   * A stub just read from the file that had `stamp` before the read. Kept as it is: its body is
   * left out and its JSON checked when it is saved, after dev's first answer rather than on the way
   * to it (10 000 stubs copied and walked were 55 ms of a first start).
   */
  remember(sourcePath: string, stamp: FileStamp | undefined, stub: PageCompileOutput): void {
    if (stamp === undefined) return;
    this.used.set(sourcePath, { stamp, stub });
    this.dirty = true;
  }

  /** Writes the stubs of the pages this session used, when any changed (one write at a time). */
  save(): Promise<void> {
    if (!this.dirty) return this.saving;
    this.dirty = false;
    const pages: Record<string, OutlineEntry> = {};
    for (const [sourcePath, { stamp, stub }] of this.used) {
      const outline = withoutBody(stub);
      if (survivesJson(outline)) pages[sourcePath] = { stamp, stub: outline };
    }
    const contents: OutlineFile = { key: this.key, pages };
    this.saving = this.saving.then(() => writeAtomically(this.file, JSON.stringify(contents))).catch(() => {
      // A cache that cannot be written costs the next start its reads, nothing else.
    });
    return this.saving;
  }
}
