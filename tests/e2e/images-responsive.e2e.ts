/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { fixture } from '../helpers.ts';
import { useBuiltSite } from './browser.ts';

const site = useBuiltSite(fixture('images-pages-get-sizes-and-variants'));

async function open(path: string, options: { width: number; scale?: number; colorScheme?: 'light' | 'dark' }): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: options.width, height: 900 }, deviceScaleFactor: options.scale ?? 1, colorScheme: options.colorScheme ?? 'light' });
  const page = await context.newPage();
  await page.goto(`${site.base}${path}`);
  return page;
}

/** The file name the browser chose for the first image matching `selector`, once it has loaded. */
async function chosen(page: Page, selector: string): Promise<string> {
  await page.waitForFunction((s) => {
    const img = document.querySelector<HTMLImageElement>(s);
    return img !== null && img.complete && img.naturalWidth > 0;
  }, selector);
  return page.evaluate((s) => document.querySelector<HTMLImageElement>(s)!.currentSrc.split('/').pop()!, selector);
}

describe('responsive images in Chromium', () => {
  test.each([
    ['a desktop at 1x takes the 750w WebP for a 720px column', 1440, 1, /^wide-\w+-750\.webp$/],
    ['a desktop at 2x takes the widest, the image’s own 1000w', 1440, 2, /^wide-\w+-1000\.webp$/],
    ['a phone 375px wide at 2x takes 750w', 375, 2, /^wide-\w+-750\.webp$/],
    ['a small phone at 1x takes 640w', 320, 1, /^wide-\w+-640\.webp$/],
  ])('%s', async (_what, width, scale, expected) => {
    const page = await open('/guide/notes', { width, scale });
    expect(await chosen(page, 'picture img[src="/images/wide.png"]')).toMatch(expected);
    await page.context().close();
  });

  test('the box is reserved before the image loads: nothing shifts', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    // Hold every image back: the layout must already have their size.
    await page.route(/\.(webp|png|jpg)$/, () => undefined);
    await page.goto(`${site.base}/guide/notes`, { waitUntil: 'domcontentloaded' });
    const box = await page.evaluate(() => document.querySelector('img[src="/images/wide.png"]')!.getBoundingClientRect().toJSON() as DOMRect);
    expect(Math.round(box.height)).toBe(Math.round(box.width / 2));
    expect(box.width).toBeGreaterThan(300);
    await context.close();
  });

  test('in dark mode the DocImage shows its dark variant, with the same box, and the light one is never fetched', async () => {
    const light = await open('/', { width: 1440 });
    const lightBox = await light.evaluate(() => document.querySelector('.doc-image-frame')!.getBoundingClientRect().height);
    expect(await chosen(light, '.doc-image-light img')).toMatch(/^wide-\w+-\d+\.webp$/);
    await light.context().close();

    const page = await open('/', { width: 1440, colorScheme: 'dark' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await chosen(page, '.doc-image-dark img')).toMatch(/^wide-dark-\w+-\d+\.webp$/);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.doc-image-light')!).display)).toBe('none');
    expect(await page.evaluate(() => document.querySelector('.doc-image-frame')!.getBoundingClientRect().height)).toBe(lightBox);
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name.split('/').pop()!));
    expect(fetched.filter((name) => /^wide-(?!dark)/.test(name))).toEqual([]);
    await page.context().close();
  });

  test('switching the theme swaps the variant in place', async () => {
    const page = await open('/', { width: 1440 });
    await page.check('[data-theme-switch] input[value="dark"]');
    expect(await chosen(page, '.doc-image-dark img')).toMatch(/^wide-dark-/);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.doc-image-light')!).display)).toBe('none');
    await page.context().close();
  });
});
