// The relevance table (issue 9) over the real site, through the code the browser runs: the
// search loader fetches the head and text parts the build wrote (fetch answered from out/) and
// feeds the shared engine part by part, exactly as in the navbar box.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { MAX_PAGE_RESULTS, MAX_SECTION_RESULTS_PER_PAGE, type SearchEngine } from '../../src/shared/search-engine.ts';
import { loadSearchEngine } from '../../theme/client/search-loader.ts';
import { relSiteBuiltOnce } from '../rel-site-once.ts';
import { RELEVANCE_TABLE } from './search-relevance-table.ts';

let engine: SearchEngine;
let out: string;
beforeAll(async () => {
  out = await relSiteBuiltOnce();
});
// A hook of its own: the build above is most of a busy machine's time, this is the loading.
beforeAll(async () => {
  vi.stubGlobal('fetch', async (url: string) => new Response(await readFile(join(out, url)), { headers: { 'content-type': 'application/json' } }));
  engine = await loadSearchEngine('', 'en-US', 'en-US');
  // Every text part in: the results the reader gets once loading is over.
  await new Promise<void>((resolve) => {
    if (engine.search('relation').complete) resolve();
    else engine.subscribe?.(() => engine.search('relation').complete && resolve());
  });
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('the relevance table: the page a reader needs is among the first three', () => {
  test('has at least 40 rows of every kind', () => {
    expect(RELEVANCE_TABLE.length).toBeGreaterThanOrEqual(40);
    for (const kind of ['title', 'synonym', 'question', 'identifier', 'misspelling']) expect(RELEVANCE_TABLE.some((row) => row.kind === kind)).toBe(true);
  });

  test.each(RELEVANCE_TABLE)('$kind: "$query"', ({ query, top3 }) => {
    const first = engine.search(query, { pages: MAX_PAGE_RESULTS, sectionsPerPage: MAX_SECTION_RESULTS_PER_PAGE }).pages.slice(0, 3).map((page) => page.route);
    for (const route of top3) expect(first, `${route} among the first three for "${query}"`).toContain(route);
  });
});
