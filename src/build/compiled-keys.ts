import type { CompiledPage } from '../pipeline/plugin.ts';
import type { PayloadPart } from '../util/cache-entry.ts';

/** What a compile made under a key: a page's compiled body is a function of its compile-cache key. */
interface KeyedCompile {
  key: string;
  kind: CompiledPage['kind'];
  /** The code the compile made; undefined for a page whose code is read when first asked for (`lazyCompiledPage`). */
  code: string | undefined;
  positions: CompiledPage['positions'];
  /** The compile's mark: one a plugin set or changed since makes the key unknown, so the rendered-page cache never trusts it. */
  componentsOnly: CompiledPage['componentsOnly'];
}

const keys = new WeakMap<CompiledPage, KeyedCompile>();

/** A page whose code is read when first asked for: the accessor that reads it, and whether anyone has set the code since. */
interface LazyCode {
  get: () => string;
  replaced: boolean;
  /** Where the code's bytes are (its UTF-8), when the reader reads them from a cache entry. */
  place?: PayloadPart;
  /** Compiled by this run, and read back from where its worker filed it (`compilePageIntoCache`), not found in the cache. */
  compiledNow: boolean;
}

const lazyPages = new WeakMap<CompiledPage, LazyCode>();

/**
 * For the built-in content loader. A compiled page whose `code` is read (by `readCode`) the first
 * time something asks for it: a rebuild takes 2000 pages from the compile cache and renders one,
 * and their HTML, half of what the cache holds, was read and parsed for nothing. `code` is an
 * ordinary enumerable property to its readers (a plugin, a structured clone for a worker, JSON);
 * setting it replaces the code.
 */
export function lazyCompiledPage(
  compiled: Omit<CompiledPage, 'code'> & { code?: unknown },
  readCode: () => string,
  options: { /** Where the code's bytes are, for a worker to read (`lazyCodePlace`). */ place?: PayloadPart; /** Filed by a compile of this run (`foundInCompileCache`). */ compiledNow?: boolean } = {},
): CompiledPage {
  let code: string | undefined;
  const lazy: LazyCode = { get: () => (code ??= readCode()), replaced: false, ...(options.place ? { place: options.place } : {}), compiledNow: options.compiledNow === true };
  // A `code` key already there (a placeholder) keeps its place among the keys: a page read from
  // the cache spells its keys in the order the compile made them, as JSON of it would show.
  const page = Object.defineProperty({ ...compiled }, 'code', {
    enumerable: true,
    configurable: true,
    get: lazy.get,
    set: (value: string) => {
      code = value;
      lazy.replaced = true;
    },
  }) as CompiledPage;
  lazyPages.set(page, lazy);
  return page;
}

/**
 * Whether `compiled` was found in the compile cache this run (made by `lazyCompiledPage`, not
 * compiled now): the build looks the pages it compiled up first, since their renders miss.
 */
export const foundInCompileCache = (compiled: CompiledPage): boolean => lazyPages.get(compiled)?.compiledNow === false;

/**
 * Where the code of `compiled` is, while it is the code its lazy reader gives: a worker that
 * renders the page reads it from there, and this thread neither reads it nor sends it (20 KB a
 * page, which went from the compiling worker here and from here to the rendering one).
 */
export function lazyCodePlace(compiled: CompiledPage): PayloadPart | undefined {
  return keepsLazyCode(compiled) ? lazyPages.get(compiled)!.place : undefined;
}

/** The name of the error a render worker throws when it cannot read a page's code where it was told to (`RenderInput.codeAt`). */
export const CODE_UNREADABLE = 'CodeUnreadableError';

/** Whether `compiled` still has the code its lazy reader gives: not set, redefined or deleted since. */
function keepsLazyCode(compiled: CompiledPage): boolean {
  const lazy = lazyPages.get(compiled);
  return lazy !== undefined && !lazy.replaced && Object.getOwnPropertyDescriptor(compiled, 'code')?.get === lazy.get;
}

/**
 * For the built-in content loader. Notes that `compiled` is what the compile filed under `key`
 * in its persistent cache (the key hashes the page's source, its input, the grammar and the
 * tool). The rendered-page cache then hashes the key in place of the page's HTML
 * (render-cache.ts): a rebuild keyed 2000 pages' HTML, about 45 MB, on the main thread.
 */
export function noteCompiledKey(compiled: CompiledPage, key: string): void {
  keys.set(compiled, { key, kind: compiled.kind, code: keepsLazyCode(compiled) ? undefined : compiled.code, positions: compiled.positions, componentsOnly: compiled.componentsOnly });
}

/**
 * The key `compiled` was made under, while it is still what was made: a plugin that replaced its
 * code since (a `contentLoaded` hook rewriting pages) makes it unknown, and its HTML is hashed.
 * Comparing the code is cheap when it is the very string the compile made; a page whose code is
 * read lazily is compared without reading it.
 */
export function compiledKeyOf(compiled: CompiledPage): string | undefined {
  const noted = keys.get(compiled);
  if (!noted || noted.kind !== compiled.kind || noted.positions !== compiled.positions || noted.componentsOnly !== compiled.componentsOnly) return undefined;
  const sameCode = noted.code === undefined ? keepsLazyCode(compiled) : noted.code === compiled.code;
  return sameCode ? noted.key : undefined;
}
