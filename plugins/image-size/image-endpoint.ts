import { mkdir, readFile, realpath } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { PAGE_IMAGE_PREFIX, realPathInside, resolveImagePath, writeAtomically } from 'docs-gen';
import type { EncodeFormat } from './encode-task.ts';
import { MeasureCache, measureImage } from './measure.ts';
import { cacheFileName, DEFAULT_QUALITY, hasVariants, IMAGE_WIDTHS, SMALL_IMAGE_WIDTHS } from './variants.ts';

/** Widths `/_next/image` serves (seed §9): the device widths and the small sizes 16–384. */
export const ENDPOINT_WIDTHS: readonly number[] = [...SMALL_IMAGE_WIDTHS, ...IMAGE_WIDTHS];

export interface ImageRequestOptions {
  /** Site folder; the variant cache is `<root>/.docs-gen-cache/image-size/variants` unless `cacheDir` says otherwise. */
  root: string;
  /** Absolute folder local images are read from. */
  publicDir: string;
  /** The site's base path: `{basePath}/_next/image` is answered too, and stripped from `url`. */
  basePath?: string;
  cacheDir?: string;
  /**
   * Measurements (size, type, content hash) by path, size and mtime, kept between requests: a
   * variant already cached is then served without reading or hashing its source. Give the same
   * cache to every request; without one, each request reads the source.
   */
  measureCache?: MeasureCache;
  /** Told of each symbolic link refused because it leads out of `publicDir` (dev names it once). */
  onRefusedLink?: (link: { file: string; target: string; folder: string }) => void;
  /**
   * Images named relative to their page (URL path under `PAGE_IMAGE_PREFIX` → absolute file), as
   * the last `contentLoaded` found them inside the site. Only these are served from outside
   * `public/`: a URL can never name any other file of the site.
   */
  pageImages?: ReadonlyMap<string, string>;
}

export type ImageQuery = { path: string; width: number; quality: number } | { error: string };

const INTEGER = /^[0-9]+$/;

/** Checks `url`, `w` and `q` as Next.js's image optimizer does; only local images and the seed's widths pass. */
export function parseImageQuery(params: URLSearchParams, basePath = ''): ImageQuery {
  for (const name of ['url', 'w', 'q']) if (params.getAll(name).length > 1) return { error: `"${name}" parameter cannot be an array` };
  const url = params.get('url');
  const w = params.get('w');
  const q = params.get('q');
  if (!url) return { error: '"url" parameter is required' };
  if (!url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return { error: '"url" parameter is invalid: only local images are served' };
  if (!w) return { error: '"w" parameter (width) is required' };
  if (!INTEGER.test(w) || Number(w) <= 0) return { error: '"w" parameter (width) must be an integer greater than 0' };
  const width = Number(w);
  if (!ENDPOINT_WIDTHS.includes(width)) return { error: `"w" parameter (width) of ${width} is not allowed` };
  const quality = q === null ? DEFAULT_QUALITY : Number(q);
  if (q !== null && (!INTEGER.test(q) || quality < 1 || quality > 100)) return { error: '"q" parameter (quality) must be an integer between 1 and 100' };
  const path = resolveImagePath(url, { folderRoute: '/', basePath });
  if (!path) return { error: '"url" parameter is invalid: only local images are served' };
  return { path, width, quality };
}

function send(response: ServerResponse, status: number, headers: Record<string, string | number>, body: string | Buffer, head: boolean): true {
  response.writeHead(status, { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', ...headers, 'Content-Length': Buffer.byteLength(body) });
  response.end(head ? undefined : body);
  return true;
}

/** The format sent back: WebP when the browser takes it, else the source's own kind. */
function formatFor(accept: string, type: string): { format: EncodeFormat; mime: string } {
  if (accept.includes('image/webp')) return { format: 'webp', mime: 'image/webp' };
  return type === 'jpeg' ? { format: 'jpeg', mime: 'image/jpeg' } : { format: 'png', mime: 'image/png' };
}

/**
 * Answers `GET /_next/image?url=&w=&q=` in dev with the build's transform (sharp, never
 * upscaled, WebP; SVG and GIF as they are) and the build's variant cache. Returns false for any
 * other path, so the caller serves it. A bad query is a 400, a missing image a 404.
 */
export async function handleImageRequest(request: IncomingMessage, response: ServerResponse, options: ImageRequestOptions): Promise<boolean> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const basePath = options.basePath ?? '';
  if (url.pathname !== '/_next/image' && url.pathname !== `${basePath}/_next/image`) return false;
  const head = request.method === 'HEAD';
  if (request.method !== 'GET' && !head) return send(response, 405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }, 'Method not allowed', false);
  const query = parseImageQuery(url.searchParams, basePath);
  if ('error' in query) return send(response, 400, { 'Content-Type': 'text/plain; charset=utf-8' }, query.error, head);

  const notFound = () => send(response, 404, { 'Content-Type': 'text/plain; charset=utf-8' }, `No image at ${query.path}`, head);
  // The path is already decoded and free of dot segments; its real path (symbolic links
  // followed) must still be inside public/ (or the site, for an image named beside its page).
  // A file outside is answered exactly as a missing one.
  const pageImage = query.path.startsWith(`${PAGE_IMAGE_PREFIX}/`);
  const folder = pageImage ? options.root : options.publicDir;
  const asked = pageImage ? options.pageImages?.get(query.path) : join(options.publicDir, query.path);
  if (!asked) return notFound();
  const file = await realPathInside(folder, asked);
  if (!file) {
    const outside = await realpath(asked).catch(() => undefined);
    if (outside) options.onRefusedLink?.({ file: asked, target: outside, folder });
    return notFound();
  }
  let measured;
  try {
    measured = await measureImage(file, options.measureCache);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return notFound();
    return send(response, 400, { 'Content-Type': 'text/plain; charset=utf-8' }, `"url" parameter is valid but ${query.path} is not an image`, head);
  }
  if (!hasVariants(measured.type)) {
    // Vector and animated images pass through; an SVG is sandboxed as Next.js does.
    const headers: Record<string, string> = { 'Content-Type': measured.mime };
    if (measured.type === 'svg') headers['Content-Security-Policy'] = "script-src 'none'; frame-src 'none'; sandbox;";
    return send(response, 200, headers, await readFile(file), head);
  }
  const { format, mime } = formatFor(String(request.headers.accept ?? ''), measured.type);
  const cacheDir = options.cacheDir ?? join(options.root, '.docs-gen-cache', 'image-size', 'variants');
  // The build writes full widths only; a width above the image's own comes back at its own.
  const width = Math.min(query.width, measured.width);
  const cached = join(cacheDir, cacheFileName(measured.hash, width, query.quality, format));
  let body: Buffer | undefined = await readFile(cached).catch(() => undefined);
  if (!body) {
    // Loaded on first use: encode-task loads sharp, which would cost every build and check a tenth of a CPU second.
    const { encodeImage } = await import('./encode-task.ts');
    const encoded = await encodeImage(file, { width, quality: query.quality, format });
    await mkdir(cacheDir, { recursive: true });
    await writeAtomically(cached, encoded);
    body = encoded;
  }
  return send(response, 200, { 'Content-Type': mime, Vary: 'Accept' }, body, head);
}

/**
 * Answers `GET {basePath}/_docs-gen/files/…` in dev: an image named relative to its page, as the
 * build copies it. Only the images `pageImages` lists are served; any other path passes on (and
 * ends as the dev server's 404).
 */
export async function handlePageImageRequest(request: IncomingMessage, response: ServerResponse, options: ImageRequestOptions): Promise<boolean> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const prefix = `${options.basePath ?? ''}${PAGE_IMAGE_PREFIX}/`;
  if (!url.pathname.startsWith(prefix) || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname.slice((options.basePath ?? '').length));
  } catch {
    return false;
  }
  const asked = options.pageImages?.get(path);
  const file = asked && (await realPathInside(options.root, asked));
  if (!file) return false;
  const measured = await measureImage(file, options.measureCache).catch(() => undefined);
  if (!measured) return false;
  const headers: Record<string, string> = { 'Content-Type': measured.mime };
  if (measured.type === 'svg') headers['Content-Security-Policy'] = "script-src 'none'; frame-src 'none'; sandbox;";
  return send(response, 200, headers, await readFile(file), request.method === 'HEAD');
}
