// The local search data (seed §7, issue 9): the seed's shape at the seed's path for every
// locale, what the reader sees and nothing else, the same bytes on every build.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { serializeSearchData, type SearchData } from '../../src/shared/search-index-format.ts';
import type { SearchHead, SearchTextPart } from '../../src/shared/search-parts.ts';
import { fixture, tmp } from '../helpers.ts';

const FIXTURE = 'search-data-holds-what-readers-see';
const temporary: string[] = [];
const outs: string[] = [];
const read = (out: string, locale: string) => readFileSync(join(out, '_next/static/chunks', `nextra-data-${locale}.json`), 'utf8');

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const dir = tmp();
    temporary.push(dir);
    const out = join(dir, 'out');
    await build({ root: fixture(FIXTURE), outDir: out });
    outs.push(out);
  }
});
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe('the search data a build writes', () => {
  test('is written for every locale at _next/static/chunks/nextra-data-{locale}.json, byte for byte the same on every build', () => {
    for (const locale of ['en-US', 'fr-FR']) {
      expect(read(outs[0]!, locale)).toBe(read(outs[1]!, locale));
      // Written a piece per page: spelt as the format module spells the whole.
      expect(read(outs[0]!, locale)).toBe(serializeSearchData(JSON.parse(read(outs[0]!, locale)) as SearchData));
    }
    const french = JSON.parse(read(outs[0]!, 'fr-FR')) as SearchData;
    expect(french['/fr-FR/guide/notes']?.title).toBe('Notes en français');
  });

  test('maps each route to its title and its sections keyed heading-id#heading-title', () => {
    const data = JSON.parse(read(outs[0]!, 'en-US')) as SearchData;
    expect(Object.keys(data['/guide']!.data)).toEqual(['', 'declaring-relations#Declaring relations', 'second-section#Second section']);
    expect(data['/guide']!.title).toBe('Schema');
    expect(data['/guide/notes']!.data['where-it-goes#Where it goes']).toBe('Under the guide.');
  });

  test('holds the text a reader sees: component text and code as text, no import lines or markup', () => {
    const section = (JSON.parse(read(outs[0]!, 'en-US')) as SearchData)['/guide']!.data['declaring-relations#Declaring relations']!;
    expect(section).toContain('Alerts say quokka things.');
    expect(section).toContain('component words');
    expect(section).toContain('def output = {1; 2}');
    const all = read(outs[0]!, 'en-US');
    expect(all).not.toContain('import ');
    expect(all).not.toMatch(/<(Alert|Shout|strong)\b/);
    expect(all).not.toContain('**bold**');
  });

  test('holds the cell text of RelOutput tables, in a section of their own and inside an Alert', () => {
    const section = (JSON.parse(read(outs[0]!, 'en-US')) as SearchData)['/guide']!.data['second-section#Second section']!;
    expect(section.split('\n')).toEqual(['Text with bold and inline code.', 'A warning with a table:', 'furniture 2', 'lighting 3', 'furniture 2', 'lighting 3']);
  });

  test('beside it, the same data as the browser fetches it: a head of titles and headings, then the text in parts, byte for byte the same on every build', () => {
    const chunks = (out: string) => join(out, '_next/static/chunks');
    const head = JSON.parse(readFileSync(join(chunks(outs[0]!), 'nextra-search-en-US.json'), 'utf8')) as SearchHead;
    expect(readFileSync(join(chunks(outs[1]!), 'nextra-search-en-US.json'), 'utf8')).toBe(JSON.stringify(head));
    expect(head.parts.length).toBeGreaterThan(0);
    for (const name of head.parts) expect(name).toMatch(/^nextra-search-en-US-\d+\.[0-9a-f]{10}\.json$/);
    // Reassembled, head and parts are the seed's file.
    const texts = head.parts.flatMap((name) => (JSON.parse(readFileSync(join(chunks(outs[0]!), name), 'utf8')) as SearchTextPart).texts);
    const data = JSON.parse(read(outs[0]!, 'en-US')) as SearchData;
    let n = 0;
    const reassembled: SearchData = {};
    for (const [route, title, keys] of head.pages) reassembled[route] = { title, data: Object.fromEntries(keys.map((key) => [key, texts[n++]!])) };
    expect(reassembled).toEqual(data);
    expect(JSON.stringify(head)).not.toContain('quokka');
  });

  test('never repeats the page title as a section of its own page', () => {
    const data = JSON.parse(read(outs[0]!, 'en-US')) as SearchData;
    for (const document of Object.values(data)) for (const key of Object.keys(document.data)) expect(key.slice(key.indexOf('#') + 1)).not.toBe(document.title);
    expect(data['/guide']!.data['']).toContain('The schema intro paragraph.');
  });

  test('leaves out hidden pages, /404, /500 and /search', () => {
    const routes = Object.keys(JSON.parse(read(outs[0]!, 'en-US')) as SearchData);
    expect(routes).not.toContain('/secret');
    for (const special of ['/404', '/500', '/search']) expect(routes).not.toContain(special);
    expect(read(outs[0]!, 'en-US')).not.toContain('zanzibar');
  });
});
