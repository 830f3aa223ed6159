import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { compileCacheKey, readCompiled, writeCompiled } from '../../../plugins/content-loader/compile-cache.ts';
import { cacheFilePath } from '../../../src/util/cache-entry.ts';

/** The tool's build id as the test sets it: a rebuilt docs-gen. */
const tool = vi.hoisted(() => ({ buildId: 'build-1' }));
vi.mock('docs-gen', async (importOriginal) => ({ ...(await importOriginal<typeof import('docs-gen')>()), toolBuildId: () => Promise.resolve(tool.buildId) }));

const dir = mkdtempSync(join(tmpdir(), 'compile-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const grammarPath = join(dir, 'rel.tmLanguage.json');
const input = { file: '/site/content/a.md', grammarPath, links: { basePath: '' }, siteHash: 'config-1' };

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

/** The shape check the content loader makes, loosened: any entry with a compiled kind. */
const isStored = (value: unknown): value is { compiled: { kind: 'html'; code: null }; body: string | number } => typeof (value as { compiled?: { kind?: unknown } } | null)?.compiled?.kind === 'string';
const output = (code: string, body: string) => ({ compiled: { kind: 'html' as const, code }, body });

describe('entries of the persistent cache', () => {
  test('are read back as written: the code from its own file, the body from the source when it is its end', async () => {
    const source = '---\ntitle: X\n---\n# X\n';
    await writeCompiled(dir, 'ab'.repeat(32), source, output('<p>x</p>', '# X\n'));
    const entry = JSON.parse(readFileSync(cacheFilePath(join(dir, 'compiled'), 'ab'.repeat(32), 'json'), 'utf8')) as { value: Record<string, unknown> };
    // Neither the code nor the body is in the entry itself: the body's length stands in its place.
    expect(entry.value).toEqual({ compiled: { kind: 'html', code: null }, body: 4 });
    const read = readCompiled(dir, 'ab'.repeat(32), source, isStored);
    // The same keys in the same order (JSON of a page read back spells it as the compile did).
    expect(JSON.stringify(read)).toBe(JSON.stringify(output('<p>x</p>', '# X\n')));
    const withPositions = { frontMatter: { title: 'X' }, body: '# X\n', compiled: { kind: 'function-body' as const, code: 'return 1', positions: [[0, 1]] }, headings: [] };
    await writeCompiled(dir, 'ae'.repeat(32), source, withPositions as unknown as ReturnType<typeof output>);
    expect(JSON.stringify(readCompiled(dir, 'ae'.repeat(32), source, isStored))).toBe(JSON.stringify(withPositions));
    // A body that is not the source's end (a compile that normalised it) is kept as it is.
    await writeCompiled(dir, 'ac'.repeat(32), source, output('<p>y</p>', '# Y\n'));
    expect(readCompiled(dir, 'ac'.repeat(32), source, isStored)?.body).toBe('# Y\n');
  });

  test('read their code only when asked for it, and structured clones (a worker\'s message) carry it', async () => {
    const source = '# Lazy\n';
    await writeCompiled(dir, 'ad'.repeat(32), source, output('<h1>Lazy</h1>', source));
    const read = readCompiled(dir, 'ad'.repeat(32), source, isStored)!;
    const file = cacheFilePath(join(dir, 'compiled'), 'ad'.repeat(32), 'code');
    // Changed behind the entry's back before anything asked: the code read is the file's now, so it was not read at look-up.
    writeFileSync(file, '<h1>Later</h1>');
    expect(structuredClone(read.compiled)).toEqual({ kind: 'html', code: '<h1>Later</h1>' });
    writeFileSync(file, '<h1>Changed again</h1>');
    // Read once: the second question is answered from memory.
    expect(read.compiled.code).toBe('<h1>Later</h1>');
  });

  test('are a miss when absent, torn, filed under another key, or without their code file', async () => {
    expect(readCompiled(dir, 'cd'.repeat(32), '', isStored)).toBeUndefined();
    await writeCompiled(dir, 'ef'.repeat(32), '', output('<p>x</p>', ''));
    expect(readCompiled(dir, 'ef'.repeat(32), '', isStored)).toBeDefined();
    const torn = cacheFilePath(join(dir, 'compiled'), 'ef'.repeat(32), 'json');
    writeFileSync(torn, '{"key":"efef');
    expect(readCompiled(dir, 'ef'.repeat(32), '', isStored)).toBeUndefined();
    writeFileSync(torn, JSON.stringify({ key: 'other', value: { compiled: { kind: 'html', code: null }, body: 0 } }));
    expect(readCompiled(dir, 'ef'.repeat(32), '', isStored)).toBeUndefined();
    await writeCompiled(dir, 'ef'.repeat(32), '', output('<p>x</p>', ''));
    rmSync(cacheFilePath(join(dir, 'compiled'), 'ef'.repeat(32), 'code'));
    expect(readCompiled(dir, 'ef'.repeat(32), '', isStored)).toBeUndefined();
  });
});
