import { createHash } from 'node:crypto';
import { linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, unlinkSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeCacheFile } from '../util/cache-entry.ts';
import { plainOutputFiles } from '../pipeline/output-files.ts';
import type { OutputFiles } from '../pipeline/plugin.ts';

/**
 * Reusing the previous build's output (ARCHITECTURE.md, "Rebuilds"). On this machine's kind of
 * file system every block a build allocates costs about 0.7 ms of system time: a folder made, a
 * file written or copied. A rebuild of 2000 pages spent more time making 2000 route folders and
 * writing 4000 files that came out the same than on anything else. So a build with the cache
 * on:
 *
 * - starts its staging folder from the folders of the output before the last one (kept in the
 *   cache with every file removed), so that a route folder is made once, not at every build;
 * - hard-links each file whose content the last build wrote, under the same key, from `out/` into
 *   the staging folder instead of writing it again, when the file in `out/` is still the very
 *   file it wrote (same inode, size and modification time: an edit in place, a replacement or
 *   a touch changes one of them).
 *
 * Why links from `out/` and not from the cache: a link from the cache would leave `out/` and the
 * cache sharing files after the build, and a later edit in place of a file of `out/` (a deploy
 * step rewriting HTML) would change the cached page behind the key that names it. A link from
 * `out/` into the staging folder shares a file only while the build runs: the old `out/` loses
 * its files when the new one is in place, so the new `out/` owns each file alone again. While the
 * build runs, nothing writes into a linked file: the staging folder starts empty of files, and
 * the build and its plugins write a file by creating it (a linked path is never written again in
 * this build). Copy-on-write clones (`COPYFILE_FICLONE`) would be as safe, but ext4 has none and
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
}

interface Manifest {
  outDir: string;
  files: Record<string, FileRecord>;
}

const isManifest = (value: unknown): value is Manifest =>
  typeof (value as Manifest | null)?.outDir === 'string' && typeof (value as Manifest | null)?.files === 'object' && (value as Manifest).files !== null;

/** Names in the cache of one output folder's manifest and spare folders (one site may be built into several output folders). */
const outputName = (outDir: string) => createHash('sha256').update(outDir).digest('hex').slice(0, 16);

/** The cache's record of the files the last build into `outDir` wrote there. */
export const outputManifestPath = (cacheDir: string, outDir: string) => join(cacheDir, 'output', `${outputName(outDir)}.json`);

/** The folders of the output folder the last build into `outDir` replaced, every file removed: the next staging folder. */
export const spareFoldersPath = (cacheDir: string, outDir: string) => join(cacheDir, 'output', `${outputName(outDir)}.folders`);

/** The key of bytes written: their hash. */
export const contentKey = (contents: string | Uint8Array) => `sha256:${createHash('sha256').update(contents).digest('hex')}`;

/** One name per output file, however a writer spelled it (`/llms.txt`, `llms.txt`). */
const relativePath = (path: string) => path.split('\\').join('/').replace(/^\/+/, '');

function readManifest(cacheDir: string, outDir: string): Map<string, FileRecord> {
  try {
    const manifest: unknown = JSON.parse(readFileSync(outputManifestPath(cacheDir, outDir), 'utf8'));
    if (!isManifest(manifest) || manifest.outDir !== outDir) return new Map();
    return new Map(Object.entries(manifest.files));
  } catch {
    return new Map();
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
  private readonly written = new Map<string, string>();
  readonly linked = new Set<string>();

  constructor(
    private readonly options: { outDir: string; staging: string; cacheDir: string },
  ) {
    this.previous = readManifest(options.cacheDir, options.outDir);
  }

  link(written: string, key: string): boolean {
    const path = relativePath(written);
    const record = this.previous.get(path);
    if (!record || record.key !== key) return false;
    const source = join(this.options.outDir, path);
    try {
      const stats = lstatSync(source);
      if (!stats.isFile() || stats.ino !== record.ino || stats.size !== record.size || stats.mtimeMs !== record.mtimeMs) return false;
      const target = join(this.options.staging, path);
      mkdirSync(dirname(target), { recursive: true });
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

  async write(written: string, contents: string | Uint8Array): Promise<void> {
    const path = relativePath(written);
    const key = contentKey(contents);
    const file = join(this.options.staging, path);
    // A path written twice in one build (a plugin's file over a page) must not write into a file it linked: that one is the old output's too.
    if (this.linked.delete(path)) unlinkSync(file);
    if (this.link(path, key)) return;
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, contents);
    this.written.set(path, key);
  }

  /**
   * After the swap: the manifest of the files now in `outDir`, each with its identity as it is
   * now. Only built-in plugins write in a build that reuses output, and they
   * write each file once, by creating it: a recorded file holds the content of its key.
   */
  async finish(): Promise<void> {
    const files: Record<string, FileRecord> = {};
    for (const [path, key] of this.written) {
      try {
        const stats = lstatSync(join(this.options.outDir, path));
        if (stats.isFile()) files[path] = { key, ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs };
      } catch {
        // Removed by a plugin after it was written: nothing to reuse.
      }
    }
    await writeCacheFile(outputManifestPath(this.options.cacheDir, this.options.outDir), JSON.stringify({ outDir: this.options.outDir, files } satisfies Manifest));
  }
}

/**
 * Takes the spare folders of the output folder (`spareFoldersPath`) as the staging folder: renamed into place, then
 * every file in it removed. Resolves to the folders it holds (relative paths), which `pruneSpareFolders`
 * removes again where the build put nothing; undefined when there were none to take (another
 * build took them, or a first build), and the caller makes an empty staging folder.
 */
export function takeSpareFolders(spare: string, staging: string): string[] | undefined {
  try {
    renameSync(spare, staging);
  } catch {
    return undefined;
  }
  const folders: string[] = [];
  const visit = (relative: string) => {
    for (const entry of readdirSync(join(staging, relative), { withFileTypes: true })) {
      const path = relative ? join(relative, entry.name) : entry.name;
      // A link to a folder is a file here: removed, never followed.
      if (entry.isDirectory()) {
        folders.push(path);
        visit(path);
      } else unlinkSync(join(staging, path));
    }
  };
  visit('');
  return folders;
}

/** Removes the spare folders the build put nothing in, deepest first (a cold build has no empty folders of its own there). */
export function pruneSpareFolders(staging: string, folders: readonly string[]): void {
  for (const folder of [...folders].reverse()) {
    try {
      rmdirSync(join(staging, folder));
    } catch {
      // Not empty: the build's.
    }
  }
}

/**
 * The old output folder, once replaced: every file removed (most are the new output's too, by
 * link: removing them frees nothing) and its folders kept as the next build's staging folder.
 * When spare folders are still there (another build's) or the rename fails, it is removed.
 */
export async function keepFoldersOf(previous: string, spare: string): Promise<void> {
  try {
    const visit = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) visit(path);
        else unlinkSync(path);
      }
    };
    visit(previous);
    mkdirSync(dirname(spare), { recursive: true });
    renameSync(previous, spare);
  } catch {
    await rm(previous, { recursive: true, force: true });
  }
}
