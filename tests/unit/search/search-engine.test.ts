import { describe, expect, test } from 'vitest';
import { createSearchEngine, excerptOf, markTerms, type TextRun } from '../../../src/shared/search-engine.ts';
import { searchDocument, serializeSearchData, topLevelCategory, type SearchData } from '../../../src/shared/search-index-format.ts';
import { relPages, walrusPages } from './search-test-data.ts';

const plain = (runs: TextRun[]) => runs.map((r) => r.text).join('');
const marked = (runs: TextRun[]) => runs.filter((r) => r.marked).map((r) => r.text);

const DATA: SearchData = {
  ...relPages({ id: 'schema', title: 'Schema' }),
  '/rel/concepts/entities': searchDocument('Entities', [{ id: 'what', title: 'What entities are', text: 'An entity is a thing with an identity.' }]),
  '/rel/concepts/modules': searchDocument('Modules', [{ id: 'intro', title: 'Grouping', text: 'A module groups relations under a name.' }]),
  '/getting-started/quick-start': searchDocument('Quick Start', [{ id: 'engine', title: 'Create an engine', text: 'The relations of your schema live in a database.' }]),
  '/help/titles-only': searchDocument('Zebra Crossing', []),
  ...walrusPages(8, 8),
};

const engine = createSearchEngine(DATA);

describe('the search engine', () => {
  test('ranks a title match above a heading match above a text match', () => {
    const routes = engine.search('schema').pages.map((p) => p.route);
    expect(routes[0]).toBe('/rel/concepts/schema');
    expect(routes).toContain('/getting-started/quick-start');
    expect(routes.indexOf('/rel/concepts/schema')).toBeLessThan(routes.indexOf('/getting-started/quick-start'));
  });

  test('shows a page whose title matches even when no section does', () => {
    const page = engine.search('zebra').pages[0]!;
    expect(page.route).toBe('/help/titles-only');
    expect(page.sections).toEqual([]);
  });

  test('tolerates typos and near misses: aggregaton, entites, modul', () => {
    expect(engine.search('aggregaton').pages[0]?.route).toBe('/rel/ref/expressions/aggregation');
    expect(engine.search('entites').pages[0]?.route).toBe('/rel/concepts/entities');
    expect(engine.search('modul').pages[0]?.route).toBe('/rel/concepts/modules');
  });

  test('gives one hit per section and never the page title as its own section', () => {
    const page = engine.search('schema').pages.find((p) => p.route === '/rel/concepts/schema')!;
    expect(page.sections.map((s) => s.anchor)).toEqual(['declaring']);
    expect(page.sections.map((s) => plain(s.title))).not.toContain('Schema');
  });

  test('returns at most 5 pages and 5 sections per page, and counts every result', () => {
    const results = engine.search('walrus', { pages: 5, sectionsPerPage: 5 });
    expect(results.pages).toHaveLength(5);
    for (const page of results.pages) expect(page.sections.length).toBeLessThanOrEqual(5);
    expect(results.total).toBe(8 * 9);
  });

  test('cuts excerpts at word boundaries and marks the query terms as data', () => {
    const text = `${'lorem ipsum dolor '.repeat(20)}the needle sits here ${'and more words follow '.repeat(20)}`;
    const excerpt = excerptOf(text, ['needle'], 80);
    const shown = plain(excerpt);
    expect(shown.startsWith('…')).toBe(true);
    expect(shown.endsWith('…')).toBe(true);
    const inner = shown.slice(1, -1);
    expect(text).toContain(` ${inner} `);
    expect(marked(excerpt)).toEqual(['needle']);
    expect(marked(markTerms('<b>needle</b>', ['needle']))).toEqual(['needle']);
  });

  test('groups by the hidden top-level category: first segment uppercased, hyphens as spaces', () => {
    expect(topLevelCategory('/getting-started/quick-start')).toBe('GETTING STARTED');
    expect(engine.search('engine').pages[0]?.category).toBe('GETTING STARTED');
  });

  test('ignores what follows the 64th character of a query', () => {
    expect(engine.search(`${'x'.repeat(64)} schema`).pages).toEqual([]);
  });

  test('serializes the same data to the same bytes whatever the insertion order', () => {
    const reversed: SearchData = Object.fromEntries(Object.entries(DATA).reverse());
    expect(serializeSearchData(reversed)).toBe(serializeSearchData(DATA));
  });
});

describe('what counts as a hit', () => {
  test('every query word must be in the section or its page title: one shared word is not a hit', () => {
    expect(engine.search('walrus zebra').pages).toEqual([]);
    expect(engine.search('schema database').pages.map((p) => p.route)).toEqual(['/getting-started/quick-start']);
  });
});
