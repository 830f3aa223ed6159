// The keys the search files are written in pieces by (OutputFiles.writePieces): a rebuild copies or
// links a piece whose key the last build's file held, so one key must never stand for two texts.
import { describe, expect, test } from 'vitest';
import { documentKey, textPartKeys } from '../../../plugins/search-index/index.ts';
import { searchDocument, type SearchData } from '../../../src/shared/search-index-format.ts';
import { splitSearchData } from '../../../src/shared/search-parts.ts';
import { walrusPages } from './search-test-data.ts';

const PART_BYTES = 400;
const BASE: SearchData = walrusPages(12, 4, (page, section) => `walrus ${page}.${section} ${'tusk words '.repeat(3 + ((page * 7 + section) % 5))}`);

/** The parts of `data`, each with its key and its text as its file holds it. */
function keyedParts(data: SearchData): { key: string; json: string }[] {
  const { pages, parts } = splitSearchData(data, PART_BYTES);
  const pageKeys = pages.map(([route]) => documentKey('tool', route, data[route]!));
  const keys = textPartKeys('tool', pages, pageKeys, parts.map((part) => ({ first: part.first, count: part.texts.length })));
  return parts.map((part, n) => ({ key: keys[n]!, json: JSON.stringify(part) }));
}

/** How many of the parts of `data` hold some section of the page at `route`. */
function partsHolding(data: SearchData, route: string): number {
  const { pages, parts } = splitSearchData(data, PART_BYTES);
  let first = 0;
  for (const [at, , keys] of pages) {
    if (at === route) return parts.filter((part) => part.first < first + keys.length && part.first + part.texts.length > first).length;
    first += keys.length;
  }
  return 0;
}

/** `data` with the page at `route` replaced (or removed, or added). */
const withPage = (data: SearchData, route: string, document?: SearchData[string]): SearchData => {
  const copy = { ...data };
  if (document) copy[route] = document;
  else delete copy[route];
  return copy;
};

const routes = Object.keys(BASE).sort();
const edits: Record<string, SearchData> = {
  'a section edited, the same length': withPage(BASE, routes[5]!, { ...BASE[routes[5]!]!, data: { ...BASE[routes[5]!]!.data, [Object.keys(BASE[routes[5]!]!.data)[1]!]: 'x'.repeat(Object.values(BASE[routes[5]!]!.data)[1]!.length) } }),
  'a section longer': withPage(BASE, routes[2]!, searchDocument('Longer', [{ id: 'a', title: 'A', text: 'walrus '.repeat(200) }])),
  'a page removed': withPage(BASE, routes[7]!),
  'a page added': withPage(BASE, '/a-first-page', searchDocument('First', [{ id: 'b', title: 'B', text: 'tusks' }])),
  'a title changed': withPage(BASE, routes[9]!, { ...BASE[routes[9]!]!, title: 'Renamed' }),
  'a section key changed': withPage(BASE, routes[3]!, { title: BASE[routes[3]!]!.title, data: Object.fromEntries(Object.entries(BASE[routes[3]!]!.data).map(([key, text], i) => [i === 1 ? `${key}-renamed` : key, text])) }),
  'a page without sections': withPage(BASE, routes[4]!, { title: 'Empty', data: {} }),
};

describe('the keys of the search text parts', () => {
  test('are one per part, and differ between parts', () => {
    const parts = keyedParts(BASE);
    expect(parts.length).toBeGreaterThan(5);
    expect(new Set(parts.map((part) => part.key)).size).toBe(parts.length);
  });

  test.each(Object.keys(edits))('%s: a key the last build had stands for the same text, and the parts holding the change have new keys', (name) => {
    const before = new Map(keyedParts(BASE).map((part) => [part.key, part.json]));
    const after = keyedParts(edits[name]!);
    let kept = 0;
    for (const part of after) {
      const old = before.get(part.key);
      if (old === undefined) continue;
      expect(part.json).toBe(old);
      kept++;
    }
    // Some part changed, and (but for changes that move every later boundary) some part is kept.
    expect(after.some((part) => !before.has(part.key))).toBe(true);
    // A text edited in place moves no boundary: every part but those holding that page's sections is kept.
    if (name === 'a section edited, the same length') expect(kept).toBe(after.length - partsHolding(BASE, routes[5]!));
  });

  test("a page's key changes with its route, title, section keys or any text", () => {
    const document = searchDocument('T', [{ id: 'a', title: 'A', text: 'one' }, { id: 'b', title: 'B', text: 'two' }]);
    const keys = [
      documentKey('tool', '/p', document),
      documentKey('tool', '/q', document),
      documentKey('other tool', '/p', document),
      documentKey('tool', '/p', { ...document, title: 'U' }),
      documentKey('tool', '/p', { ...document, data: { 'a#A': 'one', 'b#B': 'twO' } }),
      documentKey('tool', '/p', { ...document, data: { 'a#A': 'one', 'b#C': 'two' } }),
      // The same texts split otherwise.
      documentKey('tool', '/p', { ...document, data: { 'a#A': 'onet', 'b#B': 'wo' } }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
