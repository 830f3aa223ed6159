/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { repoRoot } from '../helpers.ts';
import { useBuiltSite } from './browser.ts';

const site = useBuiltSite(repoRoot);

async function openPage(path: string, options: { width?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: options.width ?? 1440, height: 900 }, colorScheme: options.colorScheme ?? 'light' });
  const page = await context.newPage();
  await page.goto(`${site.base}${path}`);
  return page;
}

describe('reading the docs in Chromium', () => {
  test('a page opens with its templated title, and the sidebar leads to the next page', async () => {
    const page = await openPage('/rel/primer/basic-syntax');
    expect(await page.title()).toBe('Basic Syntax - documentation');
    await expect.poll(() => page.locator('.sidebar [aria-current="page"]').first().textContent()).toBe('Basic Syntax');
    await page.locator('.sidebar-nav').getByRole('link', { name: 'Advanced Syntax', exact: true }).click();
    await page.waitForURL(`${site.base}/rel/primer/advanced-syntax`);
    expect(await page.locator('.sidebar [aria-current="page"]').first().textContent()).toBe('Advanced Syntax');
    expect(await page.locator('h1').first().textContent()).toBe('Advanced Syntax');
    await page.context().close();
  });

  test('a table-of-contents link scrolls its heading to the top of the view', async () => {
    const page = await openPage('/rel/primer/basic-syntax');
    const link = page.locator('.toc a').nth(2);
    const id = (await link.getAttribute('href'))!.slice(1);
    await link.click();
    await page.waitForURL(new RegExp(`#${id}$`));
    await expect.poll(() => page.evaluate((target) => Math.round(document.getElementById(target)!.getBoundingClientRect().top), id)).toBeLessThan(120);
    await page.context().close();
  });

  test('the theme switcher turns dark mode on, and it is applied before first paint on the next page', async () => {
    const page = await openPage('/rel');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.getByRole('radio', { name: 'Dark' }).check();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    // The head script runs before the body exists: check the class at that moment.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') (window as unknown as { darkAtParse: boolean }).darkAtParse = document.documentElement.classList.contains('dark');
      });
    });
    await page.goto(`${site.base}/rel/primer`);
    expect(await page.evaluate(() => (window as unknown as { darkAtParse: boolean }).darkAtParse)).toBe(true);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await page.context().close();
  });

  test('the theme control is a Light / Dark / System radio group the keyboard works: one Tab stop, arrow keys choose', async () => {
    const page = await openPage('/rel');
    const group = page.getByRole('group', { name: 'Theme' });
    expect(await group.getByRole('radio').evaluateAll((radios) => radios.map((r) => `${r.getAttribute('value')} ${(r as HTMLInputElement).labels![0]!.textContent}`))).toEqual(['light Light', 'dark Dark', 'system System']);
    expect(await group.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
    await group.getByRole('radio', { name: 'System' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await group.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await page.evaluate(() => [document.documentElement.classList.contains('dark'), localStorage.getItem('theme')])).toEqual([true, 'dark']);
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => [document.documentElement.classList.contains('dark'), localStorage.getItem('theme')])).toEqual([false, 'light']);
    // One Tab stop: Tab leaves the group from its checked radio.
    await page.keyboard.press('Tab');
    expect(await group.evaluate((g) => g.contains(document.activeElement))).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('light');
    await page.context().close();
  });

  test('the theme control shows the stored choice, and a choice made in another tab', async () => {
    const page = await openPage('/rel');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    const other = await page.context().newPage();
    await other.goto(`${site.base}/rel`);
    await other.getByRole('radio', { name: 'Light' }).check();
    await expect.poll(() => page.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.context().close();
  });

  test('the system theme follows the browser colour scheme', async () => {
    const page = await openPage('/rel', { colorScheme: 'dark' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.context().close();
  });

  test('search shows matching sections and never turns the query into HTML', async () => {
    const page = await openPage('/rel');
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    await page.keyboard.type('relational abstraction');
    await expect.poll(() => page.locator('#search-results li').count()).toBeGreaterThan(0);
    expect(await page.locator('#search-results .search-footer').textContent()).toMatch(/^See all \d+ results$/);
    await page.fill('#search-input', '<img src=x onerror="window.pwned=1">');
    await expect.poll(() => page.locator('#search-results .search-message').textContent()).toBe('No results found.');
    expect(await page.locator('#search-results img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await page.context().close();
  });

  test('the banner stays dismissed across pages', async () => {
    const page = await openPage('/rel');
    await expect.poll(() => page.locator('.banner').isVisible()).toBe(true);
    await page.click('[data-banner-dismiss]');
    expect(await page.locator('.banner').isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('nextra-banner'))).toBe('0');
    await page.goto(`${site.base}/rel/primer`);
    expect(await page.locator('.banner').isVisible()).toBe(false);
    await page.context().close();
  });

  test("answering 'Was this doc helpful?' logs HELPFUL with the page, then thanks the reader (seed §4)", async () => {
    const page = await openPage('/rel/primer/basic-syntax');
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'info') logged.push(message.text());
    });
    await page.evaluate(() => window.addEventListener('docs-feedback', (event) => ((window as unknown as { feedback: unknown }).feedback = (event as CustomEvent).detail)));
    await page.locator('[data-feedback] [data-helpful="true"]').click();
    await expect.poll(() => page.locator('.feedback-thanks').isVisible()).toBe(true);
    expect(await page.locator('.feedback-question').isVisible()).toBe(false);
    const record = await page.evaluate(() => (window as unknown as { feedback: Record<string, unknown> }).feedback);
    expect(record).toMatchObject({ message: 'HELPFUL', helpful: true, url: `${site.base}/rel/primer/basic-syntax`, referrer: '' });
    expect(record.session_id).toEqual(expect.any(String));
    expect(logged.some((line) => line.startsWith(`HELPFUL ${site.base}/rel/primer/basic-syntax`))).toBe(true);
    await page.context().close();
  });

  test('an unknown address answers with the 404 page and status 404', async () => {
    const page = await site.browser.newPage();
    const response = await page.goto(`${site.base}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('404: Page Not Found');
    expect(await page.locator('.sidebar').count()).toBe(0);
    // The report link names the broken address in the title (filled in by the browser).
    const reportTitle = async () => new URL((await page.locator('[data-issue-link="404"]').getAttribute('href'))!).searchParams.get('title');
    await expect.poll(reportTitle).toBe('Broken link to /no/such/page (from /no/such/page)');
    await page.close();
  });
});

// The seed's two timings a reader sees, on the page's own fake clock (never wall time).
describe('timings, on the page clock', () => {
  async function openOnFakeClock(path: string): Promise<Page> {
    // Reduced motion: scrolls jump, so where the page is never depends on an animation's real time.
    const context = await site.browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light', reducedMotion: 'reduce' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.base });
    const page = await context.newPage();
    // The clock is paused once the page has loaded: from then on only runFor moves it. An hour
    // later than the install, whatever the real load took.
    await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
    await page.goto(`${site.base}${path}`);
    await page.clock.pauseAt(new Date('2026-01-01T01:00:00Z'));
    return page;
  }

  test("a code block's copy button says 'Copied' for 2000 ms, then 'Copy' again", async () => {
    const page = await openOnFakeClock('/rel/primer/basic-syntax');
    const copy = page.locator('.copy-button').first();
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('Copied');
    await page.clock.runFor(1999);
    expect(await copy.textContent()).toBe('Copied');
    await page.clock.runFor(1);
    expect(await copy.textContent()).toBe('Copy');
    expect(await copy.evaluate((button) => button.classList.contains('copied'))).toBe(false);
    await page.context().close();
  });

  test('the anchored heading is scrolled back into view 1000 ms after the main area last resized', async () => {
    const page = await openOnFakeClock('/rel/primer/basic-syntax');
    const id = (await page.locator('.toc a').nth(2).getAttribute('href'))!.slice(1);
    await page.evaluate((target) => (location.hash = target), id);
    await page.clock.runFor(1000);
    const headingTop = () => page.evaluate((target) => Math.round(document.getElementById(target)!.getBoundingClientRect().top), id);
    const headingInView = async () => (await headingTop()) < 120 && (await headingTop()) >= 0;
    expect(await headingInView()).toBe(true);
    // The view is moved away, then the main area grows (late images, fonts); resolves once the resize has been observed.
    const growMain = () =>
      page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            window.scrollTo(0, 0);
            const main = document.getElementById('content')!;
            const spacer = document.createElement('div');
            spacer.style.height = '300px';
            main.append(spacer);
            let first = true;
            const observer = new ResizeObserver(() => {
              if (!first) return;
              first = false;
              observer.disconnect();
              resolve();
            });
            observer.observe(main);
          }),
      );
    await growMain();
    expect(await headingInView()).toBe(false);
    await page.clock.runFor(600);
    await growMain(); // a second resize within the 1000 ms starts the wait again
    await page.clock.runFor(999);
    expect(await headingInView()).toBe(false);
    await page.clock.runFor(1);
    expect(await headingInView()).toBe(true);
    await page.context().close();
  });
});
