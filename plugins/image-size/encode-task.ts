import { loadSharp, writeAtomically } from 'docs-gen';
import { join } from 'node:path';
import { cacheFileName } from './variants.ts';

// Loaded as this module loads: `loadContent` imports it ahead of a first build's encodes.
const sharp = loadSharp();

/** Output formats of a transform: WebP for variants, or the source's own format for browsers without it. */
export type EncodeFormat = 'webp' | 'avif' | 'png' | 'jpeg';

/** One image at one width and quality: auto-oriented, never upscaled. */
export function encodeImage(input: string | Buffer, options: { width: number; quality: number; format: EncodeFormat }): Promise<Buffer> {
  const pipeline = sharp(input).rotate().resize({ width: options.width, withoutEnlargement: true });
  const { quality } = options;
  if (options.format === 'avif') return pipeline.avif({ quality }).toBuffer();
  if (options.format === 'png') return pipeline.png({ quality }).toBuffer();
  if (options.format === 'jpeg') return pipeline.jpeg({ quality, mozjpeg: true }).toBuffer();
  return pipeline.webp({ quality }).toBuffer();
}


export interface EncodeVariantsInput {
  /** Absolute path of the source image. */
  file: string;
  /** Its content hash: the cache key. */
  hash: string;
  /** Widths still missing from the cache. */
  widths: number[];
  quality: number;
  cacheDir: string;
}

/**
 * The WebP variants of one image, written into the cache folder, which must be there (a build asks
 * on its main thread, having made it: image-size/index.ts). Returns each one's size in bytes.
 */
export async function encodeVariants(input: EncodeVariantsInput): Promise<{ width: number; bytes: number }[]> {
  const written: { width: number; bytes: number }[] = [];
  // One width at a time: a 4000-pixel source decoded for every width at once is a lot of memory.
  for (const width of input.widths) {
    const contents = await encodeImage(input.file, { width, quality: input.quality, format: 'webp' });
    await writeAtomically(join(input.cacheDir, cacheFileName(input.hash, width, input.quality)), contents);
    written.push({ width, bytes: contents.length });
  }
  return written;
}
