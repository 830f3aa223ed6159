import type { CompiledPage } from '../pipeline/plugin.ts';

/** What a compile made under a key: a page's compiled body is a function of its compile-cache key. */
interface KeyedCompile {
  key: string;
  kind: CompiledPage['kind'];
  code: string;
  positions: CompiledPage['positions'];
}

const keys = new WeakMap<CompiledPage, KeyedCompile>();

/**
 * For the built-in content loader. Notes that `compiled` is what the compile filed under `key`
 * in its persistent cache (the key hashes the page's source, its input, the grammar and the
 * tool). The rendered-page cache then hashes the key in place of the page's HTML
 * (render-cache.ts): a rebuild keyed 2000 pages' HTML, about 45 MB, on the main thread.
 */
export function noteCompiledKey(compiled: CompiledPage, key: string): void {
  keys.set(compiled, { key, kind: compiled.kind, code: compiled.code, positions: compiled.positions });
}

/**
 * The key `compiled` was made under, while it is still what was made: a plugin that replaced its
 * code since (a `contentLoaded` hook rewriting pages) makes it unknown, and its HTML is hashed.
 * Comparing the code is cheap when it is the very string the compile made.
 */
export function compiledKeyOf(compiled: CompiledPage): string | undefined {
  const noted = keys.get(compiled);
  return noted && noted.kind === compiled.kind && noted.code === compiled.code && noted.positions === compiled.positions ? noted.key : undefined;
}
