// What the browser downloads to search (issue 9): a head of titles and headings, then the text in
// parts; the engine answers from the head at once and, once every part is in, exactly as the
// engine built from the whole data.
import { describe, expect, test } from 'vitest';
import { createSearchEngine, createSearchEngineFromHead } from '../../../src/shared/search-engine.ts';
import { searchDocument, type SearchData } from '../../../src/shared/search-index-format.ts';
import { splitSearchData } from '../../../src/shared/search-parts.ts';
import { relPages, walrusPages } from './search-test-data.ts';

const DATA: SearchData = {
  ...relPages({ id: '', title: '' }),
  '/help/quokka': searchDocument('Marsupials', [{ id: 'habits', title: 'Habits', text: 'The quokka smiles; a quokkas colony sleeps by day.' }]),
  ...walrusPages(30, 6, (page, section) => `walrus text ${section} tusk${page} ${'filler words '.repeat(10)}`),
};
const QUERIES = ['schema', 'quokka', 'quoka', 'walrus tusk7', 'aggregaton', 'relations of a model', 'sleeps', 'filler', 'tusk2'];

describe('the search data in parts', () => {
  test('the head holds routes, titles and section keys in route order; the parts hold the texts, each about the part size', () => {
    const { pages, parts } = splitSearchData(DATA, 2000);
    expect(pages[0]).toEqual(['/help/quokka', 'Marsupials', ['habits#Habits']]);
    expect(JSON.stringify(pages)).not.toContain('smiles');
    expect(parts.length).toBeGreaterThan(3);
    const texts = parts.flatMap((part) => part.texts);
    expect(texts.length).toBe(pages.reduce((n, page) => n + page[2].length, 0));
    parts.forEach((part, n) => {
      expect(part.first).toBe(n === 0 ? 0 : parts[n - 1]!.first + parts[n - 1]!.texts.length);
      // Closed at the first section that brings it past the size: never more than one section over.
      expect(part.texts.slice(0, -1).join('').length).toBeLessThan(2000);
    });
    expect(texts[0]).toBe('The quokka smiles; a quokkas colony sleeps by day.');
  });

  test('titles are searched from the head at once, headings once indexed, marked as not complete until the end', () => {
    const engine = createSearchEngineFromHead(splitSearchData(DATA).pages);
    expect(engine.search('marsupials').pages.map((page) => page.route)).toEqual(['/help/quokka']);
    expect(engine.search('habits').pages).toEqual([]);
    expect(engine.addHeadings(100)).toBe(engine.sectionCount - 100);
    while (engine.addHeadings(100) > 0);
    const results = engine.search('habits');
    expect(results.pages.map((page) => page.route)).toEqual(['/help/quokka']);
    expect(results.complete).toBe(false);
    expect(engine.search('smiles').pages).toEqual([]);
  });

  test('fed part by part, in any slices, it answers every query exactly as the engine built at once', () => {
    const whole = createSearchEngine(DATA);
    const { pages, parts } = splitSearchData(DATA, 1500);
    const partial = createSearchEngineFromHead(pages);
    let notified = 0;
    partial.subscribe(() => notified++);
    while (partial.addHeadings(13) > 0);
    for (const part of parts) {
      for (let at = 0; at < part.texts.length; at += 7) partial.addText(part.first + at, part.texts.slice(at, at + 7));
      partial.notify();
    }
    partial.finish();
    expect(notified).toBe(parts.length + 1);
    for (const query of QUERIES) expect(partial.search(query), query).toEqual(whole.search(query));
    expect(partial.search('quokka').complete).toBe(true);
  });
});
