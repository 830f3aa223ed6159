import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { OutlineCache, survivesJson } from '../../../src/dev/outline-cache.ts';
import { tmp } from '../../helpers.ts';
import type { PageCompileOutput } from '../../../src/pipeline/plugin.ts';

// dev keeps a page's stub in dev-outline.json only when JSON gives it back as it was.
describe('a stub JSON keeps as it is', () => {
  test('plain front matter, headings and empty lists are kept', () => {
    const stub = { frontMatter: { title: 'A', tags: ['x', 'y'], draft: false, order: 2, image: null, nested: { deep: [1, { a: 'b' }] } }, headings: [{ id: '', value: 'A', depth: 1 }], references: [], sections: [] };
    expect(survivesJson(stub)).toBe(true);
    expect(JSON.parse(JSON.stringify(stub))).toEqual(stub);
  });

  test.each([
    ['a date', { date: new Date(0) }],
    ['undefined', { title: undefined }],
    ['NaN', { order: Number.NaN }],
    ['Infinity', [Number.POSITIVE_INFINITY]],
    ['a bigint', { big: 1n }],
    ['a function', { run: () => 1 }],
    ['a Map', { seen: new Map([['a', 1]]) }],
    ['a hole in a list', { list: [1, , 3] }],
  ])('%s is not', (_what, value) => {
    expect(survivesJson(value)).toBe(false);
  });
});

describe('the outline cache', () => {
  test('saves the stubs it was given less their body, and leaves out one JSON would change; the next session gets them by stamp', async () => {
    const dir = tmp();
    const file = join(dir, 'dev-outline.json');
    const cache = await OutlineCache.load(file, 'key');
    const stub: PageCompileOutput = { frontMatter: { title: 'A' }, compiled: { kind: 'html', code: '' }, headings: [], references: [], sections: [] };
    cache.remember('content/a.md', 'stamp-a', { ...stub, body: 'the body' } as PageCompileOutput);
    cache.remember('content/dated.md', 'stamp-d', { ...stub, frontMatter: { date: new Date(0) } as unknown as PageCompileOutput['frontMatter'] });
    await cache.save();
    const next = await OutlineCache.load(file, 'key');
    expect(next.stub('content/a.md', 'stamp-a')).toEqual(stub);
    expect(next.stub('content/a.md', 'stamp-a')).not.toHaveProperty('body');
    expect(next.stub('content/a.md', 'another stamp')).toBeUndefined();
    expect(next.stub('content/dated.md', 'stamp-d')).toBeUndefined();
    rmSync(dir, { recursive: true, force: true });
  });
});
