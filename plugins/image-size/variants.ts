/** Seed §9: the widths responsive variants are written at (Next.js's device sizes). */
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
/** Seed §9: the small sizes the image endpoint accepts too (Next.js's image sizes, 16–384). */
export const SMALL_IMAGE_WIDTHS = [16, 32, 48, 64, 96, 128, 256, 384] as const;
/** Seed §9: the default quality. */
export const DEFAULT_QUALITY = 75;
/** The modern format variants are written in; the original file is the fallback. */
export const VARIANT_MIME = 'image/webp';
/** Where variants go in the output. */
export const VARIANT_DIR = '_docs-gen/img';

const MIME: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  tiff: 'image/tiff',
};

/** The MIME type of a format as sharp names it. */
export function mimeOf(type: string): string {
  return MIME[type] ?? `image/${type}`;
}

/** SVG is vector and a GIF may be animated: both pass through as they are. */
export function hasVariants(type: string): boolean {
  return type === 'png' || type === 'jpeg' || type === 'webp' || type === 'avif' || type === 'tiff';
}

/** The widths written for an image `width` pixels wide: the seed's widths below it, then its own (never upscaled). */
export function variantWidths(width: number): number[] {
  return [...IMAGE_WIDTHS.filter((w) => w < width), width];
}

/**
 * The widths the dev endpoint is asked for: the seed's widths up to the first that covers the
 * image (the endpoint never upscales, so that one comes back at the image's own width).
 */
export function endpointWidths(width: number): number[] {
  const covering = IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  return IMAGE_WIDTHS.filter((w) => w <= covering);
}

/** A variant's file in the cache: its source's content hash, width and quality name it. */
export function cacheFileName(hash: string, width: number, quality: number, extension = 'webp'): string {
  return `${hash}-${width}-q${quality}.${extension}`;
}

/** A variant's URL path in the output (without base path): readable name, content hash, width. */
export function variantUrlPath(imagePath: string, hash: string, width: number): string {
  const file = imagePath.slice(imagePath.lastIndexOf('/') + 1);
  const stem = file.replace(/\.[^.]+$/, '').replace(/[^A-Za-z0-9_-]+/g, '-') || 'image';
  return `/${VARIANT_DIR}/${stem}-${hash.slice(0, 10)}-${width}.webp`;
}
