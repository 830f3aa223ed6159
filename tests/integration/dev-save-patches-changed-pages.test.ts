import { afterEach, describe, expect, test, vi } from 'vitest';
import { PageStore } from '../../src/dev/page-store.ts';
import { useDevServer, type DevServerUnderTest } from '../use-dev-server.ts';

/**
 * After a save, dev's pipeline patches its page list with the pages whose compile changed since its
 * last run (the page store keeps a log of them), not by asking the store for every page's answer:
 * at 10 000 pages that look at every page was 10 ms of each save. What it serves must be what a
 * look at every page would have given.
 */
const PAGES = 30;
const files: Record<string, string> = { 'content/index.md': '# Home\n\nWelcome.\n' };
for (let i = 1; i <= PAGES; i++) files[`content/page-${i}.md`] = `# Page ${i}\n\nThe first text of page ${i}.\n`;

const get = async (url: string) => (await fetch(url)).text();

/** Once dev says its background compile is done (no time limit but the test's: a busy machine only makes it wait longer). */
async function backgroundCompiled(dev: DevServerUnderTest): Promise<void> {
  while (!dev.printed.some((line) => /compiled \d+ more pages? in the background/.test(line))) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('a save in dev', () => {
  // The background compiles the site at once: after it, a page's answer changes only when it is saved.
  const dev = useDevServer(files, { socket: true, backgroundDelayMs: 0 });
  afterEach(() => vi.restoreAllMocks());

  test("asks the store for the saved page's answer, not every page's, and serves every page as saved", async () => {
    await backgroundCompiled(dev);
    for (let i = 1; i <= PAGES; i++) expect(await get(dev.url(`/page-${i}`))).toContain(`The first text of page ${i}.`);
    const asked = vi.spyOn(PageStore.prototype, 'answer');
    await dev.save('content/page-7.md', '# Page 7\n\nThe second text of page 7.\n', 'reload');
    const pagesAsked = new Set(asked.mock.calls.map(([path]) => path));
    expect(pagesAsked.size).toBeLessThan(5);
    expect(pagesAsked.has('content/page-7.md')).toBe(true);

    await dev.save('content/page-12.md', '# Page 12\n\nThe second text of page 12.\n', 'reload');
    await dev.save('content/page-7.md', '# Page 7\n\nThe third text of page 7.\n', 'reload');
    expect(await get(dev.url('/page-7'))).toContain('The third text of page 7.');
    expect(await get(dev.url('/page-12'))).toContain('The second text of page 12.');
    expect(await get(dev.url('/page-3'))).toContain('The first text of page 3.');
    expect(await get(dev.url('/page-7.md'))).toContain('The third text of page 7.');
  });

  test('a save that changes a title is seen in every page\'s sidebar', async () => {
    await dev.save('content/page-20.md', '# Twentieth\n\nRenamed.\n', 'reload');
    expect(await get(dev.url('/page-2'))).toContain('Twentieth');
    expect(await get(dev.url('/page-20'))).toContain('Renamed.');
  });
});

describe('a save in dev, with a plugin that reorders the pages in place', () => {
  // Every plugin is handed the content loader's own array: one that reverses it moves each page
  // away from the index dev's pipeline keeps for it, which must then look at every page again.
  const dev = useDevServer(
    {
      'content/index.md': '# Home\n\nWelcome.\n',
      'content/a.md': '# A\n\nThe first text of a.\n',
      'content/b.md': '# B\n\nThe first text of b.\n',
      'content/c.md': '# C\n\nThe first text of c.\n',
      'docs-gen.config.ts': `import { defineConfig } from 'docs-gen';
export default defineConfig({
  title: 'Reordered',
  plugins: [{ name: 'reverser', contentLoaded({ allContent }) { (allContent['docs-gen:content-loader'] as unknown[]).reverse(); } }],
});
`,
    },
    { socket: true, backgroundDelayMs: 0 },
  );

  test('serves each page as last saved', async () => {
    await backgroundCompiled(dev);
    for (const [page, text] of [['a', 'second'], ['c', 'second'], ['a', 'third'], ['b', 'second']]) {
      await dev.save(`content/${page}.md`, `# ${page.toUpperCase()}\n\nThe ${text} text of ${page}.\n`, 'reload');
      expect(await get(dev.url(`/${page}`))).toContain(`The ${text} text of ${page}.`);
    }
    expect(await get(dev.url('/a'))).toContain('The third text of a.');
    expect(await get(dev.url('/c'))).toContain('The second text of c.');
  });
});
