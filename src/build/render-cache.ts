import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { RouteDefinition } from '../pipeline/plugin.ts';
import type { ResolvedThemeOptions } from '../shared/types.ts';
import { cacheFilePath, readCacheEntrySync, writeCacheEntry, writeCacheFile } from '../util/cache-entry.ts';
import { toolBuildId } from '../util/tool-build-id.ts';
import type { OutputWriter } from './output-reuse.ts';
import { outputPathFor, type SiteSnapshot } from './route-data.ts';
import type { RenderOutput } from './render-worker.tsx';

/**
 * The persistent cache of rendered pages (`<cacheDir>/rendered/`). A page's HTML is a function
 * of its route definition, the site snapshot every page is rendered with (navigation, theme
 * config, asset URLs, the plugins' theme data such as the image table) and the renderer's code;
 * the key hashes all three, so a changed title (the sidebar) re-renders every page and a changed
 * paragraph only its own.
 *
 * Only pages whose content is data are cached: Markdown compiled to HTML, a plugin's HTML route
 * and the theme's own pages. An MDX page runs the writer's code, which may read the clock or
 * the environment, and a bundled page may import files the key does not cover; they render
 * every time (their compile is cached).
 */
export function isRenderCacheable(definition: RouteDefinition): boolean {
  const { content } = definition;
  return content.type === 'html' || content.type === 'theme' || (content.type === 'mdx' && content.compiled.kind === 'html');
}

/**
 * JSON with every object's keys in sorted order, Maps and Sets as their entries: the same data
 * hashes the same however it was assembled (the page map's folders arrive in the order their
 * `_meta` files were read, which varies from run to run).
 */
const canonical = (_key: string, value: unknown): unknown => {
  if (value instanceof Map || value instanceof Set) return [...value];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
};

/** What every page of this build shares: the renderer and the snapshot. Computed once per build. */
export async function renderCacheSiteKey(snapshot: SiteSnapshot): Promise<string> {
  return createHash('sha256').update(await toolBuildId()).update('\0').update(JSON.stringify(snapshot, canonical)).digest('hex');
}

/** One page's key: the site's key and the page's own definition. */
export function renderCacheKey(siteKey: string, definition: RouteDefinition): string {
  return createHash('sha256').update(siteKey).update('\0').update(JSON.stringify(definition, canonical)).digest('hex');
}

/** The key under which the output writer knows a page's HTML file: the page's render key (its bytes are those the cache keeps under that key). */
export const renderedFileKey = (key: string) => `rendered:${key}`;

/** The rendered-page cache of one build: its folder and the key every page shares (`renderCacheSiteKey`). */
export interface RenderCache {
  dir: string;
  siteKey: string;
}

/** What the cache's JSON entry holds of a rendered page; its HTML is a file beside it, copied into the output as it is. */
interface CachedRender {
  theme: ResolvedThemeOptions;
  bytes: number;
}

const isCachedRender = (value: unknown): value is CachedRender =>
  typeof (value as CachedRender | null)?.bytes === 'number' && typeof (value as CachedRender | null)?.theme === 'object';

/**
 * A page from the cache, looked up on the main thread before any task is posted: a warm build
 * sends the pool neither the page (its compiled HTML) nor, when every page hits, the site
 * snapshot, and the workers never load React and the theme. The HTML is copied straight to the
 * output when `write` is set (never read into JavaScript), else read to be handed to
 * `transformPage`. `key` is undefined for a page that is not cached (an MDX page); `output` on a hit.
 * `onMiss` is called, synchronously, when the page has to be rendered.
 */
export async function lookUpRendered(cache: RenderCache, definition: RouteDefinition, options: { outDir: string; write: boolean; defaultLocale: string; output: OutputWriter; onMiss?: () => void }): Promise<{ key?: string; output?: RenderOutput }> {
  if (!isRenderCacheable(definition)) {
    options.onMiss?.();
    return {};
  }
  const key = renderCacheKey(cache.siteKey, definition);
  // Synchronous up to here, so that `onMiss` is called while the caller's loop over every page is still running.
  const entry = readCacheEntrySync(cache.dir, key, isCachedRender);
  if (!entry) {
    options.onMiss?.();
    return { key };
  }
  const outputPath = outputPathFor(definition.route, definition.locale ?? options.defaultLocale, options.defaultLocale);
  const htmlFile = cacheFilePath(cache.dir, key, 'html');
  try {
    if (!options.write) return { key, output: { outputPath, theme: entry.theme, bytes: entry.bytes, html: await readFile(htmlFile, 'utf8') } };
    // The previous output's file when it is this page unchanged (output-reuse.ts), else a copy of the cached one.
    if (!options.output.link(outputPath, renderedFileKey(key))) {
      const target = join(options.outDir, outputPath);
      await mkdir(dirname(target), { recursive: true });
      await copyFile(htmlFile, target);
      options.output.record(outputPath, renderedFileKey(key));
    }
    return { key, output: { outputPath, theme: entry.theme, bytes: entry.bytes } };
  } catch {
    // The HTML file is gone (a cache folder pruned by hand): render again.
    return { key };
  }
}

/** Keeps a rendered page under `key` (in the worker that rendered it): the HTML first, so an entry is only ever written beside a whole HTML file. */
export async function keepRendered(dir: string, key: string, rendered: { html: string; theme: ResolvedThemeOptions; bytes: number }): Promise<void> {
  await writeCacheFile(cacheFilePath(dir, key, 'html'), rendered.html);
  await writeCacheEntry(dir, key, { theme: rendered.theme, bytes: rendered.bytes } satisfies CachedRender);
}
