import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { compileCacheKey, readCompiled, writeCompiled } from '../../../plugins/content-loader/compile-cache.ts';

/** The tool's build id as the test sets it: a rebuilt docs-gen. */
const tool = vi.hoisted(() => ({ buildId: 'build-1' }));
vi.mock('docs-gen', async (importOriginal) => ({ ...(await importOriginal<typeof import('docs-gen')>()), toolBuildId: () => Promise.resolve(tool.buildId) }));

const dir = mkdtempSync(join(tmpdir(), 'compile-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const grammarPath = join(dir, 'rel.tmLanguage.json');
const input = { file: '/site/content/a.md', grammarPath, links: { basePath: '' }, siteHash: 'config-1' };
const isAnything = (value: unknown): value is unknown => value !== undefined;

describe('the key of a compiled page in the persistent cache', () => {
  test('is the same for the same source, input, grammar and tool', async () => {
    writeFileSync(grammarPath, '{"scopeName":"source.rel"}');
    expect(await compileCacheKey('# A', input)).toBe(await compileCacheKey('# A', { ...input }));
  });

  test.each([
    ['the source', () => compileCacheKey('# B', input)],
    ['the links (base path)', () => compileCacheKey('# A', { ...input, links: { basePath: '/docs' } })],
    ['the config or a remark/rehype plugin (site hash)', () => compileCacheKey('# A', { ...input, siteHash: 'config-2' })],
    ['highlighting off', () => compileCacheKey('# A', { ...input, highlight: false })],
  ])('changes with %s', async (_what, otherKey) => {
    writeFileSync(grammarPath, '{"scopeName":"source.rel"}');
    expect(await otherKey()).not.toBe(await compileCacheKey('# A', input));
  });

  test("changes with the tool's build id: a change in the core or the theme, not only in the content loader", async () => {
    writeFileSync(grammarPath, '{"scopeName":"source.rel"}');
    const before = await compileCacheKey('# A', input);
    tool.buildId = 'build-2';
    try {
      expect(await compileCacheKey('# A', input)).not.toBe(before);
    } finally {
      tool.buildId = 'build-1';
    }
  });

  test('changes with the text of the highlighting grammar', async () => {
    writeFileSync(grammarPath, '{"scopeName":"source.rel"}');
    utimesSync(grammarPath, 1_000, 1_000);
    const before = await compileCacheKey('# A', input);
    writeFileSync(grammarPath, '{"scopeName":"source.rel","patterns":[]}');
    utimesSync(grammarPath, 2_000, 2_000);
    expect(await compileCacheKey('# A', input)).not.toBe(before);
  });
});

describe('entries of the persistent cache', () => {
  test('are read back as written', async () => {
    await writeCompiled(dir, 'ab'.repeat(32), { compiled: { kind: 'html', code: '<p>x</p>' } });
    expect(await readCompiled(dir, 'ab'.repeat(32), isAnything)).toEqual({ compiled: { kind: 'html', code: '<p>x</p>' } });
  });

  test('are a miss when absent, torn, or filed under another key', async () => {
    expect(await readCompiled(dir, 'cd'.repeat(32), isAnything)).toBeUndefined();
    await writeCompiled(dir, 'ef'.repeat(32), { a: 1 });
    const torn = join(dir, 'compiled', 'ef', `${'ef'.repeat(32)}.json`);
    writeFileSync(torn, '{"key":"efef');
    expect(await readCompiled(dir, 'ef'.repeat(32), isAnything)).toBeUndefined();
    writeFileSync(torn, JSON.stringify({ key: 'other', value: { a: 1 } }));
    expect(await readCompiled(dir, 'ef'.repeat(32), isAnything)).toBeUndefined();
  });
});
