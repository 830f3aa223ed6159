// The search index copies the texts of a page read from the compile cache as the bytes its compile
// spelt (compile-cache.ts `textsPayload`, lazy-sections.ts `sectionsAsJson`), never parsing them:
// its files must be the bytes the texts themselves spell.
import { describe, expect, test } from 'vitest';
import { textsPayload } from '../../../plugins/content-loader/compile-cache.ts';
import searchIndex from '../../../plugins/search-index/index.ts';
import { defineLazySections, outlineOf, sectionsDigest } from '../../../src/build/lazy-sections.ts';
import type { OutputFiles, PluginContext, RouteDefinition, SiteData } from '../../../src/pipeline/plugin.ts';
import { searchDocument, serializeSearchData, type SearchData, type TextSection } from '../../../src/shared/search-index-format.ts';
import { splitSearchData, type SearchHead, TEXT_PART_BYTES } from '../../../src/shared/search-parts.ts';

/** A page's sections as its compile would give them. */
const page = (route: string, title: string, sections: [id: string, heading: string, text: string][]): { route: string; title: string; sections: TextSection[] } => ({
  route,
  title,
  sections: sections.map(([id, heading, text]) => ({ id, title: heading, text })),
});

const pages = [
  // Texts JSON spells otherwise, whitespace it trims at either end, a heading that is the title (its text joins the intro), an empty intro it joins.
  page('/awkward', 'Awkward', [
    ['', '', '\n'],
    ['awkward', 'Awkward', '\u00a0 "Quoted" \\ back\\slash\t€ 😀 \u2028 lone \ud800 half\u3000\n'],
    ['empty', 'Empty', ''],
    ['more', 'More', '\ufeff\r\nMore text.\u2003'],
    ['more', 'More', '  Joined to it.  '],
    ['more', 'More', ' \n '],
  ]),
  // Past a text part's size: its sections go over two parts.
  page('/big', 'Big', [
    ['', '', `${'walrus tusk '.repeat(TEXT_PART_BYTES / 16)}\n`],
    ['second', 'Second', ` ${'seal flipper '.repeat(TEXT_PART_BYTES / 24)}`],
  ]),
  page('/plain', 'Plain', [['', '', 'Intro words.'], ['end', 'End', 'Last words.']]),
];

/** A route as the content loader gives a page read from the compile cache: its sections lazy, their texts never to be parsed. */
function cachedRoute({ route, title, sections }: (typeof pages)[number]): RouteDefinition {
  const definition = { route, title, content: { type: 'html', html: '' } } as RouteDefinition;
  const { json, trimmed } = textsPayload(sections);
  const bytes = Buffer.from(json);
  defineLazySections(definition, outlineOf(sections), sectionsDigest(sections), () => {
    throw new Error(`the texts of ${route} were parsed`);
  }, () => sections.map((_section, i) => bytes.subarray(trimmed[2 * i]!, trimmed[2 * i + 1]!)));
  return definition;
}

/** The search files the plugin writes for `routes`, by path. */
async function searchFiles(routes: RouteDefinition[]): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const output: OutputFiles = {
    write: async (path, contents) => void files.set(path, Buffer.from(contents)),
    writePieces: async (path, pieces) => {
      const made = await Promise.all(pieces.map((piece) => piece.make()));
      files.set(path, Buffer.concat(made.map((part) => (typeof part === 'string' ? Buffer.from(part) : part))));
    },
  };
  const site = { routes, navigation: { 'en-US': { locale: 'en-US', pageMap: [], themeByRoute: {} } }, globalData: {}, themeData: {} } as unknown as SiteData;
  const context = { config: { locales: [{ locale: 'en-US', text: 'English' }], defaultLocale: 'en-US' } } as unknown as PluginContext;
  await searchIndex().postBuild!({ outDir: '', site, context, output });
  return files;
}

describe('the search files of pages read from the compile cache', () => {
  test("are the bytes their texts spell: the seed's file and each text part, as from the texts themselves", async () => {
    const data: SearchData = Object.fromEntries(pages.map(({ route, title, sections }) => [route, searchDocument(title, sections)]));
    // A page not from the cache among them: its texts as they are.
    const files = await searchFiles([cachedRoute(pages[0]!), cachedRoute(pages[1]!), { route: '/plain', title: 'Plain', content: { type: 'html', html: '' }, sections: pages[2]!.sections }]);
    expect(files.get('_next/static/chunks/nextra-data-en-US.json')!.toString('utf8')).toBe(serializeSearchData(data));
    const { pages: headPages, parts } = splitSearchData(data);
    const head = JSON.parse(files.get('_next/static/chunks/nextra-search-en-US.json')!.toString('utf8')) as SearchHead;
    expect(head.pages).toEqual(headPages);
    expect(parts.length).toBeGreaterThan(1);
    expect(head.parts.map((name) => files.get(`_next/static/chunks/${name}`)!.toString('utf8'))).toEqual(parts.map((part) => JSON.stringify(part)));
    // The intro joined by the heading that is the title, after an empty one: no newline before it.
    expect(data['/awkward']!.data['']).toBe('"Quoted" \\ back\\slash\t€ 😀 \u2028 lone \ud800 half');
  });
});
