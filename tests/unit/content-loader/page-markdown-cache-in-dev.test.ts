import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { readCacheEntry } from 'docs-gen';
import contentLoader from '../../../plugins/content-loader/index.ts';
import type { PageMarkdownInput } from '../../../plugins/content-loader/page-markdown.ts';
import { pageMarkdownCache, type RememberedMarkdown } from '../../../plugins/content-loader/page-markdown-cache.ts';
import { plainOutputFiles } from '../../../src/pipeline/output-files.ts';
import type { ContentPage, PluginActions, PluginContext, RouteDefinition } from '../../../src/pipeline/plugin.ts';
import { tempSite } from '../../helpers.ts';
import { inThreadContext } from './in-thread-context.ts';

// Every read of a persistent cache entry, counted (the Markdown cache's are those under markdown/).
vi.mock('docs-gen', async (importOriginal) => {
  const original = await importOriginal<typeof import('docs-gen')>();
  return { ...original, readCacheEntry: vi.fn(original.readCacheEntry) };
});
const markdownEntriesRead = () => vi.mocked(readCacheEntry).mock.calls.filter(([dir]) => dir.endsWith('markdown')).length;

// Each page has a relative link, which its Markdown spells as the built site's: a parse, so the cache (a page that needs none is made on the spot).
const site = tempSite({
  'content/index.md': '# Home\n\nWelcome, read the [guide](./guide).\n',
  'content/guide.md': '# Guide\n\nRead on, then the [FAQ](./faq).\n',
  'content/faq.md': '# FAQ\n\nAsk, or go [home](./).\n',
});
afterAll(site.cleanup);
const outDir = join(site.root, 'out');

let context: PluginContext;
beforeAll(async () => {
  context = await inThreadContext(site.root, 'dev');
});

describe("dev's postBuild, the content loader staying loaded between edits", () => {
  const loader = contentLoader();
  /** What dev does after an edit: the content hooks again, then postBuild on the output folder. */
  const refreshAndPostBuild = async () => {
    const content = (await loader.loadContent!({ context })) as ContentPage[];
    const routes: RouteDefinition[] = [];
    const actions = { addRoute: (route: RouteDefinition) => routes.push(route), emitFile: () => {} } as unknown as PluginActions;
    await loader.contentLoaded!({ content, allContent: {}, pages: content, actions, context });
    await loader.postBuild!({ outDir, site: { routes, navigation: {}, globalData: {}, themeData: {} }, context, output: plainOutputFiles(outDir) });
  };

  test("reads only the edited page's Markdown from the cache, not every page's", async () => {
    await refreshAndPostBuild();
    vi.mocked(readCacheEntry).mockClear();
    writeFileSync(join(site.root, 'content/guide.md'), '# Guide\n\nRead on, edited, then the [FAQ](./faq).\n');
    await refreshAndPostBuild();
    expect(markdownEntriesRead()).toBe(1);
    expect(readFileSync(join(outDir, 'llms-full.txt'), 'utf8')).toContain('Read on, edited, then the [FAQ](/faq)');
    expect(readFileSync(join(outDir, 'faq.md'), 'utf8')).toContain('Ask, or go [home](/)');
  });

  test('reads nothing from the cache for a page whose Markdown needs no parse', async () => {
    writeFileSync(join(site.root, 'content/faq.md'), '# FAQ\n\nAsk, or go [home](/).\n');
    await refreshAndPostBuild();
    vi.mocked(readCacheEntry).mockClear();
    writeFileSync(join(site.root, 'content/faq.md'), '# FAQ\n\nAsk again, or go [home](/).\n');
    await refreshAndPostBuild();
    expect(markdownEntriesRead()).toBe(0);
    expect(readFileSync(join(outDir, 'faq.md'), 'utf8')).toBe('# FAQ\n\nAsk again, or go [home](/).\n');
  });
});

describe('the Markdown remembered between runs', () => {
  test("holds the last run's pages alone: an edited page's old Markdown is forgotten", async () => {
    const remembered: RememberedMarkdown = new Map();
    const page = (body: string): PageMarkdownInput => ({ body, format: 'md', title: 'Page', pageRoute: '/page', links: { pageRoute: '/page', folderRoute: '/', hrefPrefix: '', basePath: '', sourceFolder: 'content' } });
    const convert = vi.fn((input: PageMarkdownInput) => Promise.resolve(input.body));
    // A relative link: each body needs a parse (else it is made without the cache).
    for (const body of ['first [a](./a)', 'second [a](./a)', 'second [a](./a)']) {
      const cache = await pageMarkdownCache({ ...context, persistentCache: false }, convert, undefined, remembered);
      expect(await cache.markdownOf(page(body))).toBe(body);
      cache.finish();
    }
    expect([...remembered.values()]).toEqual(['second [a](./a)']);
    // The unchanged third run converted nothing.
    expect(convert).toHaveBeenCalledTimes(2);
  });
});
