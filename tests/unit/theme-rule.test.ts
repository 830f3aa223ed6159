import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { describe, expect, test } from 'vitest';
import { headScript } from '../../src/build/inline-scripts.ts';
import { isDarkTheme, themeChoice } from '../../theme/client/theme-rule.ts';
import { repoRoot } from '../helpers.ts';

interface Visit {
  /** What `localStorage.theme` holds (null: nothing). */
  stored: string | null;
  /** The site's `defaultTheme` (`data-default-theme`). */
  siteDefault: string | null;
  systemPrefersDark: boolean;
}

/** The scheme a page shows: what the head script (or the client) wrote on `<html>`. */
interface Shown {
  dark: boolean;
  colorScheme: string | undefined;
}

/** Runs a browser script against a minimal page holding `visit`'s storage, attributes and system preference. */
function runInPage(script: string, visit: Visit): Shown {
  const classes = new Set<string>();
  const style: { colorScheme?: string } = {};
  const attributes: Record<string, string | null> = { 'data-default-theme': visit.siteDefault };
  const documentElement = {
    getAttribute: (name: string) => attributes[name] ?? null,
    classList: {
      add: (name: string) => classes.add(name),
      toggle: (name: string, force: boolean) => (force ? classes.add(name) : classes.delete(name)),
    },
    style,
  };
  const page = {
    document: { documentElement, querySelectorAll: () => [] },
    localStorage: { getItem: (key: string) => (key === 'theme' ? visit.stored : null), setItem: () => undefined },
    matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && visit.systemPrefersDark, addEventListener: () => undefined }),
    window: { addEventListener: () => undefined },
  };
  runInNewContext(script, page);
  return { dark: classes.has('dark'), colorScheme: style.colorScheme };
}

/** The theme switcher's start, as the browser runs it: `initTheme` bundled from `theme/client/theme.ts`. */
const clientStart = buildSync({
  stdin: { contents: "import { initTheme } from './theme.ts'; initTheme();", resolveDir: join(repoRoot, 'theme', 'client'), loader: 'ts' },
  bundle: true,
  format: 'iife',
  write: false,
  logLevel: 'silent',
}).outputFiles[0]!.text;

const STORED = [null, 'light', 'dark', 'system', '', 'blue'];
const DEFAULTS = [null, 'light', 'dark', 'system'];
const visits: Visit[] = STORED.flatMap((stored) => DEFAULTS.flatMap((siteDefault) => [false, true].map((systemPrefersDark) => ({ stored, siteDefault, systemPrefersDark }))));

describe('the colour-scheme rule (theme/client/theme-rule.ts)', () => {
  test.each([
    // stored, site default, system prefers dark → dark
    ['dark', 'light', false, true],
    ['light', 'dark', true, false],
    ['system', 'light', true, true],
    ['system', 'dark', false, false],
    [null, 'dark', false, true],
    [null, 'light', true, false],
    [null, 'system', true, true],
    [null, null, true, true],
    [null, null, false, false],
    ['', 'dark', false, true],
    ['blue', 'dark', false, true],
    ['blue', null, true, true],
  ] as const)('stored %j, site default %j, system prefers dark %j: dark is %j', (stored, siteDefault, systemPrefersDark, dark) => {
    expect(isDarkTheme(themeChoice(stored, siteDefault), systemPrefersDark)).toBe(dark);
  });

  test('a value that is not a choice counts as none: the site default applies, else system', () => {
    expect(themeChoice('', 'dark')).toBe('dark');
    expect(themeChoice('Dark', 'light')).toBe('light');
    expect(themeChoice(null, 'sepia')).toBe('system');
  });

  test.each(visits)('the head script and the client show the rule for %j', (visit) => {
    const dark = isDarkTheme(themeChoice(visit.stored, visit.siteDefault), visit.systemPrefersDark);
    const expected: Shown = { dark, colorScheme: dark ? 'dark' : 'light' };
    expect(runInPage(headScript(), visit)).toEqual(expected);
    expect(runInPage(clientStart, visit)).toEqual(expected);
  });
});
