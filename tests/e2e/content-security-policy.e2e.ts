/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { fixture } from '../helpers.ts';
import { recordErrors, useBuiltSite } from './browser.ts';

const site = useBuiltSite(fixture('a-site-with-a-content-security-policy-runs-the-theme-scripts'));

declare global {
  interface Window {
    cspViolations: string[];
    userInlineScriptRan?: boolean;
  }
}

/** Opens `path` in dark mode with every CSP violation and console error recorded. */
async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await site.browser.newPage();
  const errors = recordErrors(page);
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`));
    localStorage.setItem('theme', 'dark');
  });
  await page.goto(`${site.base}${path}`);
  await page.waitForLoadState('networkidle');
  return { page, errors };
}

describe('the Content-Security-Policy option', () => {
  test('every page carries the policy in a meta tag before any script, with the hash of the theme script', () => {
    const html = readFileSync(join(site.outDir, 'index.html'), 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"\/>/.exec(html);
    expect(meta, 'the CSP meta tag').not.toBeNull();
    expect(meta![1]!.replaceAll('&#x27;', "'")).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'; object-src 'none'; base-uri 'self'$/);
    expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf('<script'));
  });

  test('a page of the theme runs with no violation: the dark-mode head script runs and the client works', async () => {
    const { page, errors } = await open('/');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.setViewportSize({ width: 500, height: 800 });
    await page.click('[data-menu-toggle]');
    expect(await page.getAttribute('[data-menu-toggle]', 'aria-expanded')).toBe('true');
    expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("an inline script of the site's own is blocked (why the option is off by default)", async () => {
    const { page } = await open('/guide');
    expect(await page.evaluate(() => window.userInlineScriptRan)).toBeUndefined();
    expect(await page.evaluate(() => window.cspViolations)).toEqual(['script-src-elem inline']);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.close();
  });
});
