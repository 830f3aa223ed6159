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
    expect(pages).toHaveLength(2);
    expect(readCompiled).toHaveBeenCalledTimes(2);
  });

  test('is looked up once per page when it holds them, and nothing is compiled', async () => {
    vi.mocked(readCompiled).mockClear();
    const compiles = vi.fn(context.compilePage);
    const pages = await contentLoader().loadContent!({ context: { ...context, compilePage: compiles } });
    expect(pages).toHaveLength(2);
    expect(readCompiled).toHaveBeenCalledTimes(2);
    expect(compiles).not.toHaveBeenCalled();
  });
});
