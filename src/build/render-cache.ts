import { createHash, type Hash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { writeNewFileSync, type FileIdentity } from '../util/write-new-file.ts';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledPage, RouteDefinition } from '../pipeline/plugin.ts';
import type { ResolvedThemeOptions } from '../shared/types.ts';
import { cacheFilePath, noteCacheFileUsed, readCacheFileHeader, readCacheFilePayload, writeHeaderedCacheFile, type HeaderedFile } from '../util/cache-entry.ts';
import { isInside } from '../util/contained-path.ts';
import { distPath } from '../util/dist-path.ts';
import { toolBuildId } from '../util/tool-build-id.ts';
import { compiledKeyOf } from './compiled-keys.ts';
import type { OutputWriter } from './output-reuse.ts';
import { outputPathFor, renderedPart, type SiteSnapshot } from './route-data.ts';
import type { RenderOutput } from './render-worker.tsx';

/**
 * The persistent cache of rendered pages (`<cacheDir>/rendered/`). A page's HTML is a function
 * of its route definition (what of it the render worker is sent: not its search text), the site
 * snapshot every page is rendered with (navigation, theme config, asset URLs, the plugins' theme
 * data such as the image table) and the renderer's code;
 * the key hashes all three, so a changed title (the sidebar) re-renders every page and a changed
 * paragraph only its own.
 *
 * Only pages whose content is data are cached: Markdown compiled to HTML (`.md` pages, and `.mdx`
 * pages of Markdown alone), a plugin's HTML route and the theme's own pages, and an MDX page
 * whose code only builds elements (`componentsOnly`: literal JSX, no expression but a literal or
 * a comment, no `import` or `export`) while every component it can name is docs-gen's own (`toolComponentsOnly`) and its
 * code is still what the content loader compiled (its compile key stands for it). Any other MDX
 * page runs the writer's code, which may read the clock or the environment, as may a component
 * of the site's own, and a bundled page may import files the key does not cover; they render
 * every time (their compile is cached).
 */
export function isRenderCacheable(definition: RouteDefinition, cache: Pick<RenderCache, 'toolComponentsOnly'>): boolean {
  const { content } = definition;
  if (content.type === 'html' || content.type === 'theme') return true;
  if (content.type !== 'mdx') return false;
  const { compiled } = content;
  return compiled.kind === 'html' || (runsToolCodeOnly(compiled, cache.toolComponentsOnly) && compiledKeyOf(compiled) !== undefined);
}

/**
 * Whether rendering an MDX page runs no code but docs-gen's: its code only builds elements
 * (`componentsOnly`) and every component it can name is docs-gen's own (`toolComponentsOnly`,
 * `rendersToolComponentsOnly`). Such a page's render may be cached, and its frame is tried without
 * React's renderer (render-worker.tsx): code of the site's may have side effects, which a try that
 * ends in React's render would run twice.
 */
export function runsToolCodeOnly(compiled: CompiledPage, toolComponentsOnly: boolean): boolean {
  return toolComponentsOnly && compiled.kind === 'function-body' && compiled.componentsOnly === true;
}

/**
 * Whether every MDX component pages render with is a module of docs-gen's own `dist/` (whose
 * every file the tool's build id, in every key, hashes) and the site has no islands. A component
 * of the site's own, or of a plugin from elsewhere, is code the render key does not cover.
 */
export function rendersToolComponentsOnly(snapshot: Pick<SiteSnapshot, 'mdxComponents' | 'islandsModule'>): boolean {
  if (snapshot.islandsModule) return false;
  const dist = distPath('.');
  return Object.values(snapshot.mdxComponents).every(({ module }) => {
    const path = resolve(module.startsWith('file:') ? fileURLToPath(module) : module);
    return path !== dist && isInside(dist, path);
  });
}

/** `String.prototype.isWellFormed` (Node 20; the TypeScript lib here predates it). */
type WellFormedString = string & { isWellFormed(): boolean };

/**
 * Feeds `value` to `hash` as JSON would spell it with every object's keys in sorted order, Maps
 * and Sets as their entries: the same data hashes the same however it was assembled (the page
 * map's folders arrive in the order their `_meta` files were read, which varies from run to run).
 * Written straight into the hash, not as a JSON string first: a rebuild keys 2000 pages, each
 * with its compiled HTML, and `JSON.stringify` with a sorting replacer copied every page and made
 * an object per object, about a tenth of a one-page rebuild's main-thread time with the garbage.
 * Every value is tagged and every string and key length-prefixed, so no two values feed the same
 * bytes. What JSON leaves out is left out: `undefined` and functions in objects (`null` in
 * arrays), and a value with `toJSON` (a date in front matter) is hashed as what that returns.
 */
export function hashCanonical(hash: Hash, value: unknown): void {
  // Small pieces gather in a string and go to the hash together: a call into the hash per
  // key and number cost more than the copy it saves. Long strings go in as they are.
  let pending = '';
  const flush = () => {
    if (pending) hash.update(pending);
    pending = '';
  };
  const visit = (value: unknown): void => {
    if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') value = (value as { toJSON: () => unknown }).toJSON();
    if (value instanceof Map || value instanceof Set) value = [...value];
    if (typeof value === 'string') {
      // UTF-8 spells a lone surrogate as U+FFFD: such a string goes in as JSON, which escapes it.
      if (!(value as WellFormedString).isWellFormed()) pending += `j${JSON.stringify(value)};`;
      else if (value.length < LONG_STRING) pending += `s${value.length}:${value}`;
      else {
        pending += `s${value.length}:`;
        flush();
        hash.update(value);
      }
      return;
    }
    if (value === null || typeof value !== 'object') {
      // A number, a boolean or null as JSON spells it (NaN and Infinity as null); a function or undefined at the top as JSON.stringify's undefined.
      pending += `${JSON.stringify(value) ?? 'u'};`;
      return;
    }
    if (Array.isArray(value)) {
      pending += `[${value.length};`;
      for (const item of value) visit(item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : item);
      pending += ']';
      return;
    }
    const record = value as Record<string, unknown>;
    const keys = sortedInPlace(Object.keys(record));
    let count = 0;
    for (const key of keys) if (isHashed(record[key])) count++;
    pending += `{${count};`;
    for (const key of keys) {
      const item = record[key];
      if (!isHashed(item)) continue;
      // A key is text too: one with a lone surrogate goes in as JSON, as a string value does.
      pending += (key as WellFormedString).isWellFormed() ? `k${key.length}:${key}` : `j${JSON.stringify(key)};`;
      visit(item);
    }
    pending += '}';
  };
  visit(value);
  flush();
}

/** A string this long goes to the hash by itself rather than copied into the pending pieces. */
const LONG_STRING = 1024;

/** Whether an object's property is hashed: JSON leaves out undefined, functions and symbols. */
const isHashed = (value: unknown) => value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';

/** An object with more keys than this is sorted by `Array.prototype.sort`; fewer, by insertion. */
const FEW_KEYS = 16;

/**
 * `keys` in code-unit order, sorted where they are. Keying a rebuild's 2000 pages sorts the keys
 * of some 30 000 small objects (a route, its headings, its front matter): `sort` with a comparator
 * allocated a workspace for each, and with the filtered copy before it that was a sixth of the
 * rebuild's allocation. Insertion sort of a few keys allocates nothing.
 */
function sortedInPlace(keys: string[]): string[] {
  if (keys.length > FEW_KEYS) return keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let at = i - 1;
    for (; at >= 0 && keys[at]! > key; at--) keys[at + 1] = keys[at]!;
    keys[at + 1] = key;
  }
  return keys;
}

/** What every page of this build shares: the renderer and the snapshot. Computed once per build. */
export async function renderCacheSiteKey(snapshot: SiteSnapshot): Promise<string> {
  const hash = createHash('sha256').update(await toolBuildId()).update('\0');
  hashCanonical(hash, snapshot);
  return hash.digest('hex');
}

/**
 * One page's key: the site's key and what of its definition the renderer is given
 * (`renderedPart`), its compiled body by the key the compile filed it under when that is known
 * (compiled-keys.ts), else by its code.
 */
export function renderCacheKey(siteKey: string, definition: RouteDefinition): string {
  const hash = createHash('sha256').update(siteKey).update('\0');
  const compiledKey = definition.content.type === 'mdx' ? compiledKeyOf(definition.content.compiled) : undefined;
  const rendered = renderedPart(definition);
  hashCanonical(hash, compiledKey === undefined ? rendered : { ...rendered, content: { type: 'mdx', compiledKey } });
  return hash.digest('hex');
}

/** The key under which the output writer knows a page's HTML file: the page's render key (its bytes are those the cache keeps under that key). */
export const renderedFileKey = (key: string) => `rendered:${key}`;

/** The rendered-page cache of one build: its folder, the key every page shares (`renderCacheSiteKey`), and whether its MDX components are all docs-gen's own (`rendersToolComponentsOnly`). */
export interface RenderCache {
  dir: string;
  siteKey: string;
  toolComponentsOnly: boolean;
}

/**
 * A rendered page in the cache is one headered file (cache-entry.ts), `<key>.page`: a line of
 * JSON (the key, the theme options `transformPage` gets, the HTML's byte count), then the HTML as
 * it is written out.
 */
interface CachedPageHeader {
  key: string;
  theme: ResolvedThemeOptions;
  bytes: number;
}

const isPageHeader = (value: unknown): value is CachedPageHeader => typeof (value as Partial<CachedPageHeader>).theme === 'object' && (value as Partial<CachedPageHeader>).theme !== null;

const pageFile = (dir: string, key: string) => cacheFilePath(dir, key, 'page');

/**
 * The header of the page kept under `key`, read alone: the look-up loop runs over every page
 * before any HTML is copied, and reading whole files there held the whole site's HTML at once.
 * Undefined when there is none, or it is not whole or not this key's: a miss, never an error.
 */
export function readCachedPageHeader(dir: string, key: string): HeaderedFile<CachedPageHeader> | undefined {
  // Theme options are a few hundred bytes.
  return readCacheFileHeader(pageFile(dir, key), key, isPageHeader, 4096);
}

/**
 * A page from the cache, looked up on the main thread before any task is posted: a warm build
 * sends the pool neither the page (its compiled HTML) nor, when every page hits, the site
 * snapshot, and the workers never load React and the theme. The HTML is linked from the last
 * build's output when that file is this page unchanged (output-reuse.ts; the cache is not even
 * read), else written from the cache file's bytes when `write` is set (never decoded), else read
 * to be handed to `transformPage`. `key` is undefined for a page that is not cached (an MDX
 * page); `output` on a hit. `onMiss` is called, synchronously, when the page has to be rendered.
 */
export async function lookUpRendered(cache: RenderCache, definition: RouteDefinition, options: { outDir: string; write: boolean; defaultLocale: string; output: OutputWriter; onMiss?: () => void }): Promise<{ key?: string; output?: RenderOutput }> {
  if (!isRenderCacheable(definition, cache)) {
    options.onMiss?.();
    return {};
  }
  const key = renderCacheKey(cache.siteKey, definition);
  // Used by this build whether found, linked from the last output or rendered now (then written under this name).
  noteCacheFileUsed(pageFile(cache.dir, key));
  const outputPath = outputPathFor(definition.route, definition.locale ?? options.defaultLocale, options.defaultLocale);
  // Synchronous up to the end of the look-up, so that `onMiss` is called while the caller's loop over every page is still running.
  if (options.write && options.output.link(outputPath, renderedFileKey(key))) return { key, output: { outputPath } };
  const cached = readCachedPageHeader(cache.dir, key);
  if (!cached) {
    options.onMiss?.();
    return { key };
  }
  // The HTML once the caller's slice of look-ups is done (`renderAll` keys the pages in slices), one page at a time: each continuation reads, writes and lets go of its page.
  await undefined;
  let stamp: FileIdentity;
  try {
    const html = readCacheFilePayload(cached);
    if (!options.write) return { key, output: { outputPath, page: { theme: cached.header.theme, html: html.toString('utf8') } } };
    const target = join(options.outDir, outputPath);
    mkdirSync(dirname(target), { recursive: true });
    stamp = writeNewFileSync(target, html);
  } catch {
    // The file went away since its header was read (a cache cleared by hand), or the page cannot be
    // written: rendered instead, where a file-system error is the page's diagnostic.
    return { key };
  }
  options.output.record(outputPath, renderedFileKey(key), stamp);
  return { key, output: { outputPath } };
}

/** Keeps a rendered page under `key` (in the worker that rendered it), in one file written whole or not at all. */
export async function keepRendered(dir: string, key: string, rendered: { html: string | Uint8Array; theme: ResolvedThemeOptions }): Promise<void> {
  await writeHeaderedCacheFile(pageFile(dir, key), { key, theme: rendered.theme }, rendered.html);
}
