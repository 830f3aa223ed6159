/// <reference lib="dom" />
// The navbar search box and the /search page (issue 9, seed §2, §4, §5, §8, §9) in Chromium.
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { repoRoot } from '../helpers.ts';
import { recordWindowOpen, useBuiltSite } from './browser.ts';

const site = useBuiltSite(repoRoot);
/** The head (titles and headings) the box fetches first; the text parts follow it. */
const INDEX = '**/_next/static/chunks/nextra-search-en-US.json';
const TEXT_PARTS = '**/_next/static/chunks/nextra-search-en-US-*.json';

async function openPage(path: string, width = 1440): Promise<{ page: Page; context: BrowserContext }> {
  const context = await site.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${site.base}${path}`);
  return { page, context };
}
const expanded = (page: Page) => page.getAttribute('#search-input', 'aria-expanded');
const statusText = (page: Page) => page.locator('#search-results .search-message').textContent();

describe('the navbar search box', () => {
  test('is focused by / and by Ctrl+K, and loads the index on first focus, once', async () => {
    const { page, context } = await openPage('/rel');
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/nextra-search-en-US.json')) fetched.push(request.url());
    });
    await page.locator('main').click();
    expect(fetched).toEqual([]);
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    await expect.poll(() => fetched.length).toBe(1);
    await page.locator('main').click();
    await page.keyboard.press('Control+k');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    await page.keyboard.type('schema');
    await expect.poll(() => page.locator('#search-results li[role="option"]').count()).toBeGreaterThan(0);
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatch(/\/_next\/static\/chunks\/nextra-search-en-US\.json$/);
    await context.close();
  });

  test("shows 'Loading…' until the index arrives, then results grouped by category with excerpts", async () => {
    const { page, context } = await openPage('/rel');
    let release: (() => void) | undefined;
    await page.route(INDEX, async (route: Route) => {
      await new Promise<void>((done) => (release = done));
      await route.continue();
    });
    await page.keyboard.press('/');
    await page.keyboard.type('aggregaton');
    await expect.poll(() => statusText(page)).toBe('Loading…');
    expect(await page.getAttribute('#search-results', 'data-state')).toBe('loading');
    await expect.poll(() => release !== undefined).toBe(true);
    release!();
    await expect.poll(() => page.getAttribute('#search-results', 'data-state')).toBe('results');
    // The site's text arrives after the titles and headings, and each part answers the list again
    // (new elements): read the list once all of it is in, not while it may be replaced.
    await expect.poll(() => page.getAttribute('#search-results', 'data-complete')).toBe('true');
    const categories = await page.locator('#search-results .search-category').allTextContents();
    expect(categories[0]).toBe('REL');
    const first = page.locator('#search-results li[role="option"]').first();
    expect(await first.locator('.search-result-title').textContent()).toMatch(/^Aggregation/);
    expect(await page.locator('#search-results mark').first().textContent()).toMatch(/^aggregation$/i);
    // Never "Schema › Schema": no option repeats its page title as its section title.
    for (const option of await page.locator('#search-results li[role="option"]').all()) {
      const section = option.locator('.search-result-section');
      if (await section.count()) expect(await section.textContent()).not.toBe(await option.locator('.search-result-title').textContent());
    }
    expect(await page.evaluate(() => getComputedStyle(document.getElementById('search-results')!).maxHeight)).toBe('400px');
    await context.close();
  });

  test('answers titles and headings before the text arrives, and text matches as it arrives (never a false "No results found.")', async () => {
    const { page, context } = await openPage('/rel');
    const releases: (() => void)[] = [];
    let holding = true;
    await page.route(TEXT_PARTS, async (route: Route) => {
      if (holding) await new Promise<void>((done) => releases.push(done));
      await route.continue();
    });
    await page.keyboard.press('/');
    await page.keyboard.type('recursion');
    await expect.poll(() => page.locator('#search-results .search-result-title').first().textContent()).toMatch(/^Recursion/);
    // A word only in the text of a RelOutput table: 'Loading…' until the parts are in, then found.
    await page.fill('#search-input', 'furniture');
    await expect.poll(() => statusText(page)).toBe('Loading…');
    await expect.poll(() => releases.length).toBeGreaterThan(0);
    holding = false;
    for (const release of releases) release();
    await expect.poll(() => page.locator('#search-results li[role="option"]').count()).toBeGreaterThan(0);
    expect(await page.locator('#search-results mark').first().textContent()).toMatch(/^furniture$/i);
    await context.close();
  });

  test("says 'Failed to load search index.' when the index cannot load, and 'No results found.' for nothing", async () => {
    const { page, context } = await openPage('/rel');
    await page.route(INDEX, (route: Route) => route.fulfill({ status: 500, body: 'down' }));
    await page.keyboard.press('/');
    await page.keyboard.type('schema');
    await expect.poll(() => statusText(page)).toBe('Failed to load search index.');
    expect(await page.getAttribute('#search-results', 'data-state')).toBe('error');
    await page.unroute(INDEX);
    await page.fill('#search-input', 'qqqxqqq');
    await expect.poll(() => statusText(page)).toBe('No results found.');
    await context.close();
  });

  test('arrows move the active option (aria-activedescendant), Enter opens it', async () => {
    const { page, context } = await openPage('/rel');
    await page.keyboard.press('/');
    await page.keyboard.type('recursion');
    // Every part of the text in: the list no longer changes under the arrows.
    await expect.poll(() => page.getAttribute('#search-results', 'data-complete')).toBe('true');
    await expect.poll(() => page.locator('#search-results li[role="option"]').count()).toBeGreaterThan(1);
    expect(await expanded(page)).toBe('true');
    const ids = await page.locator('#search-results li[role="option"]').evaluateAll((items) => items.map((item) => item.id));
    expect(await page.getAttribute('#search-input', 'aria-activedescendant')).toBe(ids[0]);
    await page.keyboard.press('ArrowDown');
    expect(await page.getAttribute('#search-input', 'aria-activedescendant')).toBe(ids[1]);
    expect(await page.getAttribute(`#${ids[1]}`, 'aria-selected')).toBe('true');
    await page.keyboard.press('ArrowUp');
    expect(await page.getAttribute('#search-input', 'aria-activedescendant')).toBe(ids[0]);
    const href = await page.locator(`#${ids[0]} a`).getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.base}${href}`);
    await context.close();
  });

  test('Ctrl+Enter opens the option in a new tab, Shift+Enter in a new window', async () => {
    const { page, context } = await openPage('/rel');
    await page.keyboard.press('/');
    await page.keyboard.type('recursion');
    await expect.poll(() => page.locator('#search-results li[role="option"]').count()).toBeGreaterThan(0);
    const href = await page.locator('#search-results li[role="option"] a').first().getAttribute('href');
    const opened = await recordWindowOpen(page);
    expect(await opened()).toEqual([]);
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Shift+Enter');
    expect(await opened()).toEqual([
      [`${site.base}${href}`, '_blank'],
      [`${site.base}${href}`, '_blank', 'popup'],
    ]);
    expect(page.url()).toBe(`${site.base}/rel`);
    await context.close();
  });

  test('Tab closes the list; Escape first closes the list, then clears the query', async () => {
    const { page, context } = await openPage('/rel');
    await page.keyboard.press('/');
    await page.keyboard.type('schema');
    await expect.poll(() => expanded(page)).toBe('true');
    await page.keyboard.press('Escape');
    expect(await expanded(page)).toBe('false');
    expect(await page.locator('#search-results').isVisible()).toBe(false);
    expect(await page.inputValue('#search-input')).toBe('schema');
    await page.keyboard.press('Escape');
    expect(await page.inputValue('#search-input')).toBe('');
    await page.keyboard.type('schema');
    await expect.poll(() => expanded(page)).toBe('true');
    await page.keyboard.press('Tab');
    expect(await expanded(page)).toBe('false');
    await context.close();
  });

  test('takes at most 64 characters', async () => {
    const { page, context } = await openPage('/rel');
    await page.keyboard.press('/');
    await page.keyboard.type('a'.repeat(80));
    expect((await page.inputValue('#search-input')).length).toBe(64);
    await context.close();
  });

  test("shows the 'Advanced' link to /search on medium and larger screens only", async () => {
    const wide = await openPage('/rel', 1440);
    expect(await wide.page.locator('a.search-advanced').isVisible()).toBe(true);
    expect(await wide.page.locator('a.search-advanced').getAttribute('href')).toBe('/search');
    await wide.context.close();
    const narrow = await openPage('/rel', 500);
    expect(await narrow.page.locator('a.search-advanced').isVisible()).toBe(false);
    await narrow.context.close();
  });
});

describe('the /search page', () => {
  test('lists every result grouped by category with counts, on reload and with the back button', async () => {
    const { page, context } = await openPage('/search?query=schema');
    await expect.poll(() => page.getAttribute('#search-page-results', 'data-state')).toBe('results');
    const groups = await page.locator('#search-page-results .search-category').allTextContents();
    expect(groups.length).toBeGreaterThan(1);
    for (const group of groups) expect(group).toMatch(/^[A-Z ]+ \(\d+\)$/);
    const firstGroups = groups.join('|');
    await page.reload();
    await expect.poll(() => page.locator('#search-page-results .search-category').allTextContents().then((g) => g.join('|'))).toBe(firstGroups);
    expect(await page.inputValue('#search-page-input')).toBe('schema');
    await page.fill('#search-page-input', 'recursion');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.base}/search?query=recursion`);
    await expect.poll(() => page.locator('#search-page-results .search-result-title').first().textContent()).toBe('Recursion');
    await page.goBack();
    await page.waitForURL(`${site.base}/search?query=schema`);
    await expect.poll(() => page.locator('#search-page-results .search-category').allTextContents().then((g) => g.join('|'))).toBe(firstGroups);
    expect(await page.inputValue('#search-page-input')).toBe('schema');
    await context.close();
  });
});

describe('the search modal without a hosted index', () => {
  test('searches the local index: hits grouped by category, snippets, and the footer to /search', async () => {
    const { page, context } = await openPage('/rel');
    const fetched: string[] = [];
    page.on('request', (request) => {
      // The head of the local index (titles and section keys): fetched once, whatever the modal asks.
      if (/nextra-search-[^/-]+(-[A-Z]{2})?\.json$/.test(new URL(request.url()).pathname)) fetched.push(request.url());
    });
    await page.click('#search-modal-button');
    await expect.poll(() => page.locator('#search-modal').isVisible()).toBe(true);
    expect(await page.locator('#search-modal .search-modal-message').textContent()).toBe('No recent searches');
    await page.fill('#search-modal-input', 'aggregation');
    await expect.poll(() => page.getAttribute('#search-modal', 'data-state')).toBe('results');
    expect(fetched).toHaveLength(1);
    const groups = await page.locator('#search-modal .search-modal-group').allTextContents();
    expect(groups[0]).toBe('REL');
    for (const group of await page.locator('#search-modal .search-modal-list').all()) expect(await group.locator('[role="option"]').count()).toBeLessThanOrEqual(5);
    for (const snippet of await page.locator('#search-modal .search-modal-hit-snippet').allTextContents()) {
      expect(snippet.replace(/…/g, ' ').trim().split(/\s+/).length).toBeLessThanOrEqual(10);
    }
    const seeAll = page.locator('#search-modal .search-modal-see-all');
    expect(await seeAll.textContent()).toMatch(/^See all \d+ results$/);
    expect(await seeAll.getAttribute('href')).toBe('/search?query=aggregation');
    await seeAll.click();
    await page.waitForURL(`${site.base}/search?query=aggregation`);
    await expect.poll(() => page.getAttribute('#search-page-results', 'data-state')).toBe('results');
    await context.close();
  });
});
