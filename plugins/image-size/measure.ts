import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Metadata } from 'sharp';
import { readImageHeader } from './image-header.ts';
import { mimeOf } from './variants.ts';
import { loadSharp, RACY_MARGIN_MS, writeAtomically } from 'docs-gen';

/** An image's size and format, as sharp reports them, with its content hash (variants are cached by it). */
export interface MeasuredImage {
  width: number;
  height: number;
  type: string;
  mime: string;
  /** sha256 of the file's bytes, hex. */
  hash: string;
  bytes: number;
}

/**
 * What a file's stat says of its identity: the inode (a file replaced, as rsync and most editors
 * do, has a new one), its size, and both times. The change time moves whenever the file's content
 * or times are set, so an image copied over with its size and modification time kept (`cp -p`,
 * `rsync -t`, `tar x`) is not taken for the one measured before.
 */
export type FileIdentity = Pick<Stats, 'ino' | 'size' | 'mtimeMs' | 'ctimeMs'>;

interface CacheEntry extends MeasuredImage {
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/**
 * Bump when what is measured changes, so old cache files are ignored. 2: the first header
 * reader (`image-header.ts`) answered for some damaged files that sharp refuses. 3: entries are
 * kept by inode, size and both times (they were by size and modification time).
 */
const CACHE_VERSION = 3;

/**
 * Measurements by absolute path, kept between builds: an image whose stat is the one recorded
 * ({@link FileIdentity}) is neither read nor hashed again. A file changed within
 * `RACY_MARGIN_MS` of its stat is not recorded (git's "racily clean" rule, as the content
 * loader's source index): a second write in the same tick of a coarse clock, with the same
 * size, would leave every field as it was.
 */
export class MeasureCache {
  private changed = false;

  private constructor(
    /** Where `save` writes; undefined for a cache kept in memory only. */
    private readonly file: string | undefined,
    private readonly entries: Record<string, CacheEntry>,
    /** The clock a stat is timed by, for the racy rule (a test's own). */
    readonly now: () => number,
  ) {}

  /** A cache for one process (dev's image endpoint): one entry per image path, never saved. */
  static inMemory(now: () => number = Date.now): MeasureCache {
    return new MeasureCache(undefined, {}, now);
  }

  static async load(file: string, now: () => number = Date.now): Promise<MeasureCache> {
    try {
      const saved = JSON.parse(await readFile(file, 'utf8')) as { version: number; entries: Record<string, CacheEntry> };
      if (saved.version === CACHE_VERSION) return new MeasureCache(file, saved.entries, now);
    } catch {
      // No cache yet, or an unreadable one: measure everything.
    }
    return new MeasureCache(file, {}, now);
  }

  get(path: string, file: FileIdentity): MeasuredImage | undefined {
    const entry = Object.hasOwn(this.entries, path) ? this.entries[path] : undefined;
    if (!entry || entry.ino !== file.ino || entry.size !== file.size || entry.mtimeMs !== file.mtimeMs || entry.ctimeMs !== file.ctimeMs) return undefined;
    const { ino: _ino, size: _size, mtimeMs: _mtime, ctimeMs: _ctime, ...measured } = entry;
    return measured;
  }

  /** Records `measured` for the file as it was stat-ed at `statAt` (by {@link now}), unless it had changed too recently to be told from a later write. */
  set(path: string, file: FileIdentity, measured: MeasuredImage, statAt: number): void {
    if (Math.max(file.ctimeMs, file.mtimeMs) >= statAt - RACY_MARGIN_MS) return;
    this.entries[path] = { ...measured, ino: file.ino, size: file.size, mtimeMs: file.mtimeMs, ctimeMs: file.ctimeMs };
    this.changed = true;
  }

  async save(): Promise<void> {
    if (!this.changed || this.file === undefined) return;
    await mkdir(dirname(this.file), { recursive: true });
    // Two loads in one dev session may save at once: each through a name of its own.
    await writeAtomically(this.file, JSON.stringify({ version: CACHE_VERSION, entries: this.entries }));
  }
}

/** sharp names AVIF `heif` (with AV1 compression). */
function formatName(metadata: Metadata): string {
  if (metadata.format === 'heif' && metadata.compression === 'av1') return 'avif';
  return metadata.format ?? 'unknown';
}

const UNIT_PX: Record<string, number> = { '': 1, px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, em: 16, rem: 16 };

/** An SVG length in CSS pixels; undefined for percentages and nonsense. */
function svgLength(value: string | undefined): number | undefined {
  const match = value ? /^\s*([\d.]+)\s*(px|pt|pc|in|cm|mm|em|rem)?\s*$/.exec(value) : null;
  const px = match ? Number(match[1]) * UNIT_PX[match[2] ?? '']! : Number.NaN;
  return Number.isFinite(px) && px > 0 ? px : undefined;
}

/**
 * An SVG's size as a browser lays it out: its width and height, else its viewBox's aspect
 * ratio, else the default 300×150 of a replaced element. (sharp refuses SVGs without a size.)
 */
export function svgSize(text: string): { width: number; height: number } | undefined {
  const root = /<svg\b([^>]*)>/i.exec(text)?.[1];
  if (root === undefined) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1];
  const box = attribute('viewBox')?.trim().split(/[\s,]+/).map(Number);
  const ratio = box && box.length === 4 && box[2]! > 0 && box[3]! > 0 ? box[2]! / box[3]! : undefined;
  let width = svgLength(attribute('width'));
  let height = svgLength(attribute('height'));
  if (width && !height) height = ratio ? width / ratio : 150;
  if (height && !width) width = ratio ? height * ratio : 300;
  if (!width || !height) [width, height] = ratio ? [300, 300 / ratio] : [300, 150];
  return { width: Math.round(width), height: Math.round(height) };
}

/** Width, height, type, MIME type and hash of an image file; throws if it is missing or not an image. */
export async function measureImage(file: string, cache?: MeasureCache): Promise<MeasuredImage> {
  const statAt = cache?.now() ?? 0;
  const info = await stat(file);
  if (!info.isFile()) throw Object.assign(new Error(`${file} is not a file`), { code: 'ENOENT' });
  const cached = cache?.get(file, info);
  if (cached) return cached;
  const bytes = await readFile(file);
  const hash = createHash('sha256').update(bytes).digest('hex');
  const svg = /\.svgz?$/i.test(file) ? svgSize(bytes.toString('utf8')) : undefined;
  const header = svg ? undefined : readImageHeader(bytes);
  let measured: MeasuredImage;
  if (svg) measured = { ...svg, type: 'svg', mime: mimeOf('svg'), hash, bytes: bytes.length };
  else if (header) measured = { width: header.width, height: header.height, type: header.type, mime: mimeOf(header.type), hash, bytes: bytes.length };
  else {
    // Loaded on first use: a site without raster images never pays for sharp.
    const metadata = await loadSharp()(bytes).metadata();
    if (!metadata.width || !metadata.height) throw new Error('sharp found no width and height in it');
    const type = formatName(metadata);
    // EXIF orientations 5–8 turn the image a quarter: the page shows it with width and height swapped.
    const turned = (metadata.orientation ?? 1) >= 5;
    measured = { width: turned ? metadata.height : metadata.width, height: turned ? metadata.width : metadata.height, type, mime: mimeOf(type), hash, bytes: bytes.length };
  }
  cache?.set(file, info, measured, statAt);
  return measured;
}
