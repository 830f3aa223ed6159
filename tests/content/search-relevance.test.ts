// The relevance table (issue 9) over the real site, through the engine the browser runs.
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { createSearchEngine, MAX_PAGE_RESULTS, MAX_SECTION_RESULTS_PER_PAGE, type SearchEngine } from '../../src/shared/search-engine.ts';
import type { SearchData } from '../../src/shared/search-index-format.ts';
import { repoRoot } from '../helpers.ts';
import { RELEVANCE_TABLE } from './search-relevance-table.ts';

let engine: SearchEngine;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docs-gen-relevance-'));
  await build({ root: repoRoot, outDir: join(dir, 'out') });
  const data = JSON.parse(readFileSync(join(dir, 'out/_next/static/chunks/nextra-data-en-US.json'), 'utf8')) as SearchData;
  engine = createSearchEngine(data);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
