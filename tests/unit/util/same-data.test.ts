import { describe, expect, test } from 'vitest';
import { sameData } from '../../../src/util/same-data.ts';

// Dev compares each new site snapshot with the last one this way instead of writing both out as
// JSON: it must say what comparing their JSON would say.
describe('sameData agrees with comparing JSON', () => {
  const navigation = { pageMap: [{ kind: 'MdxPage', route: '/a', title: 'A', frontMatter: { tags: ['x'] } }] };
  const cases: [string, unknown, unknown][] = [
    ['the same object', navigation, navigation],
    ['equal copies', navigation, structuredClone(navigation)],
    ['a title changed deep inside', navigation, { pageMap: [{ ...navigation.pageMap[0], title: 'B' }] }],
    ['a property that is undefined and one that is absent', { a: 1, b: undefined }, { a: 1 }],
    ['an extra property', { a: 1 }, { a: 1, b: 2 }],
    ['an array and an object with its indexes', [1, 2], { 0: 1, 1: 2 }],
    ['arrays of another length', [1, 2], [1, 2, 3]],
    ['null and an empty object', null, {}],
    ['a number and its text', 1, '1'],
    ['dates of the same instant', new Date(5), new Date(5)],
  ];
  for (const [name, a, b] of cases) {
    test(name, () => {
      expect(sameData(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
      expect(sameData(b, a)).toBe(JSON.stringify(a) === JSON.stringify(b));
    });
  }
});
