/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { fixture, repoRoot } from '../helpers.ts';
import { switchTheme, useBuiltSite } from './browser.ts';

// English (default), French, and Arabic (right to left): small, so the build is quick.
const site = useBuiltSite(fixture('a-site-in-french-and-arabic-shows-untranslated-pages-in-english'));
const SCREENSHOTS = join(repoRoot, 'tests', '.screenshots');

async function openPage(path: string, options: { width?: number; colorScheme?: 'light' | 'dark'; cookie?: string } = {}): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: options.width ?? 1280, height: 800 }, colorScheme: options.colorScheme ?? 'light' });
  if (options.cookie) await context.addCookies([{ name: 'NEXT_LOCALE', value: options.cookie, url: site.base }]);
  const page = await context.newPage();
  await page.goto(`${site.base}${path}`);
  return page;
}

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

describe('the language switcher', () => {
  test('keeps the reader on the same page in the chosen language and remembers the choice in NEXT_LOCALE (path /, a year)', async () => {
    const page = await openPage('/guide/first-steps');
    const before = Date.now() / 1000;
    await page.locator('[data-locale-switch]').selectOption('fr-FR');
    await page.waitForURL(`${site.base}/fr-FR/guide/first-steps`);
    expect(await page.locator('h1').first().textContent()).toBe('Premiers pas');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'NEXT_LOCALE')!;
    expect(cookie).toMatchObject({ value: 'fr-FR', path: '/' });
    // 31536000000 ms from when it was set; a day either way covers any delay of a busy machine.
    expect(Math.abs(cookie.expires - (before + 31536000000 / 1000))).toBeLessThan(86400);
    await page.context().close();
  });

  test('leads to the untranslated page under the locale, shown in English with a notice in that language', async () => {
    const page = await openPage('/english-only');
    await page.locator('[data-locale-switch]').selectOption('ar');
    await page.waitForURL(`${site.base}/ar/english-only`);
    expect(await page.locator('.untranslated-notice').textContent()).toBe('لم تُترجم هذه الصفحة بعد، لذا تُعرض بلغتها الأصلية.');
    expect(await page.locator('h1').first().textContent()).toBe('English only');
    await page.context().close();
  });
});

describe('the home page and the NEXT_LOCALE cookie', () => {
  test.each([
    ['fr-FR', '/fr-FR'],
    ['ar', '/ar'],
    ['en-US', '/'],
    [undefined, '/'],
  ])('with the cookie %s, / leads to %s', async (cookie, expected) => {
    const page = await openPage('/', { cookie });
    await page.waitForURL(`${site.base}${expected}`);
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe(expected);
    await page.context().close();
  });
});

describe('a French page', () => {
  test('shows the interface in French: copy button, search messages, theme control', async () => {
    const page = await openPage('/fr-FR/guide');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.base });
    const copy = page.locator('.copy-button').first();
    expect(await copy.textContent()).toBe('Copier');
    await page.locator('.code-block').first().hover();
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('Copié');
    await page.locator('#search-input').fill('zzzqqq');
    await expect.poll(() => page.locator('#search-results .search-message').textContent()).toBe('Aucun résultat.');
    await page.locator('#search-input').fill('premiers');
    await expect.poll(() => page.locator('#search-results .search-footer').textContent()).toMatch(/^Voir les \d+ résultats$/);
    expect(await page.locator('[data-theme-switch] label').allTextContents()).toEqual(['Clair', 'Sombre', 'Système']);
    expect(await page.locator('[data-theme-switch] legend').textContent()).toBe('Thème');
    await page.context().close();
  });

  test('searches the French data, untranslated pages included, under the French prefix', async () => {
    const page = await openPage('/fr-FR/guide');
    await page.locator('#search-input').fill('walrus');
    await expect.poll(() => page.locator('#search-results a').first().getAttribute('href')).toMatch(/^\/fr-FR\/english-only/);
    await page.context().close();
  });
});

describe('a right-to-left page', () => {
  test('mirrors the layout: sidebar on the right, table of contents on the left, code still left to right', async () => {
    const page = await openPage('/ar/guide');
    expect(await page.evaluate(() => [document.documentElement.dir, getComputedStyle(document.body).direction])).toEqual(['rtl', 'rtl']);
    const [sidebar, main, toc] = [await box(page, '.sidebar'), await box(page, 'main'), await box(page, '.toc')];
    expect(sidebar.x).toBeGreaterThanOrEqual(main.x + main.width - 1);
    expect(toc.x + toc.width).toBeLessThanOrEqual(main.x + 1);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.content pre')!).direction)).toBe('ltr');
    await page.context().close();
  });

  test('the breadcrumb separator points right to left', async () => {
    const page = await openPage('/ar/guide/first-steps');
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.breadcrumbs li + li')!, '::before').content)).toBe('"‹"');
    await page.context().close();
  });

  test('the English page it leads from keeps its sidebar on the left (the test above can fail)', async () => {
    const page = await openPage('/guide');
    const [sidebar, main] = [await box(page, '.sidebar'), await box(page, 'main')];
    expect(sidebar.x + sidebar.width).toBeLessThanOrEqual(main.x + 1);
    await page.context().close();
  });

  // Screenshots are for a person to look at (git-ignored, never compared); the check is that a
  // mirrored page puts nothing outside the window: neither what the reader would scroll to (past
  // the left edge, on a right-to-left page) nor what no scrolling reaches (past the right edge).
  // A box inside something that scrolls or clips (a code block) is that container's. The page is
  // switched to dark as a reader's system setting would, instead of being loaded again.
  test('an Arabic page puts nothing outside the window on desktop or phone, in light or dark (screenshots saved)', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [device, width] of [['desktop', 1280], ['phone', 375]] as const) {
      const page = await openPage('/ar/guide', { width, colorScheme: 'light' });
      await page.waitForLoadState('load');
      for (const colorScheme of ['light', 'dark'] as const) {
        if (colorScheme === 'dark') await switchTheme(page, colorScheme);
        const outside = await page.evaluate(() => {
          const windowWidth = document.documentElement.clientWidth;
          const inClippingBox = (element: Element) => {
            for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) if (getComputedStyle(box).overflowX !== 'visible') return true;
            return false;
          };
          const sideways = Math.max(0, document.documentElement.scrollWidth - windowWidth);
          const boxes = [...document.body.querySelectorAll('*')]
            .filter((element) => {
              const box = element.getBoundingClientRect();
              return box.width > 0 && box.height > 0 && (box.left < -0.5 || box.right > windowWidth + 0.5) && !inClippingBox(element);
            })
            .map((element) => `${element.outerHTML.slice(0, 60)} at ${Math.round(element.getBoundingClientRect().left)}..${Math.round(element.getBoundingClientRect().right)}`);
          return { sideways, boxes };
        });
        expect(outside, `${device}, ${colorScheme}: outside the ${width}px window`).toEqual({ sideways: 0, boxes: [] });
        await page.screenshot({ path: join(SCREENSHOTS, `rtl-ar-guide-${colorScheme}-${device}.png`), fullPage: true });
      }
      await page.context().close();
    }
  });
});
