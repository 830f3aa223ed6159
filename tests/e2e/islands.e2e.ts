/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { fixture } from '../helpers.ts';
import { recordErrors, useBuiltSite } from './browser.ts';

const site = useBuiltSite(fixture('islands-hydrate-an-interactive-counter'));

/** Script URLs the page fetched. */
const scriptsLoaded = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name).filter((n) => n.endsWith('.js')));

describe('islands', () => {
  test('an island is rendered on the server with its props', () => {
    const html = readFileSync(join(site.outDir, 'index.html'), 'utf8');
    expect(html).toMatch(/<docs-island data-island="Counter" data-props="\{&quot;start&quot;:2,&quot;label&quot;:&quot;Clicks&quot;\}"><button type="button" class="counter">Clicks<!-- -->: <!-- -->2<\/button><\/docs-island>/);
  });

  test('the island is hydrated in the browser and responds to clicks', async () => {
    const page = await site.browser.newPage();
    // Script errors and React's hydration complaints.
    const errors = recordErrors(page);
    await page.goto(`${site.base}/`);
    await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector('docs-island')!).some((k) => k.startsWith('__reactContainer')))).toBe(true);
    await page.click('.counter');
    await page.click('.counter');
    expect(await page.textContent('.counter')).toBe('Clicks: 4');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a page without islands loads no React', async () => {
    const islandPage = await site.browser.newPage();
    await islandPage.goto(`${site.base}/`);
    await islandPage.click('.counter');
    // The island's chunks load after the page does: read what was loaded once loading is over.
    await islandPage.waitForLoadState('networkidle');
    const withIslands = await scriptsLoaded(islandPage);
    const plainPage = await site.browser.newPage();
    await plainPage.goto(`${site.base}/plain`);
    await plainPage.waitForLoadState('networkidle');
    const plain = await scriptsLoaded(plainPage);
    expect(plain.length).toBeGreaterThan(0);
    expect(withIslands.length).toBeGreaterThan(plain.length);
    const plainBytes = plain.map((url) => readFileSync(join(site.outDir, new URL(url).pathname)).length).reduce((a, b) => a + b, 0);
    expect(plainBytes).toBeLessThan(20_000);
    for (const url of plain) expect(readFileSync(join(site.outDir, new URL(url).pathname), 'utf8')).not.toContain('hydrateRoot');
    await islandPage.close();
    await plainPage.close();
  });
});
