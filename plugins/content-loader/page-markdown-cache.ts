import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { readCacheEntry, toolBuildId, writeCacheEntry, type PluginContext } from 'docs-gen';
import { markdownWithoutParse, type PageMarkdownInput } from './page-markdown.ts';

/**
 * The persistent cache of pages' clean Markdown (`<cacheDir>/markdown/`), for `<route>.md` and
 * `llms-full.txt`. Converting a page parses it with the MDX parser (micromark): on a warm build
 * of 2000 pages that was most of the CPU time. The key is the page's input (its body as the
 * compile read it, or the compile key it follows from; title, description, links) and what every page shares: the tool's build id and the Rel outputs'
 * tables (hashed once per build, not once per page).
 */
export interface PageMarkdownCache {
  /**
   * The key of the page's Markdown: a hash of its input and of what every page shares. With the
   * key the page's compile was filed under (`compileKey`), that key stands for the body and the
   * clean Markdown, which both follow from what it hashes, and the input need not hold them: a
   * rebuild does not read the source of a page it leaves alone.
   */
  keyOf(input: MarkdownKeyInput, compileKey?: string): string;
  /** The page's Markdown (`key` its `keyOf`, when known): made on the spot when it needs no parse, else remembered from the last run, else from the cache, else converted in the pool (then kept). */
  markdownOf(input: PageMarkdownInput, key?: string): Promise<string>;
  /** Ends the run: what the remembered Markdown holds from now on is this run's pages alone. */
  finish(): void;
}

/**
 * Each page's Markdown by its key, from the plugin's last run. The content loader keeps one for as
 * long as it is loaded: dev runs `postBuild` after edits, and without it every page's entry was
 * read from disk (synchronously: a blocked event loop for the whole site per edit); with it only
 * the pages whose input changed are.
 */
export type RememberedMarkdown = Map<string, string>;

/** What a page's Markdown key reads of its input: all of it, but the body and clean Markdown only without a compile key. */
export type MarkdownKeyInput = Omit<PageMarkdownInput, 'body' | 'cleanMarkdown'> & Partial<Pick<PageMarkdownInput, 'body' | 'cleanMarkdown'>>;

const isText = (value: unknown): value is string => typeof value === 'string';

/** A cache for this run; with `--no-cache` nothing is read from disk or kept there (what is remembered is this process's own). */
export async function pageMarkdownCache(
  context: PluginContext,
  convert: (input: PageMarkdownInput) => Promise<string>,
  relOutputs: PageMarkdownInput['relOutputs'],
  remembered: RememberedMarkdown = new Map(),
): Promise<PageMarkdownCache> {
  const dir = join(context.cacheDir, 'markdown');
  const shared = createHash('sha256').update(await toolBuildId()).update('\0').update(JSON.stringify(relOutputs ?? null)).digest('hex');
  const used = new Set<string>();
  const markdownOnDisk = async (key: string, input: PageMarkdownInput): Promise<string> => {
    if (!context.persistentCache) return convert(input);
    const cached = await readCacheEntry(dir, key, isText);
    if (cached !== undefined) return cached;
    const markdown = await convert(input);
    await writeCacheEntry(dir, key, markdown);
    return markdown;
  };
  // The page's texts go into the hash as they are, length-prefixed, and the rest as JSON: spelling
  // the whole input as JSON escaped every body, a third of a one-page rebuild's Markdown work.
  // After the JSON, a compile key's tag is a letter and a body's length a digit: the two never meet.
  const keyOf = (input: MarkdownKeyInput, compileKey?: string) => {
    const { relOutputs: _shared, body, cleanMarkdown, ...own } = input;
    const hash = createHash('sha256').update(shared).update('\0').update(JSON.stringify(own));
    if (compileKey !== undefined) return hash.update(`\0compiled:${compileKey}`).digest('hex');
    if (body === undefined) throw new Error(`the Markdown key of ${input.pageRoute} needs its body or its compile key`);
    hash.update(`\0${body.length}:`).update(body);
    if (cleanMarkdown !== undefined) hash.update(`\0${cleanMarkdown.length}:`).update(cleanMarkdown);
    return hash.digest('hex');
  };
  return {
    keyOf,
    async markdownOf(input, knownKey) {
      // Made on the spot when no parse is needed: cheaper than hashing the input and reading the cache.
      const unparsed = markdownWithoutParse(input);
      if (unparsed !== undefined) return unparsed;
      const key = knownKey ?? keyOf(input);
      used.add(key);
      const known = remembered.get(key);
      if (known !== undefined) return known;
      const markdown = await markdownOnDisk(key, input);
      remembered.set(key, markdown);
      return markdown;
    },
    finish() {
      // A page edited or removed leaves its old Markdown behind: dev's memory stays flat over edits.
      for (const key of remembered.keys()) if (!used.has(key)) remembered.delete(key);
    },
  };
}
