import type { Page } from 'playwright-core';

/**
 * One timeline of what the browser's pages did, for every browser `launchChromium` starts, and of
 * what a test adds to it (`note`: a save, a dev server's line). A test that fails prints the part
 * since it began (tests/print-timeline-on-failure.ts): a wait that never ends otherwise leaves
 * only the test's title, and cannot be told from a slow machine. Each line is a fact with its
 * time; nothing here is ever compared.
 *
 * Kept light (no import but a type) so that every integration file can load the printer.
 */
interface Moment {
  at: number;
  text: string;
}

/** Enough for a failed test's own part; older lines are dropped as new ones come. */
const KEPT = 3000;
const timeline: Moment[] = [];
/** When the newest line dropped for room was noted, and how many were dropped. */
let dropped = { count: 0, lastAt: -Infinity };
let pagesWatched = 0;
/** Each watched page's name on the timeline. */
const pageNames = new WeakMap<Page, string>();

const seconds = (at: number) => `${(at / 1000).toFixed(2)} s`;

/** A URL as the timeline shows it: its path and query (the origin is the test's own server). */
function path(url: string): string {
  try {
    const { pathname, search } = new URL(url);
    return pathname + search;
  } catch {
    return url;
  }
}

/** Adds a line to the timeline, now. */
export function note(text: string): void {
  timeline.push({ at: performance.now(), text });
  if (timeline.length > KEPT) {
    const gone = timeline.splice(0, timeline.length - KEPT);
    dropped = { count: dropped.count + gone.length, lastAt: gone[gone.length - 1]!.at };
  }
}

/**
 * `page`'s name on the timeline ("page 3"). Tests that run at once share the timeline: a test
 * notes which page is its own (`note(\`${pageName(page)} is …\`)`) so its failure can be read.
 */
export function pageName(page: Page): string {
  return pageNames.get(page) ?? 'a page not watched';
}

/** A dev server's log that puts its lines on the timeline (an error by its first line, the one that names its place). */
export const devLogNoted = {
  info: (text: string) => note(`dev: ${text}`),
  error: (text: string) => note(`dev error: ${text.split('\n')[0]}`),
};

/** Resource types whose every request and answer is noted (a page's loads, scripts and its scripts' fetches); of the rest, only failures. */
const NOTED_TYPES = new Set(['document', 'fetch', 'xhr', 'script']);

/**
 * Notes what `page` does: where it navigates, the answers to its loads and fetches (and any error
 * answer), requests that failed, script and console errors, what its sockets hear, a crash, its close.
 */
export function watchPage(page: Page): void {
  const name = `page ${++pagesWatched}`;
  pageNames.set(page, name);
  note(`${name} opened`);
  page.on('framenavigated', (frame) => frame === page.mainFrame() && note(`${name} navigated to ${frame.url()}`));
  page.on('request', (request) => NOTED_TYPES.has(request.resourceType()) && note(`${name} asked for ${path(request.url())}`));
  page.on('response', (response) => {
    const status = response.status();
    if (NOTED_TYPES.has(response.request().resourceType()) || (status >= 400 && !response.url().endsWith('/favicon.ico'))) note(`${name} got ${status} for ${path(response.url())}`);
  });
  page.on('requestfailed', (request) => note(`${name}: ${request.method()} ${path(request.url())} failed: ${request.failure()?.errorText ?? 'no reason given'}`));
  page.on('pageerror', (error) => note(`${name}: script error: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && note(`${name}: console error: ${message.text()}`));
  page.on('websocket', (socket) => {
    note(`${name}: socket to ${path(socket.url())} opened`);
    socket.on('framereceived', ({ payload }) => note(`${name} heard: ${String(payload).slice(0, 160).replace(/\s+/g, ' ')}`));
    socket.on('close', () => note(`${name}: socket to ${path(socket.url())} closed`));
  });
  // A renderer that crashed fails every evaluate, and a poll retries those until its limit or the test's.
  page.on('crash', () => note(`${name} crashed`));
  page.on('close', () => note(`${name} closed`));
}

/** The timeline's lines since `since` (a `performance.now()`), each with its time from then. */
export function timelineSince(since: number): string[] {
  const lines = timeline.filter((moment) => moment.at >= since).map((moment) => `${seconds(moment.at - since)} ${moment.text}`);
  // The start of a long test may have made room for later lines: said, not passed over.
  if (dropped.lastAt >= since) lines.unshift(`(earlier lines dropped for room: ${dropped.count} in the run so far)`);
  return lines;
}
