/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { fixture } from '../helpers.ts';
import { useBuiltSite } from './browser.ts';

const root = fixture('rel-output-pages-show-their-outputs');
const site = useBuiltSite(root);
const example1 = readFileSync(join(root, 'content', 'guide', 'page.outputs', 'example1.json'), 'utf8');

/** The lazy chunk holding apache-arrow. */
const arrowChunk = () => readdirSync(join(site.outDir, '_docs-gen')).find((f) => f.endsWith('.js') && readFileSync(join(site.outDir, '_docs-gen', f), 'utf8').includes('RecordBatch'))!;
const scriptsLoaded = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name.split('/').pop()!).filter((n) => n.endsWith('.js')));

/** Serves the external outputs of /guide/external: one valid, one missing, one that is not JSON. */
async function withExternalOutputs(context: BrowserContext, seen: Record<string, string | undefined> = {}): Promise<void> {
  await context.route('https://outputs.example/**', async (route) => {
    const url = route.request().url();
    seen[url] = route.request().headers()['accept'];
    const cors = { 'access-control-allow-origin': '*' };
    if (url.endsWith('/valid.json')) await route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: example1 });
    else if (url.endsWith('/broken.json')) await route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: '[{"relationId": ' });
    else await route.fulfill({ status: 404, headers: cors, body: 'not found' });
  });
}

describe('the Rel output viewer in Chromium', () => {
  test('shows each output as tables, right from the HTML', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.base}/guide/page`);
    const logical = page.locator('[data-mode="LOGICAL"]');
    expect(await logical.getAttribute('data-state')).toBe('displayed');
    expect(await logical.locator('tbody tr').allInnerTexts()).toEqual(['Lima\t10092000', 'Nairobi\t4397073', 'Oslo\t709037']);
    expect(await page.locator('[data-mode="PHYSICAL"] table').count()).toBe(6);
    // Outputs the build rendered need no decoder in the browser.
    expect(await scriptsLoaded(page)).not.toContain(arrowChunk());
    await page.close();
  });

  test('PHYSICAL relations collapse and expand by their signature', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.base}/guide/page`);
    const relation = page.locator('[data-mode="PHYSICAL"] details').nth(2);
    expect(await relation.locator('summary code').textContent()).toBe('/String');
    expect(await relation.locator('table').isVisible()).toBe(true);
    await relation.locator('summary').click();
    expect(await relation.locator('table').isVisible()).toBe(false);
    expect(await page.locator('[data-mode="PHYSICAL"] details').nth(3).locator('table').isVisible()).toBe(true);
    await relation.locator('summary').click();
    expect(await relation.locator('table').isVisible()).toBe(true);
    expect(await page.locator('[data-mode="RAW"] details summary code').first().textContent()).toBe('/:output/:flight/String/String/Int64/DateTime');
    await page.close();
  });

  test('reads without JavaScript', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.base}/guide/page`);
    expect(await page.locator('[data-mode="LOGICAL"] td').first().textContent()).toBe('Lima');
    await context.close();
  });

  test('fetches an output the build could not read, and shows loading, failed and displayed states with the seed messages', async () => {
    const context = await site.browser.newContext();
    const seen: Record<string, string | undefined> = {};
    await withExternalOutputs(context, seen);
    const page = await context.newPage();
    await page.goto(`${site.base}/guide/external`);
    const viewers = page.locator('[data-rel-output]');
    await expect.poll(() => viewers.evaluateAll((all) => all.map((v) => (v as HTMLElement).dataset.state))).toEqual(['displayed', 'failed', 'failed']);
    expect(await viewers.nth(0).locator('td').first().textContent()).toBe('Lima');
    expect(await viewers.nth(1).textContent()).toBe('Failed to display output from https://outputs.example/absent');
    expect(await viewers.nth(2).textContent()).toMatch(/^Failed to parse https:\/\/outputs\.example\/broken\.json due to invalid JSON \(.+\)\.$/);
    expect(seen['https://outputs.example/valid.json']).toBe('application/json');
    expect(await scriptsLoaded(page)).toContain(arrowChunk());
    await context.close();
  });

  test('says so when the decoder cannot be loaded', async () => {
    const context = await site.browser.newContext();
    await withExternalOutputs(context);
    await context.route(`**/_docs-gen/${arrowChunk()}`, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${site.base}/guide/external`);
    const first = page.locator('[data-rel-output]').first();
    await expect.poll(() => first.getAttribute('data-state')).toBe('failed');
    expect(await first.textContent()).toBe('Browser failure in displaying output from https://outputs.example/valid.json.');
    await context.close();
  });
});
