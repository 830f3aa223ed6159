// The local search data (seed §7, issue 9): the seed's shape at the seed's path for every
// locale, what the reader sees and nothing else, the same bytes on every build.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import type { SearchData } from '../../src/shared/search-index-format.ts';
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
    for (const locale of ['en-US', 'fr-FR']) expect(read(outs[0]!, locale)).toBe(read(outs[1]!, locale));
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
