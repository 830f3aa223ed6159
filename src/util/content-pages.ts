import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The pages a build will compile: all of them, and of those the `.mdx` ones. */
export interface PageCount {
  readonly pages: number;
  readonly mdxPages: number;
}

/** The count of a build that compiles no page (one with a compile cache, or without `content/`). */
export const NO_PAGES: PageCount = { pages: 0, mdxPages: 0 };

/**
 * The `.md`/`.mdx` pages a build of `root` will compile, counted by name in the default content
 * folder (`content/`), when it has no compile cache yet or runs without one (`cache` false): none
 * when it has one (a rebuild may compile none), or has no such folder. A config that names
 * another content folder counts none here, and its build is tuned as a small one.
 */
function countPagesToCompile(root: string, cache: boolean): PageCount {
  if (cache && existsSync(join(root, '.docs-gen-cache', 'compiled'))) return NO_PAGES;
  let pages = 0;
  let mdxPages = 0;
  try {
    for (const name of readdirSync(join(root, 'content'), { recursive: true, encoding: 'utf8' })) {
      if (name.endsWith('.md')) pages++;
      else if (name.endsWith('.mdx')) {
        pages++;
        mdxPages++;
      }
    }
  } catch {
    return NO_PAGES;
  }
  return { pages, mdxPages };
}

/** What `countPagesAhead` found, for the build it was counted for (40 ms of listing at 10 000 pages, not done twice). */
let countedAhead: { root: string; cache: boolean; count: PageCount } | undefined;

/**
 * `countPagesToCompile`, counted before the CLI loads (the CLI's shim tunes V8 by it,
 * v8-tuning.ts) and kept for the build of that root to take (`pagesToCompile`).
 */
export function countPagesAhead(root: string, cache: boolean): PageCount {
  countedAhead = { root, cache, count: countPagesToCompile(root, cache) };
  return countedAhead.count;
}

/** `countPagesToCompile`; the count made ahead for this root and cache setting, once, when there is one (any other call drops it). */
export function pagesToCompile(root: string, cache: boolean): number {
  const ahead = countedAhead;
  countedAhead = undefined;
  return (ahead && ahead.root === root && ahead.cache === cache ? ahead.count : countPagesToCompile(root, cache)).pages;
}
