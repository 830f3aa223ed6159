import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import relOutput from '../../../plugins/rel-output/index.ts';
import type { ContentPage, Diagnostic, PluginContext } from '../../../src/index.ts';
import { tmp } from '../../helpers.ts';

const root = tmp();
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The codes and targets `contentLoaded` reports for `pages`, run on `plugin` as dev runs it again on each save. */
async function reported(plugin: ReturnType<typeof relOutput>, pages: object[]): Promise<string[]> {
  const context = { root, contentDir: join(root, 'content'), publicDir: join(root, 'public'), cacheDir: join(root, '.docs-gen-cache'), persistentCache: false, mode: 'dev', config: { basePath: '' } } as unknown as PluginContext;
  const diagnostics: Diagnostic[] = [];
  await plugin.contentLoaded!({
    content: [],
    allContent: {},
    pages: pages as ContentPage[],
    actions: { report: (d: Omit<Diagnostic, 'plugin' | 'hook'>) => diagnostics.push(d as Diagnostic), setGlobalData: () => {}, setThemeData: () => {}, addRoute: () => {}, setNavigation: () => {}, emitFile: () => {}, note: () => {} },
    context,
  });
  return diagnostics.map((d) => `${d.code} ${d.target}`);
}

describe('rel-output pages run again (dev)', () => {
  test('a page edited to name an output (a new object) is checked; the page it was is not', async () => {
    const plugin = relOutput();
    const plain = { route: '/guide', name: 'guide', sourcePath: 'content/guide.mdx', frontMatter: {}, references: [{ kind: 'link', url: '/a', line: 1, column: 1 }] };
    const other = { route: '/other', name: 'other', sourcePath: 'content/other.mdx', frontMatter: {}, references: [] };
    expect(await reported(plugin, [plain, other])).toEqual([]);
    const edited = { ...plain, references: [...plain.references, { kind: 'rel-output', url: 'example1.json', line: 4, column: 1 }] };
    expect(await reported(plugin, [edited, other])).toEqual(['rel-output-missing example1.json']);
    // Saved back: the old object's kept answer (none) is used again.
    expect(await reported(plugin, [plain, other])).toEqual([]);
  });

  test("a page object seen before is not gone through again: its references are read once", async () => {
    const plugin = relOutput();
    let reads = 0;
    const references = [{ kind: 'rel-output', url: 'example1.json', line: 4, column: 1 }];
    const page = { route: '/guide', name: 'guide', sourcePath: 'content/guide.mdx', frontMatter: {} };
    Object.defineProperty(page, 'references', { get: () => (reads++, references), enumerable: true });
    expect(await reported(plugin, [page])).toEqual(['rel-output-missing example1.json']);
    const first = reads;
    expect(first).toBeGreaterThan(0);
    expect(await reported(plugin, [page])).toEqual(['rel-output-missing example1.json']);
    expect(reads).toBe(first);
  });
});
