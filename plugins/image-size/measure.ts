import { createHash } from 'node:crypto';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Metadata } from 'sharp';
import { readImageHeader } from './image-header.ts';
import { mimeOf } from './variants.ts';
import { writeAtomically } from 'docs-gen';

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

interface CacheEntry extends MeasuredImage {
  size: number;
  mtimeMs: number;
}

/**
 * Bump when what is measured changes, so old cache files are ignored. 2: the first header
 * reader (`image-header.ts`) answered for some damaged files that sharp refuses.
 */
const CACHE_VERSION = 2;

/**
 * Measurements by absolute path, kept between builds: an image whose size and modification
 * time are unchanged is neither read nor hashed again.
 */
export class MeasureCache {
  private changed = false;

  private constructor(
    /** Where `save` writes; undefined for a cache kept in memory only. */
    private readonly file: string | undefined,
    private readonly entries: Record<string, CacheEntry>,
  ) {}

  /** A cache for one process (dev's image endpoint): one entry per image path, never saved. */
  static inMemory(): MeasureCache {
    return new MeasureCache(undefined, {});
  }

  static async load(file: string): Promise<MeasureCache> {
    try {
      const saved = JSON.parse(await readFile(file, 'utf8')) as { version: number; entries: Record<string, CacheEntry> };
      if (saved.version === CACHE_VERSION) return new MeasureCache(file, saved.entries);
    } catch {
      // No cache yet, or an unreadable one: measure everything.
    }
    return new MeasureCache(file, {});
  }

  get(path: string, size: number, mtimeMs: number): MeasuredImage | undefined {
    const entry = this.entries[path];
    if (!entry || entry.size !== size || entry.mtimeMs !== mtimeMs) return undefined;
    const { size: _size, mtimeMs: _mtime, ...measured } = entry;
    return measured;
  }

  set(path: string, size: number, mtimeMs: number, measured: MeasuredImage): void {
    this.entries[path] = { ...measured, size, mtimeMs };
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
  const info = await stat(file);
  if (!info.isFile()) throw Object.assign(new Error(`${file} is not a file`), { code: 'ENOENT' });
  const cached = cache?.get(file, info.size, info.mtimeMs);
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
    const { default: sharp } = await import('sharp');
    const metadata = await sharp(bytes).metadata();
    if (!metadata.width || !metadata.height) throw new Error('sharp found no width and height in it');
    const type = formatName(metadata);
    // EXIF orientations 5–8 turn the image a quarter: the page shows it with width and height swapped.
    const turned = (metadata.orientation ?? 1) >= 5;
    measured = { width: turned ? metadata.height : metadata.width, height: turned ? metadata.width : metadata.height, type, mime: mimeOf(type), hash, bytes: bytes.length };
  }
  cache?.set(file, info.size, info.mtimeMs, measured);
  return measured;
}
