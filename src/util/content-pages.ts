import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The `.md`/`.mdx` pages a build of `root` will compile, counted by name in the default content
 * folder (`content/`), when it has no compile cache yet or runs without one (`cache` false): 0
 * when it has one (a rebuild may compile none), or has no such folder. A config that names
 * another content folder counts 0 here, and its build is tuned as a small one.
 */
function countPagesToCompile(root: string, cache: boolean): number {
  if (cache && existsSync(join(root, '.docs-gen-cache', 'compiled'))) return 0;
  let pages = 0;
  try {
    for (const name of readdirSync(join(root, 'content'), { recursive: true, encoding: 'utf8' })) if (name.endsWith('.md') || name.endsWith('.mdx')) pages++;
  } catch {
    return 0;
  }
  return pages;
}

/** What `countPagesAhead` found, for the build it was counted for (40 ms of listing at 10 000 pages, not done twice). */
let countedAhead: { root: string; cache: boolean; pages: number } | undefined;

/**
 * `countPagesToCompile`, counted before the CLI loads (the CLI's shim tunes V8 by it,
 * v8-tuning.ts) and kept for the build of that root to take (`pagesToCompile`).
 */
export function countPagesAhead(root: string, cache: boolean): number {
  countedAhead = { root, cache, pages: countPagesToCompile(root, cache) };
  return countedAhead.pages;
}

/** `countPagesToCompile`; the count made ahead for this root and cache setting, once, when there is one (any other call drops it). */
export function pagesToCompile(root: string, cache: boolean): number {
  const ahead = countedAhead;
  countedAhead = undefined;
  return ahead && ahead.root === root && ahead.cache === cache ? ahead.pages : countPagesToCompile(root, cache);
}
