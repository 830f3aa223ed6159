/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { fixture, repoRoot } from '../helpers.ts';
import { useBuiltSite } from './browser.ts';

const site = useBuiltSite(fixture('a-nextra-2-site-builds-unchanged'));

/** Screenshots of the built Nextra fixture, for a person to look at (git-ignored). */
const SCREENSHOTS = join(repoRoot, 'tests', '.screenshots');

describe("a Nextra site's built-in components in the browser", () => {
  test('Tabs switch panels with a click and with the arrow keys, with no script', async () => {
    const page = await site.browser.newPage({ javaScriptEnabled: false, viewport: { width: 1200, height: 1400 } });
    await page.goto(`${site.base}/guide/components`);
    const visiblePanels = () => page.$$eval('.nx-tab-panel', (panels) => panels.filter((p) => getComputedStyle(p).display !== 'none').map((p) => p.textContent));
    expect(await visiblePanels()).toEqual(['npm install widgets']);
    await page.click('label.nx-tab-label >> text=pnpm');
    expect(await visiblePanels()).toEqual(['pnpm add widgets']);
    await page.keyboard.press('ArrowRight');
    expect(await visiblePanels()).toEqual(['yarn add widgets']);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'nextra-2-components.png'), fullPage: true });
    await page.close();
  });

  test('imported images, a relative Markdown image, an SVG component and the next/* pages render, and are screenshotted', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1200, height: 1200 } });
    for (const [route, name] of [['/guide/images', 'nextra-2-images'], ['/guide/next-modules', 'nextra-2-next-modules'], ['/', 'nextra-2-home'], ['/de-DE', 'nextra-2-home-de']] as const) {
      await page.goto(`${site.base}${route}`);
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
    }
    await page.goto(`${site.base}/guide/images`);
    const loaded = await page.$$eval('article img', (images) => images.map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));
    await expect.poll(() => page.$$eval('article img', (images) => images.every((i) => (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
    expect(loaded.length).toBe(5);
    await page.close();
  });
});
