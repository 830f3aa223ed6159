/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { fixture } from '../helpers.ts';
import { recordErrors, useBuiltSite } from './browser.ts';

const site = useBuiltSite(fixture('islands-hydrate-an-interactive-counter'));

/** React has taken over the page's island (its root is on the element). */
const isHydrated = (page: Page) => page.evaluate(() => Object.keys(document.querySelector('docs-island')!).some((key) => key.startsWith('__reactContainer')));

/** Script URLs the page fetched. */
const scriptsLoaded = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name).filter((n) => n.endsWith('.js')));

/** The scripts a page's HTML loads before it runs (its module scripts and their static imports), as files of the built site. */
function scriptsUpFront(outDir: string, page: string): string[] {
  const html = readFileSync(join(outDir, page, 'index.html'), 'utf8');
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/(?:^|[;}])\s*import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(join(file, '..', match[1]!));
  };
  for (const match of html.matchAll(/<script type="module" src="\/([^"]+)"/g)) visit(join(outDir, match[1]!));
  return [...files];
}

describe('the JavaScript a plain page loads', () => {
  // Every page loads the same first script; what only some pages or some moves need (the
  // sidebar's whole tree, search, the modal, islands, outputs, diagrams) loads on first need.
  test('is one script of at most 3 KB gzipped up front', () => {
    const files = scriptsUpFront(site.outDir, 'plain');
    const gzipBytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0);
    expect(gzipBytes, files.map((file) => file.split('/').pop()).join(', ')).toBeLessThanOrEqual(3 * 1024);
    expect(files, 'one request').toHaveLength(1);
  });
});

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
    await expect.poll(() => isHydrated(page)).toBe(true);
    await page.click('.counter');
    await page.click('.counter');
    expect(await page.textContent('.counter')).toBe('Clicks: 4');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a page without islands loads no React', async () => {
    const islandPage = await site.browser.newPage();
    await islandPage.goto(`${site.base}/`);
    // The island's chunks load after the page does: read what was loaded once it is hydrated (a
    // quiet network for half a second, 'networkidle', may come before they were even asked for).
    await expect.poll(() => isHydrated(islandPage)).toBe(true);
    const withIslands = await scriptsLoaded(islandPage);
    const plainPage = await site.browser.newPage();
    await plainPage.goto(`${site.base}/plain`);
    await plainPage.waitForLoadState('networkidle');
    const plain = await scriptsLoaded(plainPage);
    expect(plain.length).toBeGreaterThan(0);
    // React's client, which the hydrated page must have loaded. Not a count of scripts: the
    // plain page's idle chunks (the TOC spy…) may have loaded by its quiet network while the
    // island page's had not by its hydration (a busy CI machine had five each).
    const textOf = (url: string) => readFileSync(join(site.outDir, new URL(url).pathname), 'utf8');
    const react = withIslands.filter((url) => textOf(url).includes('hydrateRoot'));
    expect(react.length).toBeGreaterThan(0);
    expect(plain.filter((url) => react.includes(url))).toEqual([]);
    const plainBytes = plain.map((url) => readFileSync(join(site.outDir, new URL(url).pathname)).length).reduce((a, b) => a + b, 0);
    expect(plainBytes).toBeLessThan(20_000);
    for (const url of plain) expect(textOf(url)).not.toContain('hydrateRoot');
    await islandPage.close();
    await plainPage.close();
  });
});
