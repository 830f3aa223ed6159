import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, realpath, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { DiagnosticError, PAGE_IMAGE_PREFIX, realPathInside, type Diagnostic, type ImageInfo, type ImageTable, type Plugin, type PluginContext } from 'docs-gen';
import type { EncodeVariantsInput } from './encode-task.ts';
import { collectImageUses, type ImageUse } from './image-uses.ts';
import { handleImageRequest, handlePageImageRequest } from './image-endpoint.ts';
import { MeasureCache, measureImage, type MeasuredImage } from './measure.ts';
import { cacheFileName, DEFAULT_QUALITY, endpointWidths, hasVariants, VARIANT_DIR, VARIANT_MIME, variantUrlPath, variantWidths } from './variants.ts';

export const IMAGE_SIZE = 'docs-gen:image-size';

/** One raster image whose variants the build writes. */
interface VariantJob {
  path: string;
  file: string;
  measured: MeasuredImage;
  widths: number[];
  firstUse: ImageUse;
}

/** What a build's variants cost and saved: written to `.docs-gen-cache/image-size/last-build.json`. */
export interface VariantStats {
  rasterImages: number;
  /** Bytes of the referenced raster images as they are. */
  originalBytes: number;
  /** Bytes of the full-width WebP of each: what a wide screen loads instead of the original. */
  fullWidthVariantBytes: number;
  /** Bytes of every variant written to the output. */
  allVariantBytes: number;
  variantFiles: number;
  /** Variants encoded in this build; the rest came from the cache. */
  encoded: number;
  reused: number;
  encodeMs: number;
  diagnostics: Diagnostic[];
}

/** `where`: the file's path from the site root, as the writer would add it (`public/images/a.png`, `pages/img/b.png`). */
function missingImage(where: string, use: ImageUse): Omit<Diagnostic, 'plugin' | 'hook'> {
  return {
    severity: 'error',
    code: 'missing-image',
    message: `Image ${use.url} was not found and must be added to ${where}`,
    file: use.file,
    line: use.line,
    column: use.column,
    target: use.url,
  };
}

function imageOutsideSite(use: ImageUse): Omit<Diagnostic, 'plugin' | 'hook'> {
  return {
    severity: 'error',
    code: 'image-outside-site',
    message: `Image ${use.url} is outside the site folder: an image named relative to its page must be inside the site`,
    file: use.file,
    line: use.line,
    column: use.column,
    target: use.url,
    hint: 'move the image into the site folder (beside the page or in public/) and name it from there',
  };
}

/** The file behind an image's URL path: in `public/`, or (under `PAGE_IMAGE_PREFIX`) a file of the site named relative to its page. */
function sourceFileOf(path: string, context: PluginContext): { file: string; folder: string; local: boolean } {
  const prefix = `${PAGE_IMAGE_PREFIX}/`;
  if (path.startsWith(prefix)) return { file: join(context.root, path.slice(prefix.length)), folder: context.root, local: true };
  return { file: join(context.publicDir, path), folder: context.publicDir, local: false };
}

/**
 * Measures an image named relative to its page only when its real path (symbolic links
 * followed) is inside the site; one that leads out is never read (`outside`).
 */
async function measureContained(source: { file: string; folder: string; local: boolean }, cache: MeasureCache): Promise<MeasuredImage | 'outside'> {
  if (source.local && !(await realPathInside(source.folder, source.file))) {
    // Missing (measureImage rejects with ENOENT below) or a link out of the site.
    if (await realpath(source.file).then(() => true, () => false)) return 'outside';
  }
  return measureImage(source.file, cache);
}

/** `srcset` of an image's WebP variants: static files in a build, the image endpoint in dev. */
function variantsOf(path: string, measured: MeasuredImage, context: PluginContext): ImageInfo['variants'] {
  const base = context.config.basePath;
  const candidates =
    context.mode === 'dev'
      ? endpointWidths(measured.width).map((w) => `${base}/_next/image?url=${encodeURIComponent(path)}&w=${w}&q=${DEFAULT_QUALITY} ${w}w`)
      : variantWidths(measured.width).map((w) => `${base}${encodeURI(variantUrlPath(path, measured.hash, w))} ${w}w`);
  return { mime: VARIANT_MIME, srcset: candidates.join(', ') };
}

/** Sizes of the variants already in the cache, and the widths still missing. */
async function cachedVariants(job: VariantJob, variantsDir: string): Promise<{ sizes: Map<number, number>; missing: number[] }> {
  const sizes = new Map<number, number>();
  const missing: number[] = [];
  for (const width of job.widths) {
    const cached = await stat(join(variantsDir, cacheFileName(job.measured.hash, width, DEFAULT_QUALITY))).catch(() => undefined);
    if (cached) sizes.set(width, cached.size);
    else missing.push(width);
  }
  return { sizes, missing };
}

/**
 * How many images are encoded at once: one per core, at most three. sharp runs each encode on
 * libuv's thread pool, the process's one pool of four threads (unless `UV_THREADPOOL_SIZE` says
 * otherwise), which every thread's asynchronous file calls share: three leave those a thread. And
 * no more than that many decoded images are held in memory.
 */
const ENCODES_AT_ONCE = Math.min(3, availableParallelism());

/** A diagnostic at the first place that names the image whose variants could not be made. */
function notConverted(job: VariantJob, error: unknown): Diagnostic {
  const { file, line, column, url } = job.firstUse;
  return { severity: 'error', code: 'image-unreadable', message: `Image ${url} could not be converted: ${(error as Error).message}`, file, line, column, target: url };
}

/**
 * Encodes whatever variants the cache lacks. Never rejects: problems come back as diagnostics, in
 * the jobs' order (by URL path). The encodes are asked for on this thread, not posted to the
 * worker pool: sharp does the work on libuv's thread pool whichever thread asks, and each worker
 * that asked loaded sharp (and semver, its colour library and its native binding) for it, about a
 * tenth of a CPU second per worker on a build's first run (bench/README.md, thirtieth session). A
 * first build of a site with raster images in `public/` has loaded sharp here already, while its
 * pages compiled (`sharpAhead`).
 *
 * Nothing stops the encodes of a build that fails before its `postBuild`: the CLI's process ends
 * with it, and a caller of `build()` in the same process may find them running for a moment
 * after. So the cache's folder is made once, here, before any: an encode that ends after the
 * site's folder was removed finds no folder to write into, and makes none.
 */
async function writeVariants(jobs: VariantJob[], variantsDir: string): Promise<VariantStats> {
  const started = performance.now();
  const stats: VariantStats = { rasterImages: jobs.length, originalBytes: 0, fullWidthVariantBytes: 0, allVariantBytes: 0, variantFiles: 0, encoded: 0, reused: 0, encodeMs: 0, diagnostics: [] };
  const cached = await Promise.all(jobs.map((job) => cachedVariants(job, variantsDir)));
  const toEncode = jobs.flatMap((_job, i) => (cached[i]!.missing.length ? [i] : []));
  const failures: Diagnostic[] = [];
  // sharp that does not load (no binding for this platform), or a cache folder that cannot be made: every image to encode says so.
  const encoder = toEncode.length
    ? await mkdir(variantsDir, { recursive: true })
        .then(() => import('./encode-task.ts'))
        .catch((error: unknown) => {
          for (const i of toEncode) failures[i] = notConverted(jobs[i]!, error);
          return undefined;
        })
    : undefined;
  if (encoder) {
    let next = 0;
    const encodeInTurn = async () => {
      while (next < toEncode.length) {
        const i = toEncode[next++]!;
        const job = jobs[i]!;
        const { sizes, missing } = cached[i]!;
        try {
          const input: EncodeVariantsInput = { file: job.file, hash: job.measured.hash, widths: missing, quality: DEFAULT_QUALITY, cacheDir: variantsDir };
          for (const { width, bytes } of await encoder.encodeVariants(input)) sizes.set(width, bytes);
        } catch (error) {
          failures[i] = notConverted(job, error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(ENCODES_AT_ONCE, toEncode.length) }, encodeInTurn));
  }
  jobs.forEach((job, i) => {
    if (failures[i]) {
      stats.diagnostics.push(failures[i]);
      return;
    }
    const { sizes, missing } = cached[i]!;
    stats.encoded += missing.length;
    stats.reused += job.widths.length - missing.length;
    stats.variantFiles += job.widths.length;
    stats.originalBytes += job.measured.bytes;
    stats.fullWidthVariantBytes += sizes.get(job.measured.width) ?? 0;
    for (const bytes of sizes.values()) stats.allVariantBytes += bytes;
  });
  stats.encodeMs = Math.round(performance.now() - started);
  return stats;
}

/** Whether `dir` holds, at any depth, a file named as a raster image (one with variants, `hasVariants`). */
function holdsRasterImages(dir: string): boolean {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).some((name) => RASTER_NAME.test(name));
  } catch {
    return false;
  }
}

const RASTER_NAME = /\.(?:png|jpe?g|webp|avif|tiff?)$/i;

/**
 * The image-size table (seed §3, §5): every image content references is read with sharp for
 * its width, height, type and MIME type; a missing one stops the build with the page's place.
 * In a build, raster images also get WebP variants at the seed's widths (cached by content hash).
 */
export default function imageSize(): Plugin {
  let jobs: VariantJob[] = [];
  // Images named relative to their page, by URL path: copied by postBuild, served by dev.
  let pageImages = new Map<string, string>();
  let encoding: Promise<VariantStats> | undefined;
  // `/_next/image` in dev: a cached variant is served without reading its source again.
  const endpointMeasures = MeasureCache.inMemory();
  // Set by loadContent: whether it loaded sharp for encodes to come (a first build with raster images in public/), once it did.
  let sharpAhead: Promise<boolean> | undefined;
  return {
    name: IMAGE_SIZE,
    // A build with no variants cached yet (a first build, a cleared cache) of a site with raster
    // images in public/ loads sharp on this thread for their encodes (`writeVariants`), after the
    // last compile: 25 to 35 ms the workers waited for before their first render. Loaded while the
    // pages compile, this thread mostly idle then. A site without such images never loads it; one
    // whose only such image no page shows (a favicon) loads it for nothing, on its first build.
    // Not with --no-cache, which would keep no folder to tell the next build so.
    loadContent({ context }) {
      sharpAhead = undefined;
      if (context.mode === 'build' && context.persistentCache && !existsSync(join(context.cacheDir, 'image-size', 'variants'))) {
        sharpAhead = new Promise((resolve) => setImmediate(resolve)).then(async () => {
          if (!holdsRasterImages(context.publicDir)) return false;
          await import('./encode-task.ts').catch(() => undefined);
          return true;
        });
      }
      return undefined;
    },
    async contentLoaded({ pages, actions, context }) {
      // Dev may run this hook again on the same plugin object.
      jobs = [];
      encoding = undefined;
      // Filled aside and swapped in at the end: dev serves from the last complete map while
      // another run of this hook (a background refresh) measures.
      const foundPageImages = new Map<string, string>();
      const { byPath: uses, outside } = collectImageUses(pages, { root: context.root, basePath: context.config.basePath });
      for (const use of outside) actions.report(imageOutsideSite(use));
      const cacheDir = join(context.cacheDir, 'image-size');
      const cache = await MeasureCache.load(join(cacheDir, 'measured.json'));
      const publicDir = relative(context.root, context.publicDir).split('\\').join('/') || '.';
      const table: ImageTable = {};
      const paths = [...uses.keys()].sort();
      const sources = paths.map((path) => sourceFileOf(path, context));
      const results = await Promise.allSettled(sources.map((source) => measureContained(source, cache)));
      for (const [i, path] of paths.entries()) {
        const places = uses.get(path)!;
        const { file, local } = sources[i]!;
        const result = results[i]!;
        if (result.status === 'rejected') {
          const error = result.reason as NodeJS.ErrnoException;
          if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR') {
            const where = local ? relative(context.root, file).split('\\').join('/') : `${publicDir}${path}`;
            for (const use of places) actions.report(missingImage(where, use));
          } else {
            const { file: source, line, column, url } = places[0]!;
            actions.report({ severity: 'error', code: 'image-unreadable', message: `Image ${url} could not be read: ${error.message}`, file: source, line, column, target: url });
          }
          continue;
        }
        const measured = result.value;
        if (measured === 'outside') {
          for (const use of places) actions.report(imageOutsideSite(use));
          continue;
        }
        if (local) foundPageImages.set(path, file);
        const raster = hasVariants(measured.type) && context.mode !== 'check';
        table[path] = { width: measured.width, height: measured.height, type: measured.type, mime: measured.mime, variants: raster ? variantsOf(path, measured, context) : undefined };
        if (raster && context.mode === 'build') jobs.push({ path, file, measured, widths: variantWidths(measured.width), firstUse: places[0]! });
      }
      await cache.save();
      pageImages = foundPageImages;
      actions.setGlobalData(table);
      actions.setThemeData({ images: table });
      // Encoding starts now and overlaps rendering (a variant's URL depends only on the
      // image's hash and width); postBuild waits for it.
      if (jobs.length) encoding = writeVariants(jobs, join(cacheDir, 'variants'));
      // Made with none to encode too: the next builds load no sharp ahead for images no page shows
      // (a favicon). A cache that cannot be written only costs the next build that load.
      else if (await sharpAhead) await mkdir(join(cacheDir, 'variants'), { recursive: true }).catch(() => undefined);
    },
    // Dev: `/_next/image` (and under the base path) with the build's transform; other paths pass on.
    async devRequest({ request, response, context, refusedLink }) {
      const options = { root: context.root, publicDir: context.publicDir, basePath: context.config.basePath, onRefusedLink: refusedLink, measureCache: endpointMeasures, pageImages };
      return (await handlePageImageRequest(request, response, options)) || handleImageRequest(request, response, options);
    },
    async postBuild({ outDir, context }) {
      // Images named relative to their page are copied as they are, beside their variants' folder.
      await Promise.all(
        [...pageImages].map(async ([path, file]) => {
          await mkdir(dirname(join(outDir, path)), { recursive: true });
          await copyFile(file, join(outDir, path));
        }),
      );
      if (!encoding) return;
      const stats = await encoding;
      if (stats.diagnostics.length) throw new DiagnosticError(stats.diagnostics);
      const variantsDir = join(context.cacheDir, 'image-size', 'variants');
      await mkdir(join(outDir, VARIANT_DIR), { recursive: true });
      await Promise.all(
        jobs.flatMap((job) => job.widths.map((w) => copyFile(join(variantsDir, cacheFileName(job.measured.hash, w, DEFAULT_QUALITY)), join(outDir, variantUrlPath(job.path, job.measured.hash, w))))),
      );
      const { diagnostics: _none, ...numbers } = stats;
      await writeFile(join(context.cacheDir, 'image-size', 'last-build.json'), `${JSON.stringify(numbers, null, 2)}\n`);
    },
  };
}
