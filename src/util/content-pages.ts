import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { contentRoute } from '../content/content-route.ts';
import { direntPath } from './dirent-path.ts';

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

/**
 * The file where the content loader keeps what the last build learnt of the sources of
 * `contentDir` (absolute; `source-index.ts`): a build that read a page it did not know rewrites it.
 */
export function sourceIndexFile(cacheDir: string, contentDir: string): string {
  return join(cacheDir, 'sources', `${createHash('sha256').update(contentDir).digest('hex').slice(0, 16)}.json`);
}

/**
 * The largest source index (`sourceIndexFile`, about 250 bytes a page) whose site
 * `editedSinceLastBuild` lists and stats, about a thousand pages. A larger site's main thread has
 * more of its own work before its first compile than a worker takes to start, and the check's
 * stats would be paid by every rebuild.
 */
export const SMALL_SITE_INDEX_BYTES = 256 * 1024;

/**
 * Whether a page of a small site with a compile cache (under the default content folder,
 * `content/`, found as the content loader finds pages: a regular file that `contentRoute` takes
 * for one, `.md` or `.mdx` with no segment of its path starting with `_` or `.`) was written after
 * the last build wrote its source index: its rebuild will most likely compile that page. A guess, which decides only when a worker starts. A
 * page touched without a change is taken for edited once: the rebuild reads it and writes the
 * index again (as does a `check`, which reads the sources too). A site with no index, or a larger
 * one, is not looked at.
 */
export function editedSinceLastBuild(root: string): boolean {
  const contentDir = join(root, 'content');
  try {
    const index = statSync(sourceIndexFile(join(root, '.docs-gen-cache'), contentDir));
    if (index.size > SMALL_SITE_INDEX_BYTES) return false;
    for (const entry of readdirSync(contentDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = direntPath(entry);
      // A page as the content loader finds one (a locale only names its route: none are needed here).
      if (!contentRoute(path.slice(contentDir.length + 1), [], '')) continue;
      const page = statSync(path, { throwIfNoEntry: false });
      // The change time too: a file written and its modification time set back (`touch -r`) has a new one.
      if (page && Math.max(page.mtimeMs, page.ctimeMs) > index.mtimeMs) return true;
    }
  } catch {
    // No index (a first build, or a cache without one), or no content folder.
  }
  return false;
}

/**
 * The command of the CLI's arguments, read before the CLI loads: the first argument that is not an
 * option (no option before it takes a value: `--debug` alone, src/cli.ts).
 */
export const commandOf = (args: readonly string[]): string | undefined => args.find((arg) => !arg.startsWith('-'));

/** The root a `build` with these arguments builds: `--root`'s, `.` by default, as the CLI's. */
export function buildRootOf(args: readonly string[]): string {
  let root = '.';
  args.forEach((arg, i) => {
    if (arg === '--root' && args[i + 1] !== undefined) root = args[i + 1]!;
    else if (arg.startsWith('--root=')) root = arg.slice('--root='.length);
  });
  return resolve(root);
}
