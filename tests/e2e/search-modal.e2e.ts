/// <reference lib="dom" />
// The DocSearch-style search modal (issue 9; seed §2, §4, §5, §8, §9) in Chromium, against a
// fake hosted search API on 127.0.0.1. Its local mode is in search.e2e.ts (the real site).
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from '../../src/build/build.ts';
import { fixture, tempSite } from '../helpers.ts';
import { FAKE_API_KEY, FAKE_APP_ID, startFakeHost, type FakeHost } from '../fake-hosted-search.ts';
import { launchChromium, recordWindowOpen, serveFolder } from './browser.ts';

let host: FakeHost;
let browser: Browser;
let server: Server;
let base: string;
let outDir: string;
let cleanup: () => void;

beforeAll(async () => {
  host = await startFakeHost('good');
  const site = tempSite({
    'docs-gen.config.ts': `import { defineConfig } from 'docs-gen';
export default defineConfig({
  title: 'Modal',
  search: {
    hosted: { appId: '${FAKE_APP_ID}', apiKey: '${FAKE_API_KEY}', indexName: 'docs', hosts: ['${host.origin}'] },
    missingResultsUrl: 'https://example.com/issues/new?title={query}',
  },
});
`,
  });
  cleanup = site.cleanup;
  cpSync(join(fixture('a-site-with-hosted-search-opens-the-modal'), 'content'), join(site.root, 'content'), { recursive: true });
  outDir = join(site.root, 'out');
  await build({ root: site.root, outDir });
  const served = await serveFolder(outDir);
  server = served.server;
  base = served.url;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  server?.close();
  await host?.close();
  cleanup?.();
});

async function openPage(path: string, width = 1280): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}${path}`);
  return { page, context };
}
const state = (page: Page) => page.getAttribute('#search-modal', 'data-state');
async function openModal(page: Page): Promise<void> {
  await page.click('#search-modal-button');
  await expect.poll(() => page.locator('#search-modal').isVisible()).toBe(true);
}
async function searchFor(page: Page, query: string): Promise<void> {
  await page.fill('#search-modal-input', query);
  await expect.poll(() => state(page)).toMatch(/^(results|empty|error)$/);
}
const lastSearchBody = () => JSON.parse(host.requests[host.requests.length - 1]!.body) as { requests: { params: { query: string; attributesToSnippet: string[] } }[] };

describe('the search modal on a hosted index', () => {
  test('is its own chunk of at most 30 KB gzipped with what it imports, loaded only when opened', async () => {
    const assets = join(outDir, '_docs-gen');
    const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
    const modalChunk = files.find((name) => readFileSync(join(assets, name), 'utf8').includes('search-modal-backdrop'));
    expect(modalChunk).toMatch(/^chunk-/);
    // The chunk and everything it imports statically: what opening the modal downloads at most.
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const match of readFileSync(join(assets, name), 'utf8').matchAll(/from"\.\/([^"]+\.js)"/g)) visit(match[1]!);
    };
    visit(modalChunk!);
    const gzipBytes = [...seen].reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name))).length, 0);
    expect(gzipBytes).toBeLessThanOrEqual(30 * 1024);
    const entry = files.find((name) => name.startsWith('client-'))!;
    expect(readFileSync(join(assets, entry), 'utf8')).toContain(`import("./${modalChunk}")`);

    const { page, context } = await openPage('/');
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(request.url()));
    await page.locator('main').click();
    expect(loaded.some((url) => url.endsWith(modalChunk!))).toBe(false);
    await openModal(page);
    expect(loaded.some((url) => url.endsWith(modalChunk!))).toBe(true);
    await context.close();
  });

  test("opens as a modal ARIA dialog with 'No recent searches'; Tab stays inside; Escape closes it and gives focus back", async () => {
    const { page, context } = await openPage('/');
    await page.focus('#search-modal-button');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#search-modal').isVisible()).toBe(true);
    expect(await page.getAttribute('#search-modal', 'role')).toBe('dialog');
    expect(await page.getAttribute('#search-modal', 'aria-modal')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-modal-input');
    expect(await page.locator('#search-modal .search-modal-message').textContent()).toBe('No recent searches');
    expect(await state(page)).toBe('idle');
    for (let n = 0; n < 4; n++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#search-modal')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await page.locator('#search-modal').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-modal-button');
    await context.close();
  });

  test('pre-fills with the selected page text, its first 64 characters', async () => {
    const { page, context } = await openPage('/');
    const selected = await page.evaluate(() => {
      const paragraph = document.querySelector('main p')!;
      const range = document.createRange();
      range.selectNodeContents(paragraph);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      return String(getSelection());
    });
    expect(selected.length).toBeGreaterThan(64);
    await openModal(page);
    expect(await page.inputValue('#search-modal-input')).toBe(selected.slice(0, 64));
    await page.fill('#search-modal-input', 'x'.repeat(80));
    expect((await page.inputValue('#search-modal-input')).length).toBe(64);
    await context.close();
  });

  test("shows hits grouped by top level, highlights as text never HTML, and 'See all N results' → /search?query=", async () => {
    const { page, context } = await openPage('/');
    await openModal(page);
    await searchFor(page, 'schema');
    expect(await state(page)).toBe('results');
    expect(await page.locator('#search-modal .search-modal-group').allTextContents()).toEqual(['Guide', 'Reference']);
    expect(await page.locator('#search-modal .search-modal-hit-title').allTextContents()).toEqual(['Schema', 'Keys', 'Schema API']);
    expect(await page.locator('#search-modal mark').first().textContent()).toBe('Schema');
    // The record's text holds "<its>": it shows as text and no element was made of it.
    expect(await page.locator('#search-modal .search-modal-hit-snippet').first().textContent()).toContain('<its>');
    expect(await page.locator('#search-modal its').count()).toBe(0);
    const seeAll = page.locator('#search-modal .search-modal-see-all');
    expect(await seeAll.textContent()).toBe('See all 21 results');
    expect(await seeAll.getAttribute('href')).toBe('/search?query=schema');
    expect(await page.getAttribute('#search-modal-input', 'aria-activedescendant')).toBe(await page.locator('#search-modal [role="option"]').first().getAttribute('id'));
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#search-modal [role="option"]').nth(1).getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  test('Enter opens the active hit; Ctrl+Enter in a new tab, Shift+Enter in a new window', async () => {
    const { page, context } = await openPage('/');
    await openModal(page);
    await searchFor(page, 'joins');
    const opened = await recordWindowOpen(page);
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Shift+Enter');
    expect(await opened()).toEqual([
      [`${base}/guide/joins`, '_blank'],
      [`${base}/guide/joins`, '_blank', 'popup'],
    ]);
    expect(page.url()).toBe(`${base}/`);
    await context.close();
  });

  test('asks for snippets of 10 words, 5 on screens up to 768px wide', async () => {
    for (const [width, words] of [
      [1280, 10],
      [768, 5],
    ] as const) {
      const { page, context } = await openPage('/', width);
      await openModal(page);
      await searchFor(page, 'joins');
      const params = lastSearchBody().requests[0]!.params;
      expect(params.query).toBe('joins');
      expect(params.attributesToSnippet).toContain(`content:${words}`);
      await context.close();
    }
  });

  test('turns from loading to stalled while the service has not answered, then shows the answer', async () => {
    const { page, context } = await openPage('/');
    await openModal(page);
    host.hold = true;
    try {
      await page.fill('#search-modal-input', 'joins');
      await expect.poll(() => state(page)).toBe('stalled');
      expect(await page.getAttribute('#search-modal-list', 'aria-busy')).toBe('true');
    } finally {
      host.hold = false;
      host.release();
    }
    await expect.poll(() => state(page)).toBe('results');
    await context.close();
  });

  test("shows 'Unable to fetch results' when every host fails", async () => {
    const { page, context } = await openPage('/');
    await openModal(page);
    host.behaviour = 'error500';
    try {
      await searchFor(page, 'schema');
    } finally {
      host.behaviour = 'good';
    }
    expect(await state(page)).toBe('error');
    expect(await page.locator('#search-modal .search-modal-error-title').textContent()).toBe('Unable to fetch results');
    expect(await page.locator('#search-modal .search-modal-error .search-modal-help').textContent()).toBe('You might want to check your network connection.');
    await context.close();
  });

  test("says 'No results for \"{query}\"' with up to 3 suggested queries and the 'Let us know.' link", async () => {
    const { page, context } = await openPage('/');
    await openModal(page);
    await searchFor(page, 'schema');
    await searchFor(page, 'qqqxqqq');
    expect(await state(page)).toBe('empty');
    expect(await page.locator('#search-modal .search-modal-message').textContent()).toBe('No results for "qqqxqqq"');
    const suggestions = await page.locator('#search-modal .search-modal-suggestion').allTextContents();
    expect(suggestions).toEqual(['Guide', 'Reference']);
    expect(await page.locator('#search-modal .search-modal-missing').textContent()).toBe('Believe this query should return results? Let us know.');
    expect(await page.locator('#search-modal .search-modal-missing a').getAttribute('href')).toBe('https://example.com/issues/new?title=qqqxqqq');
    await page.click('#search-modal .search-modal-suggestion >> text=Reference');
    await expect.poll(() => page.locator('#search-modal .search-modal-hit-title').allTextContents()).toEqual(['Schema API']);
    await context.close();
  });

  test('keeps a selected hit in recent searches and a promoted one in favourites, across reloads', async () => {
    const { page, context } = await openPage('/');
    await openModal(page);
    await searchFor(page, 'joins');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/guide/joins`);
    await openModal(page);
    expect(await page.locator('#search-modal .search-modal-group').allTextContents()).toEqual(['Recent']);
    expect(await page.locator('#search-modal .search-modal-hit-title').allTextContents()).toEqual(['Joins']);
    await page.reload();
    await openModal(page);
    expect(await page.locator('#search-modal .search-modal-hit-title').allTextContents()).toEqual(['Joins']);
    await page.click('#search-modal .search-modal-save');
    expect(await page.locator('#search-modal .search-modal-group').allTextContents()).toEqual(['Favorites']);
    await page.reload();
    await openModal(page);
    expect(await page.locator('#search-modal .search-modal-group').allTextContents()).toEqual(['Favorites']);
    expect(await page.locator('#search-modal .search-modal-hit-title').allTextContents()).toEqual(['Joins']);
    // A favourite that is selected again does not join recent.
    await searchFor(page, 'joins');
    await page.click('#search-modal .search-modal-hit-link');
    await page.waitForURL(`${base}/guide/joins`);
    await openModal(page);
    expect(await page.locator('#search-modal .search-modal-group').allTextContents()).toEqual(['Favorites']);
    expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual(['__DOCSEARCH_FAVORITE_SEARCHES__docs', '__DOCSEARCH_RECENT_SEARCHES__docs']);
    await page.click('#search-modal .search-modal-remove');
    expect(await page.locator('#search-modal .search-modal-message').textContent()).toBe('No recent searches');
    await context.close();
  });
});
