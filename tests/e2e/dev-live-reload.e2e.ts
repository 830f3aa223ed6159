/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page, Request, Route, WebSocketRoute } from 'playwright-core';
import WebSocket from 'ws';
import { startDevServer, type DevServer } from '../../src/dev/dev-server.ts';
import type { DevMessage } from '../../src/dev/dev-client.ts';
import { tempSite } from '../helpers.ts';
import { launchChromium } from './browser.ts';
import { devLogNoted, note } from './page-timeline.ts';

let browser: Browser;
let site: ReturnType<typeof tempSite>;
let dev: DevServer;
let page: Page;

// What dev prints (its log is `devLogNoted`) and each save go on the timeline a failed test
// prints beside what the tabs did (page-timeline.ts): a save dev never saw, an error never
// heard, or one heard and then patched away, each shows there.
const save = (path: string, text: string) => {
  writeFileSync(join(site.root, path), text);
  note(`test saved ${path}: ${JSON.stringify(text.slice(0, 60))}`);
};
const mainText = () => page.locator('main').innerText();
/** Marks the page's document: a patch in place keeps the mark, a full reload drops it. */
const markDocument = (mark: number) => page.evaluate((value) => ((window as unknown as { marker: number }).marker = value), mark);
const documentMark = () => page.evaluate(() => (window as unknown as { marker?: number }).marker);
const overlay = () => page.locator('#docs-gen-error-overlay');

/**
 * Opens the folder off the reader's path in `tab`'s whole tree and counts the tree's fetches,
 * then saves a body edit (the guide's `version` text): on screen, the folder still open, the
 * tree not fetched again.
 */
async function expectTreeKeptThroughSave(tab: Page, version: string): Promise<void> {
  await tab.evaluate(() => {
    document.querySelector<HTMLDetailsElement>('.sidebar-folder[data-route="/more"] > details')!.open = true;
    (window as unknown as { treeFetches: number }).treeFetches = 0;
    const fetchBefore = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/sidebar-')) (window as unknown as { treeFetches: number }).treeFetches++;
      return fetchBefore(input, init);
    };
  });
  save('content/guide.mdx', `# Guide\n\nThe ${version} version.\n\n## Details\n\nMore.\n`);
  await expect.poll(() => tab.locator('main').innerText()).toContain(`The ${version} version.`);
  expect(await tab.locator('.sidebar-folder[data-route="/more"] > details[open]').count()).toBe(1);
  expect(await tab.evaluate(() => (window as unknown as { treeFetches: number }).treeFetches)).toBe(0);
}

/**
 * Opens `path` in `tab` with the tab's dev socket held, not yet connected to dev; resolves once the
 * page's script has asked for it. `connectToServer` lets it through.
 */
async function openWithSocketHeld(tab: Page, path: string): Promise<WebSocketRoute> {
  let routed: (route: WebSocketRoute) => void = () => {};
  const held = new Promise<WebSocketRoute>((done) => (routed = done));
  await tab.routeWebSocket(/\/__docs-gen\/ws$/, (socket) => routed(socket));
  await tab.goto(`http://127.0.0.1:${dev.port}${path}`);
  return held;
}

/**
 * Holds `tab`'s next fetch (by its scripts, not a load) of a URL that `wanted` matches
 * unanswered. `held` resolves once the tab asked; `abandoned`, with the network's reason, once
 * the tab gave the fetch up. `release` takes the route and the listener away (call it in `finally`).
 */
async function holdNextFetch(tab: Page, wanted: (url: URL) => boolean): Promise<{ held: Promise<Request>; abandoned: Promise<string>; release: () => Promise<void> }> {
  let asked: (request: Request) => void = () => {};
  const held = new Promise<Request>((done) => (asked = done));
  // Listened for from now: the failure may come before the test asks whether it came.
  const failed = new Map<Request, string>();
  let heard: () => void = () => {};
  const onFailed = (request: Request) => {
    failed.set(request, request.failure()?.errorText ?? 'no reason given');
    heard();
  };
  tab.on('requestfailed', onFailed);
  let taken = false;
  const hold = (route: Route) => {
    if (taken || route.request().resourceType() !== 'fetch') return route.continue();
    taken = true;
    asked(route.request());
  };
  await tab.route(wanted, hold);
  const abandoned = held.then(
    (request) =>
      new Promise<string>((done) => {
        heard = () => failed.has(request) && done(failed.get(request)!);
        heard();
      }),
  );
  const release = async () => {
    tab.off('requestfailed', onFailed);
    // The held request, given up by the tab, cannot be answered: unrouting must not try.
    await tab.unroute(wanted, hold);
  };
  return { held, abandoned, release };
}

/**
 * Saves `text` to `path` with the page's fetch that the save starts (one `wanted` matches) held
 * unanswered, then runs `next` (a newer save, told while that fetch is on its way); resolves with
 * how the held fetch ended once the page gave it up. The route is taken away either way.
 */
async function saveWithFetchHeld(wanted: (url: URL) => boolean, path: string, text: string, next: () => Promise<void>): Promise<string> {
  const { held, abandoned, release } = await holdNextFetch(page, wanted);
  try {
    save(path, text);
    await held;
    await next();
    return await abandoned;
  } finally {
    await release();
  }
}

const isGuide = (url: URL) => url.pathname === '/guide';

beforeAll(async () => {
  site = tempSite({
    'content/index.mdx': '# Home\n\nWelcome.\n',
    'content/guide.mdx': '# Guide\n\nThe first version.\n\n## Details\n\nMore.\n',
    'content/more/deep.mdx': '# Deep\n\nOff the path of /guide.\n',
  });
  [dev, browser] = await Promise.all([startDevServer({ root: site.root, port: 0, host: '127.0.0.1', log: devLogNoted }), launchChromium()]);
  page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${dev.port}/guide`);
});

afterAll(async () => {
  await browser?.close();
  await dev?.close();
  site?.cleanup();
});

describe('writing with docs-gen dev in Chromium', () => {
  test('a saved page edit is on screen without touching the browser, scroll position kept', async () => {
    await markDocument(42);
    save('content/guide.mdx', '# Guide\n\nThe second version.\n\n## Details\n\nMore.\n');
    await expect.poll(mainText).toContain('The second version.');
    // Patched in place: the same document (a full reload would have dropped the marker).
    expect(await documentMark()).toBe(42);
  });

  test('the sidebar has its whole tree, and has it again after the page is patched', async () => {
    const folderOffPath = page.locator('.sidebar-nav[data-sidebar-complete] .sidebar-folder[data-route="/more"] > details');
    await expect.poll(() => folderOffPath.count()).toBe(1);
    save('content/guide.mdx', '# Guide\n\nThe third version.\n\n## Details\n\nMore.\n');
    await expect.poll(mainText).toContain('The third version.');
    // The patch brought the server's reader's path, where /more is a link only.
    await expect.poll(() => folderOffPath.count()).toBe(1);
  });

  test('a body edit keeps the whole tree the reader has (folders they opened stay open, no tree fetched); a new title still reaches it', async () => {
    const tree = page.locator('.sidebar-nav[data-sidebar-complete]');
    await expect.poll(() => tree.count()).toBe(1);
    // Two body edits first, then the one whose tree fetches are counted.
    for (const version of ['fourth', 'fifth']) {
      save('content/guide.mdx', `# Guide\n\nThe ${version} version.\n\n## Details\n\nMore.\n`);
      await expect.poll(mainText).toContain(`The ${version} version.`);
    }
    await expectTreeKeptThroughSave(page, 'sixth');
    // A title change: the server's sidebar differs, the tree is fetched again and shows the title.
    save('content/more/deep.mdx', '# Deeper\n\nOff the path of /guide.\n');
    save('content/guide.mdx', '# Guide\n\nThe seventh version.\n\n## Details\n\nMore.\n');
    await expect.poll(mainText).toContain('The seventh version.');
    await expect.poll(() => page.locator('.sidebar-nav[data-sidebar-complete] .sidebar-folder[data-route="/more"]').innerText()).toContain('Deeper');
  });

  test("a tab's first save after it loaded a page keeps its whole tree too", async () => {
    const fresh = await browser.newPage();
    try {
      await fresh.goto(`http://127.0.0.1:${dev.port}/guide`);
      await expect.poll(() => fresh.locator('.sidebar-nav[data-sidebar-complete]').count()).toBe(1);
      await expectTreeKeptThroughSave(fresh, 'eighth');
    } finally {
      await fresh.close();
    }
  });

  test("a save told to the tabs before a new tab's socket opened is on screen once it opens", async () => {
    // The tab's socket is held until the save has been told to the tabs: on a busy machine the
    // page's script, and so its socket, can come after the change that it would have heard of.
    const tab = await browser.newPage();
    try {
      const route = await openWithSocketHeld(tab, '/guide');
      const shown = Number(await tab.locator('script[data-changes]').getAttribute('data-changes'));
      // A socket of the test's own hears how many changes the tabs were told of as it opens.
      const told = () =>
        new Promise<number>((done, fail) => {
          const socket = new WebSocket(`ws://127.0.0.1:${dev.port}/__docs-gen/ws`, { origin: `http://127.0.0.1:${dev.port}` });
          socket.once('message', (data) => {
            socket.close();
            const message = JSON.parse(String(data)) as DevMessage;
            done(message.type === 'changes' ? message.count : -1);
          });
          socket.once('error', fail);
        });
      // Counted before the save: a late second report of an earlier save is not taken for this one's.
      const toldBefore = await told();
      save('content/guide.mdx', '# Guide\n\nThe version told while the tab was not listening.\n');
      await expect.poll(told).toBeGreaterThan(Math.max(shown, toldBefore));
      expect(await tab.locator('main').innerText()).not.toContain('told while the tab was not listening');
      route.connectToServer();
      await expect.poll(() => tab.locator('main').innerText()).toContain('The version told while the tab was not listening.');
    } finally {
      await tab.close();
    }
  });

  test('an MDX error shows an overlay with file:line:col, as text; fixing the file clears it', async () => {
    save('content/guide.mdx', '# Guide\n\n<div>\n\nUnclosed.\n');
    await overlay().waitFor({ state: 'visible' });
    const text = await overlay().innerText();
    expect(text).toMatch(/content\/guide\.mdx:3:1 error MDX syntax error: Expected a closing tag for `<div>`/);
    // The message's `<div>` is text, not markup.
    expect(await overlay().locator('pre *').count()).toBe(0);
    save('content/guide.mdx', '# Guide\n\nThe fixed version.\n');
    await overlay().waitFor({ state: 'detached' });
    await expect.poll(mainText).toContain('The fixed version.');
  });

  test("a save's page fetch still on its way when the next save is told is given up (its older answer cannot overwrite the newer one), and the newer save is on screen", async () => {
    await markDocument(43);
    const ended = await saveWithFetchHeld(isGuide, 'content/guide.mdx', '# Guide\n\nThe version whose answer is held.\n', async () => {
      save('content/guide.mdx', '# Guide\n\nThe version saved after it.\n');
      await expect.poll(mainText).toContain('The version saved after it.');
    });
    expect(ended).toBe('net::ERR_ABORTED');
    save('content/guide.mdx', '# Guide\n\nOne more version.\n');
    await expect.poll(mainText).toContain('One more version.');
    // Patched in place throughout: a fetch given up is not a failed one (that reloads the page).
    expect(await documentMark()).toBe(43);
  });

  test("an error told while a save's page fetch is on its way gives that fetch up (its answer cannot patch the overlay away), and the overlay shows until the fix", async () => {
    await markDocument(44);
    const ended = await saveWithFetchHeld(isGuide, 'content/guide.mdx', '# Guide\n\nThe version fetched before the error.\n', async () => {
      save('content/guide.mdx', '# Guide\n\n<div>\n\nUnclosed again.\n');
      await overlay().waitFor({ state: 'visible' });
    });
    expect(ended).toBe('net::ERR_ABORTED');
    expect(await overlay().innerText()).toContain('content/guide.mdx:3:1 error MDX syntax error');
    save('content/guide.mdx', '# Guide\n\nFixed after the held fetch.\n');
    await overlay().waitFor({ state: 'detached' });
    await expect.poll(mainText).toContain('Fixed after the held fetch.');
    expect(await documentMark()).toBe(44);
  });

  test("a whole tree still on its way when the page is patched with another is given up (an older tree cannot replace the newer one), and the newer tree is shown", async () => {
    const folder = page.locator('.sidebar-nav[data-sidebar-complete] .sidebar-folder[data-route="/more"]');
    await expect.poll(() => folder.count()).toBe(1);
    const ended = await saveWithFetchHeld((url) => url.pathname.includes('/sidebar-'), 'content/more/deep.mdx', '# Deepest\n\nOff the path of /guide.\n', async () => {
      save('content/more/deep.mdx', '# Deepest of all\n\nOff the path of /guide.\n');
      await expect.poll(() => folder.innerText()).toContain('Deepest of all');
    });
    expect(ended).toBe('net::ERR_ABORTED');
  });

  test('the page reconnects when the server restarts, and live reload works again', async () => {
    const { port } = dev;
    await dev.close();
    dev = await startDevServer({ root: site.root, port, host: '127.0.0.1', log: devLogNoted });
    // Reconnecting reloads the page once the server is back.
    // No limit of its own: the test's timeout is the net.
    await page.waitForEvent('load', { timeout: 0 });
    save('content/guide.mdx', '# Guide\n\nAfter the restart.\n');
    await expect.poll(mainText).toContain('After the restart.');
  });

  test("a tab whose page one dev served, and whose socket first reaches the dev started after it, shows that dev's page", async () => {
    // The socket is held while dev stops, the page changes, and dev starts again: the new dev has
    // told no change (its count is not above the page's), but its session is not the page's.
    const tab = await browser.newPage();
    try {
      const route = await openWithSocketHeld(tab, '/guide');
      const { port } = dev;
      await dev.close();
      save('content/guide.mdx', '# Guide\n\nWritten while dev was stopped.\n');
      dev = await startDevServer({ root: site.root, port, host: '127.0.0.1', log: devLogNoted });
      expect(await tab.locator('main').innerText()).not.toContain('Written while dev was stopped.');
      route.connectToServer();
      await expect.poll(() => tab.locator('main').innerText()).toContain('Written while dev was stopped.');
    } finally {
      await tab.close();
    }
  });
});
