import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import contentLoader from '../../../plugins/content-loader/index.ts';
import { readCompiled } from '../../../plugins/content-loader/compile-cache.ts';
import type { PluginContext } from '../../../src/pipeline/plugin.ts';
import { tempSite } from '../../helpers.ts';
import { inThreadContext } from './in-thread-context.ts';

// Every look-up in the persistent cache of compiled pages, counted.
vi.mock('../../../plugins/content-loader/compile-cache.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../plugins/content-loader/compile-cache.ts')>();
  return { ...original, readCompiled: vi.fn(original.readCompiled) };
});

const site = tempSite({
  'content/index.md': '# Home\n\nWelcome.\n',
  'content/guide.md': '# Guide\n\nRead on.\n',
  'content/zebra.md': '# Zebra\n\nStripes.\n',
});
afterAll(site.cleanup);

let context: PluginContext;
beforeAll(async () => {
  context = await inThreadContext(site.root, 'build');
});

describe('the persistent cache of compiled pages, in a build', () => {
  test('is looked up once per page when it misses: the task does not look again', async () => {
    vi.mocked(readCompiled).mockClear();
    const pages = await contentLoader().loadContent!({ context });
    expect(pages).toHaveLength(3);
    expect(readCompiled).toHaveBeenCalledTimes(3);
  });

  test('is looked up once per page when it holds them, and nothing is compiled', async () => {
    vi.mocked(readCompiled).mockClear();
    const compiles = vi.fn(context.compilePage);
    const pages = await contentLoader().loadContent!({ context: { ...context, compilePage: compiles } });
    expect(pages).toHaveLength(3);
    expect(readCompiled).toHaveBeenCalledTimes(3);
    expect(compiles).not.toHaveBeenCalled();
  });

  test('is looked up for the most recently modified page first: an edited page is compiled before the others are looked up', async () => {
    // The last page in the files' order, edited last.
    writeFileSync(join(site.root, 'content/zebra.md'), '# Zebra\n\nStripes, edited.\n');
    const [older, newer] = [new Date(Date.now() - 60_000), new Date()];
    for (const file of ['guide.md', 'index.md']) utimesSync(join(site.root, 'content', file), older, older);
    utimesSync(join(site.root, 'content/zebra.md'), newer, newer);
    vi.mocked(readCompiled).mockClear();
    const lookedUpBeforeCompile: number[] = [];
    const compiles = vi.fn((task: Parameters<PluginContext['compilePage']>[0]) => {
      lookedUpBeforeCompile.push(vi.mocked(readCompiled).mock.calls.length);
      return context.compilePage(task);
    });
    const pages = await contentLoader().loadContent!({ context: { ...context, compilePage: compiles } });
    expect(compiles).toHaveBeenCalledTimes(1);
    expect(compiles.mock.calls[0]![0].sourcePath).toBe(join('content', 'zebra.md'));
    // Its own look-up alone came before.
    expect(lookedUpBeforeCompile).toEqual([1]);
    // The pages still come in the files' order.
    expect(pages.map((page) => page.route)).toEqual(['/guide', '/', '/zebra']);
  });

  test("report compile errors in the files' order, though the newest page is compiled first", async () => {
    const broken = tempSite({
      'content/alpha.md': '---\ntitle: [unclosed\n---\n# Alpha\n',
      'content/omega.md': '---\ntitle: [unclosed\n---\n# Omega\n',
    });
    try {
      const [older, newer] = [new Date(Date.now() - 60_000), new Date()];
      utimesSync(join(broken.root, 'content/alpha.md'), older, older);
      utimesSync(join(broken.root, 'content/omega.md'), newer, newer);
      const brokenContext = await inThreadContext(broken.root, 'build');
      const error = await Promise.resolve(contentLoader().loadContent!({ context: brokenContext })).then(() => undefined, (e: unknown) => e as { diagnostics?: { file?: string }[] });
      expect(error?.diagnostics?.map((d: { file?: string }) => d.file)).toEqual([join('content', 'alpha.md'), join('content', 'omega.md')]);
    } finally {
      broken.cleanup();
    }
  });

  test('that fails for the newest page, while it is looked up alone, is the loader\'s error, not an unhandled rejection', async () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(site.root, 'content/index.md'), later, later);
    vi.mocked(readCompiled).mockImplementationOnce(() => {
      throw new Error('the disk went away');
    });
    await expect(contentLoader().loadContent!({ context })).rejects.toThrow('the disk went away');
  });
});
