/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { tempSite } from '../helpers.ts';
import { useBuiltSite } from './browser.ts';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** 6 sections with their page × 4 topic folders without one × 6 pages, two separators and a banner: a sidebar taller than an 800px window. */
function sidebarSite(): Record<string, string> {
  const files: Record<string, string> = {
    'docs-gen.config.ts': "export default { title: 'Sidebar', banner: { key: 'nextra-banner', content: 'New: a sidebar that remembers', dismissible: true } };\n",
    'content/index.md': '# Home\n\nThe home page.\n',
    // Separators with and without a title, for axe's \`list\` rule.
    'content/_meta.json': JSON.stringify({ index: 'Home', '---': { type: 'separator', title: '' }, s1: 'Section 1', s2: 'Section 2', s3: 'Section 3', '+++': { type: 'separator', title: 'More' } }),
  };
  for (let s = 1; s <= 6; s++) {
    files[`content/s${s}/index.md`] = `# Section ${s}\n\nAbout section ${s}.\n`;
    for (let t = 1; t <= 4; t++) {
      for (let p = 1; p <= 6; p++) files[`content/s${s}/t${t}/p${p}.md`] = `# Page ${s}.${t}.${p}\n\n## Part\n\nText.\n`;
    }
  }
  return files;
}

const source = tempSite(sidebarSite());
const site = useBuiltSite(source.root);
afterAll(() => source.cleanup());

async function openPage(path: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  await page.goto(`${site.base}${path}`);
  return page;
}

/** Waits until the browser has replaced the reader's path with the whole tree. */
const wholeTree = (page: Page) => page.waitForSelector('.sidebar-nav[data-sidebar-complete]', { state: 'attached' });

/** Where the link to `href` sits in the sidebar's view, in pixels from its top. */
const offsetInSidebar = (page: Page, href: string) =>
  page.evaluate((target) => {
    const nav = document.querySelector('.sidebar-nav')!;
    const link = nav.querySelector(`a[href="${target}"]`)!;
    return link.getBoundingClientRect().top - nav.getBoundingClientRect().top;
  }, href);

/** The serious and critical axe violations inside the sidebar. */
async function sidebarViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }> } }).axe;
    const result = await axe.run({ include: [['#sidebar']] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
  });
}

describe('the sidebar in Chromium', () => {
  beforeAll(() => {
    expect(site.base).toBeDefined();
  });

  test('the whole tree replaces the reader\'s path, with the same markup for the path, and its folders open and close', async () => {
    const page = await openPage('/s1/t1/p1');
    const served = await (await page.request.get(`${site.base}/s1/t1/p1`)).text();
    const serverTopic = /<li class="sidebar-folder" data-route="\/s1\/t1">.*?<\/details><\/li>/.exec(served)![0];
    await wholeTree(page);
    const clientTopic = await page.locator('.sidebar-folder[data-route="/s1/t1"]').evaluate((li) => li.outerHTML);
    expect(clientTopic.replaceAll('open=""', 'open')).toBe(serverTopic);
    // A topic of another section, written as a link on the server, is now a folder with its pages.
    const topic = page.locator('.sidebar-folder[data-route="/s4/t2"]');
    await expect.poll(() => topic.locator('a[href="/s4/t2/p3"]').isVisible()).toBe(false);
    await topic.locator('summary').click();
    await expect.poll(() => topic.locator('a[href="/s4/t2/p3"]').isVisible()).toBe(true);
    await page.context().close();
  });

  test('each folder is one Tab stop, and its link opens and closes it with the arrow keys', async () => {
    const page = await openPage('/s1/t1/p1');
    await wholeTree(page);
    await page.locator('.sidebar-nav a').first().focus();
    const stops: string[] = [];
    for (let i = 0; i < 200; i++) {
      const where = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement;
        if (!active.closest('.sidebar-nav')) return undefined;
        const folder = active.closest<HTMLElement>('.sidebar-folder');
        // A folder's own element (its link or summary, wherever it sits), not one inside its list of children.
        const list = active.closest('ul');
        return folder && list && !folder.contains(list) ? (folder.dataset.route ?? '') : '';
      });
      if (where === undefined) break;
      if (where) stops.push(where);
      await page.keyboard.press('Tab');
    }
    const visibleFolders = await page.locator('.sidebar-folder').evaluateAll((folders) => folders.filter((f) => (f as HTMLElement).offsetParent !== null).map((f) => (f as HTMLElement).dataset.route));
    expect(stops).toEqual(visibleFolders);

    const section = page.locator('.sidebar-folder[data-route="/s3"]');
    await section.locator('> a').focus();
    // The link says what the key did at once, in the same task: a screen reader reads it as the
    // key is handled, before the details' own toggle event (queued for later) has run.
    const pressedInPage = (key: string) =>
      section.locator('> a').evaluate((link, key) => {
        link.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        return { open: (link.nextElementSibling as HTMLDetailsElement).open, expanded: link.getAttribute('aria-expanded') };
      }, key);
    expect(await pressedInPage('ArrowLeft')).toEqual({ open: false, expanded: 'false' });
    expect(await pressedInPage('ArrowRight')).toEqual({ open: true, expanded: 'true' });
    await page.keyboard.press('ArrowLeft');
    expect(await section.locator('> details').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await section.locator('> a').getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowRight');
    expect(await section.locator('> details').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await section.locator('> a').getAttribute('aria-expanded')).toBe('true');
    await page.context().close();
  });

  test('the collapsed sidebar and the folders the reader closed stay so on the next page', async () => {
    const page = await openPage('/s1/t1/p1');
    await wholeTree(page);
    await page.locator('.sidebar-folder[data-route="/s2"] > details > summary').click();
    await page.locator('[data-sidebar-toggle]').click();
    expect(await page.locator('.sidebar-nav').isVisible()).toBe(false);
    await page.goto(`${site.base}/s1/t1/p2`);
    expect(await page.evaluate(() => document.documentElement.classList.contains('sidebar-collapsed'))).toBe(true);
    expect(await page.locator('.sidebar-nav').isVisible()).toBe(false);
    expect(await page.locator('[data-sidebar-toggle]').getAttribute('aria-expanded')).toBe('false');
    await page.locator('[data-sidebar-toggle]').click();
    await wholeTree(page);
    expect(await page.locator('.sidebar-folder[data-route="/s2"] > details').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await page.locator('.sidebar-folder[data-route="/s3"] > details').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await page.context().close();
  });

  test('a link followed from the scrolled sidebar sits at the same place in the sidebar of the next page', async () => {
    const page = await openPage('/s1/t1/p1');
    await wholeTree(page);
    await page.locator('.sidebar-nav').evaluate((nav) => {
      nav.scrollTop = nav.scrollHeight;
    });
    const target = '/s5';
    const before = await offsetInSidebar(page, target);
    expect(await page.locator('.sidebar-nav').evaluate((nav) => nav.scrollTop)).toBeGreaterThan(0);
    await page.locator(`.sidebar-nav a[href="${target}"]`).click();
    await page.waitForURL(`${site.base}${target}`);
    await wholeTree(page);
    expect(Math.abs((await offsetInSidebar(page, target)) - before)).toBeLessThanOrEqual(2);
    await page.context().close();
  });

  test('with the banner shown, the collapse button is inside an 800px window', async () => {
    const page = await openPage('/s1/t1/p1');
    expect(await page.locator('.banner').isVisible()).toBe(true);
    const box = (await page.locator('[data-sidebar-toggle]').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    await page.context().close();
  });

  test('without JavaScript a folder off the path leads to its page', async () => {
    const page = await openPage('/s1/t1/p1', { javaScriptEnabled: false });
    await page.locator('.sidebar-nav a[href="/s4"]').click();
    await page.waitForURL(`${site.base}/s4`);
    expect(await page.locator('.sidebar-nav [aria-current="page"]').textContent()).toBe('Section 4');
    await page.context().close();
  });

  test('axe finds no serious or critical fault in the sidebar, on the reader\'s path and in the whole tree', async () => {
    const pathOnly = await openPage('/s2/t2/p2');
    await pathOnly.route('**/_docs-gen/sidebar-*.json', (route) => route.abort());
    await pathOnly.reload();
    expect(await sidebarViolations(pathOnly)).toEqual([]);
    await pathOnly.context().close();
    const whole = await openPage('/s2/t2/p2');
    await wholeTree(whole);
    expect(await sidebarViolations(whole)).toEqual([]);
    await whole.context().close();
  });
});
