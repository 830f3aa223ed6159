/// <reference lib="dom" />
// In the browser (issue 12): the copy button copies the code without its line numbers, math is
// laid out by KaTeX's own stylesheet and fonts with no script of its own, and a mermaid fence is
// drawn as an SVG on its page alone, again when the colour scheme changes.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { build } from '../../src/build/build.ts';
import { fixture } from '../helpers.ts';
import { launchChromium, serveFolder } from './browser.ts';

let browser: Browser;
let server: Server;
let base: string;
let outDir: string;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'docs-gen-e2e-'));
  // The fixture lives under the base path /docs.
  await build({ root: fixture('headings-code-math-diagrams-and-llms-txt-work-on-every-page'), outDir });
  const served = await serveFolder(outDir, '/docs');
  server = served.server;
  base = `${served.url}/docs`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  server?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** A page that records its script errors and every URL it requested. */
async function open(path: string): Promise<{ page: Page; errors: string[]; requested: string[] }> {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(base).origin });
  const page = await context.newPage();
  const errors: string[] = [];
  const requested: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => errors.push(`failed: ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) errors.push(`${response.status()}: ${response.url()}`);
  });
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle');
  return { page, errors, requested };
}

describe('code blocks with line numbers', () => {
  test('show the numbers, and the copy button copies the code without them', async () => {
    const { page, errors } = await open('/guide/math');
    const block = page.locator('.code-block.has-title');
    const firstNumber = await block.locator('.line').first().evaluate((line) => getComputedStyle(line, '::before').content);
    expect(firstNumber).toBe('counter(line)');
    // The page's clock moves only when the test says: 'Copied' shows for 2 s of it, so a busy
    // machine that answers the poll late cannot find the button already back to 'Copy'.
    const start = new Date('2026-01-01T00:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 60_000));
    await block.hover();
    await block.locator('.copy-button').click();
    await expect.poll(() => block.locator('.copy-button').textContent()).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe('const radius = 2;\nconst area = Math.PI * radius ** 2;\nconsole.log(area);');
    await page.clock.runFor(1999);
    expect(await block.locator('.copy-button').textContent()).toBe('Copied');
    await page.clock.runFor(1);
    expect(await block.locator('.copy-button').textContent()).toBe('Copy');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('math', () => {
  test("is laid out by KaTeX's stylesheet and fonts from the site, with no script for it", async () => {
    const { page, errors, requested } = await open('/guide/math');
    await page.evaluate(() => document.fonts.ready);
    // The MathML copy is for assistive technology: KaTeX's stylesheet hides it visually.
    expect(await page.locator('.katex .katex-mathml').first().evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
    expect(await page.evaluate(() => document.fonts.check('16px KaTeX_Main'))).toBe(true);
    expect(requested.some((url) => url.includes('/katex-') && url.endsWith('.woff2'))).toBe(true);
    expect(requested.filter((url) => /katex/i.test(url) && url.endsWith('.js'))).toEqual([]);
    expect(requested.some((url) => url.includes('mermaid'))).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('mermaid', () => {
  test('a fence is drawn as an SVG, and drawn again in the other colour scheme', async () => {
    const { page, errors } = await open('/guide/diagrams');
    const svg = page.locator('.mermaid-diagram[data-state="drawn"] .mermaid-svg svg');
    await expect.poll(() => svg.count()).toBe(1);
    expect(await page.locator('.mermaid-source').isVisible()).toBe(false);
    const light = await svg.evaluate((el) => el.outerHTML);
    expect(light).toContain('Start');
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await expect.poll(() => page.locator('.mermaid-svg svg').evaluate((el) => el.outerHTML)).not.toBe(light);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
