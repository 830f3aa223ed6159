import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { readCacheEntry, toolBuildId, writeCacheEntry } from 'docs-gen';
import { join } from 'node:path';

/**
 * The persistent cache of compiled pages: `<cacheDir>/compiled/<key>.json`, one file per page
 * compile. The key is a hash of everything the output depends on — the page's source, the
 * compile input (links, base path, locale prefix, highlighting, the site's remark/rehype
 * plugins), the highlighting grammar's text, and the tool itself (`toolBuildId`: every built file
 * of docs-gen, so a change in the core or the theme counts as well as one in this folder) — so an
 * entry is never stale: a change gives a new key.
 */

const grammarHashes = new Map<string, Promise<string>>();

/** The grammar's content hash, read again only when its size or modification time changed (dev edits it in place). */
export async function hashOfFile(path: string): Promise<string> {
  const stats = await stat(path).catch(() => undefined);
  if (!stats) return 'absent';
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

/** The cached output for `key`, or undefined (absent, torn, corrupt, or of another shape). */
export function readCompiled<Output>(cacheDir: string, key: string, isOutput: (value: unknown) => value is Output): Promise<Output | undefined> {
  return readCacheEntry(join(cacheDir, 'compiled'), key, isOutput);
}

/** Keeps a page's compile output under `key`, written atomically. */
export function writeCompiled(cacheDir: string, key: string, output: unknown): Promise<void> {
  return writeCacheEntry(join(cacheDir, 'compiled'), key, output);
}
