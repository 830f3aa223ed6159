import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { readCacheEntry, toolBuildId, writeCacheEntry, type PluginContext } from 'docs-gen';
import type { PageMarkdownInput } from './page-markdown.ts';

/**
 * The persistent cache of pages' clean Markdown (`<cacheDir>/markdown/`), for `<route>.md` and
 * `llms-full.txt`. Converting a page parses it with the MDX parser (micromark): on a warm build
 * of 2000 pages that was most of the CPU time. The key is the page's input (its body as the
 * compile read it, title, description, links) and what every page shares: the tool's build id and the Rel outputs'
 * tables (hashed once per build, not once per page).
 */
export interface PageMarkdownCache {
  /** The page's Markdown, from the cache or converted in the pool (then kept). */
  markdownOf(input: PageMarkdownInput): Promise<string>;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** A cache for this build; with `--no-cache` every page is converted and nothing kept. */
export async function pageMarkdownCache(context: PluginContext, convert: (input: PageMarkdownInput) => Promise<string>, relOutputs: PageMarkdownInput['relOutputs']): Promise<PageMarkdownCache> {
  if (!context.persistentCache) return { markdownOf: convert };
  const dir = join(context.cacheDir, 'markdown');
  const shared = createHash('sha256').update(await toolBuildId()).update('\0').update(JSON.stringify(relOutputs ?? null)).digest('hex');
  return {
    async markdownOf(input) {
      const { relOutputs: _shared, ...own } = input;
      const key = createHash('sha256').update(shared).update('\0').update(JSON.stringify(own)).digest('hex');
      const cached = await readCacheEntry(dir, key, isText);
      if (cached !== undefined) return cached;
      const markdown = await convert(input);
      await writeCacheEntry(dir, key, markdown);
      return markdown;
    },
  };
}
