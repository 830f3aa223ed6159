import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser.ts';

// Playwright keeps its limits in a private object; there is no public getter for them. Read here
// only to hold the browser tests to one rule: the test's timeout is the only wall-clock net.
interface WithTimeoutSettings {
  _timeoutSettings: { _timeout(options: object): number; _navigationTimeout(options: object): number };
}
const limits = (page: Page) => {
  const settings = (page as unknown as WithTimeoutSettings)._timeoutSettings;
  return { action: settings._timeout({}), navigation: settings._navigationTimeout({}) };
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

test('a page of the test browser has no time limit of Playwright\'s own (0: none), whichever way it was opened', async () => {
  const context = await browser.newContext();
  const inContext = await context.newPage();
  const alone = await browser.newPage();
  expect(limits(inContext)).toEqual({ action: 0, navigation: 0 });
  expect(limits(alone)).toEqual({ action: 0, navigation: 0 });
  await context.close();
  await alone.close();
});
