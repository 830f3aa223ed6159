import { describe, expect, test } from 'vitest';
import { survivesJson } from '../../../src/dev/outline-cache.ts';

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
