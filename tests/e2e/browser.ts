import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, type ExpectStatic, type TestContext } from 'vitest';
import { build } from '../../src/build/build.ts';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serveStatic } from '../../src/dev/static-server.ts';
import { listenOnLocalhost } from '../listen-on-localhost.ts';
import { repoRoot } from '../helpers.ts';
import { relSiteBuiltOnce } from '../rel-site-once.ts';
import { watchPage } from './page-timeline.ts';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Chromium with no time limits of Playwright's own: its defaults (30 s for each action, wait and
 * navigation, 180 s for the launch) are speeds a busy machine must meet, and shorter than the
 * test's timeout, which is the only net (vitest.config.ts). Every context the browser opens, and
 * so every page, waits as long as its test may.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS, timeout: 0 });
  const newContext = browser.newContext.bind(browser);
  // browser.newPage() opens its context through this too.
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(0);
    // What each page does goes on the timeline a failed test prints (page-timeline.ts).
    context.on('page', watchPage);
    return context;
  };
  return browser;
}

/**
 * The page's script errors and console errors, as they come. A failed load is left out: the
 * browser's own /favicon.ico probe is not ours (a test that cares about loads watches responses).
 */
export function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}

/**
 * Replaces the page's `window.open` with one that only records its calls (their arguments as
 * strings); resolves to a function that reads the calls so far.
 */
export async function recordWindowOpen(page: Page): Promise<() => Promise<string[][]>> {
  await page.evaluate(() => {
    const opened: string[][] = [];
    window.open = (...args: unknown[]) => {
      opened.push(args.map(String));
      return null;
    };
    (window as unknown as { opened: string[][] }).opened = opened;
  });
  return () => page.evaluate(() => (window as unknown as { opened: string[][] }).opened);
}

/**
 * Switches an open page to `theme` as a reader's system setting would (the theme follows it live,
 * theme/client/theme.ts), and resolves once the page shows it and its colour transitions ended:
 * what is measured or pictured next has the theme's own colours. `expectOfTest`: a concurrent
 * test passes its own.
 */
export async function switchTheme(page: Page, theme: 'light' | 'dark', expectOfTest: ExpectStatic = expect): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expectOfTest.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
  await transitionsEnded(page);
}

/**
 * The steps of a test, named, so that its failure says what it was doing. A test the timeout
 * (vitest.config.ts) ends is otherwise reported by its title alone, and a wait that never ends
 * (an action Chromium never answers, a poll for a state the page never reaches) cannot be told
 * from a slow machine. What the pages did meanwhile is printed beside it (page-timeline.ts). The
 * times are only reported, never compared.
 */
export type Steps = <T>(what: string, action: () => Promise<T>) => Promise<T>;

/** Steps reported through the test's `onTestFailed` (a concurrent test passes its own context's). */
export function reportedSteps(onTestFailed: TestContext['onTestFailed']): Steps {
  const began = performance.now();
  const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
  const ended: string[] = [];
  const running = new Map<string, number>();
  onTestFailed(({ task }) => {
    const lines = [`"${task.name}" failed ${seconds(began)} after it began`];
    for (const [what, since] of running) lines.push(`  still running: ${what} (for ${seconds(since)})`);
    lines.push(`  ended: ${ended.join('; ') || 'nothing'}`);
    console.error(lines.join('\n'));
  });
  return async <T>(what: string, action: () => Promise<T>): Promise<T> => {
    const since = performance.now();
    running.set(what, since);
    try {
      const result = await action();
      ended.push(`${what} ${seconds(since)}`);
      return result;
    } catch (error) {
      ended.push(`${what} FAILED after ${seconds(since)}`);
      throw error;
    } finally {
      running.delete(what);
    }
  };
}

/** Resolves once no CSS transition of the page runs (colours changing after a class did). */
export async function transitionsEnded(page: Page): Promise<void> {
  // A transition cancelled by another (the class changes twice) rejects its `finished`: wait for what runs then.
  await page.evaluate(async () => {
    const running = () => document.getAnimations().filter((animation) => animation instanceof CSSTransition && animation.playState === 'running');
    for (let transitions = running(); transitions.length; transitions = running()) await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
  });
}

/** Serves a built folder on 127.0.0.1 (random port) the way a static host would. */
export async function serveFolder(root: string, basePath = ''): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => void serveStatic(request, response, { root, basePath }));
  return { url: await listenOnLocalhost(server), server };
}

/** A site built once for a test file, served on 127.0.0.1, with a browser: the usual e2e setup. */
export interface BuiltSite {
  browser: Browser;
  /** `http://127.0.0.1:port` */
  base: string;
  outDir: string;
}

/**
 * Registers beforeAll/afterAll hooks that build `root`, serve it and launch Chromium; the
 * returned object is filled in once they ran. The Rel site (`repoRoot`) is built once for the
 * whole run and shared (tests/rel-site-once.ts): read its output, never write to it.
 */
export function useBuiltSite(root: string): BuiltSite {
  const site = {} as BuiltSite;
  const shared = root === repoRoot;
  let server: Server | undefined;
  beforeAll(async () => {
    if (shared) site.outDir = await relSiteBuiltOnce();
    else {
      site.outDir = mkdtempSync(join(tmpdir(), 'docs-gen-e2e-'));
      await build({ root, outDir: site.outDir });
    }
    const served = await serveFolder(site.outDir);
    server = served.server;
    site.base = served.url;
    site.browser = await launchChromium();
  });
  afterAll(async () => {
    await site.browser?.close();
    server?.close();
    if (site.outDir && !shared) rmSync(site.outDir, { recursive: true, force: true });
  });
  return site;
}
