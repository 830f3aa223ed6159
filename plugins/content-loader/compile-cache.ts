import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { cacheFilePath, lazyCompiledPage, readCacheEntrySync, toolBuildId, writeCacheEntry, writeCacheFile, type CompiledPage } from 'docs-gen';
import { join } from 'node:path';

/**
 * The persistent cache of compiled pages: `<cacheDir>/compiled/<key>.json`, one entry per page
 * compile, and its code beside it in `<key>.code`. The key is a hash of everything the output
 * depends on — the page's source, the compile input (links, base path, locale prefix,
 * highlighting, the site's remark/rehype plugins), the highlighting grammar's text, and the tool
 * itself (`toolBuildId`: every built file of docs-gen, so a change in the core or the theme counts
 * as well as one in this folder) — so an entry is never stale: a change gives a new key.
 */

const grammarHashes = new Map<string, Promise<string>>();

/**
 * The grammar's content hash, read again only when its size or modification time changed (dev
 * edits it in place). Looked up synchronously: every page's key asks, and an asynchronous stat
 * was a hand-off to libuv's thread pool per page, on the main thread and in the workers alike.
 */
export async function hashOfFile(path: string): Promise<string> {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    return 'absent';
  }
  const memo = `${path}\0${stats.mtimeMs}\0${stats.size}`;
  let hash = grammarHashes.get(memo);
  if (!hash) {
    hash = readFile(path).then((bytes) => createHash('sha256').update(bytes).digest('hex'), () => 'absent');
    grammarHashes.set(memo, hash);
  }
  return hash;
}

/**
 * The entry's key: the source, the compile input (without its absolute path's machine-specific
 * parts), the grammar, the tool. A run that keys every page passes the grammar's hash, looked up
 * once (`hashOfFile`): else each page's key costs a `stat` of the grammar.
 */
export async function compileCacheKey<Input extends { grammarPath: string; highlight?: boolean }>(source: string, input: Input, grammarHash?: Promise<string>): Promise<string> {
  const [tool, grammar] = await Promise.all([toolBuildId(), input.highlight === false ? 'off' : (grammarHash ?? hashOfFile(input.grammarPath))]);
  return createHash('sha256').update(tool).update('\0').update(grammar).update('\0').update(JSON.stringify(input)).update('\0').update(source).digest('hex');
}

/**
 * What an entry holds: the compile output with its code left out (a file beside the entry, read
 * only when something asks for it: a rebuild renders one page of 2000) and, when the body is the
 * end of the source, the body's length in its place (the look-up has read the source). Each key
 * stays where the compile put it, so a page read back spells its keys in the same order.
 */
export type StoredCompile<Output extends CompiledOutput> = Omit<Output, 'compiled' | 'body'> & { compiled: Omit<CompiledPage, 'code'> & { code: null }; body: string | number };

/** The part of a compile output the cache stores apart or derives (`StoredCompile`). */
export interface CompiledOutput {
  compiled: CompiledPage;
  body: string;
}

const codeFile = (cacheDir: string, key: string) => cacheFilePath(join(cacheDir, 'compiled'), key, 'code');

/**
 * The cached output for `key` and the page's `source` (the key's own), or undefined (absent,
 * torn, corrupt, of another shape, or its code file gone). `isStored` checks the entry's shape.
 * The code is read when first asked for; a code file lost after this look-up (the cache folder
 * cleared while the build runs) is an error then, which the build reports at the page.
 */
export function readCompiled<Output extends CompiledOutput>(cacheDir: string, key: string, source: string, isStored: (value: unknown) => value is StoredCompile<Output>): Output | undefined {
  const stored = readCacheEntrySync(join(cacheDir, 'compiled'), key, isStored);
  if (!stored) return undefined;
  const file = codeFile(cacheDir, key);
  if (!existsSync(file)) return undefined;
  const body = typeof stored.body === 'string' ? stored.body : stored.body <= source.length ? source.slice(source.length - stored.body) : undefined;
  if (body === undefined) return undefined;
  const readCode = () => {
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`the compile cache lost ${file} while the build ran (was .docs-gen-cache/ cleared?); build again`, { cause: error });
    }
  };
  return { ...stored, body, compiled: lazyCompiledPage(stored.compiled, readCode) } as unknown as Output;
}

/** Keeps a page's compile output under `key`: its code first, then the entry (each written atomically), so an entry is only ever beside its code. */
export async function writeCompiled(cacheDir: string, key: string, source: string, output: CompiledOutput): Promise<void> {
  await writeCacheFile(codeFile(cacheDir, key), output.compiled.code);
  await writeCacheEntry(join(cacheDir, 'compiled'), key, { ...output, compiled: { ...output.compiled, code: null }, body: source.endsWith(output.body) ? output.body.length : output.body });
}
