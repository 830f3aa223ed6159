// The theme's client bundle: which file every page loads, and what its chunks carry.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildClientAssets, type ClientAssets } from '../../src/build/client-assets.ts';
import { resolveIslands } from '../../src/build/islands.ts';
import { uiStrings } from '../../src/shared/ui-strings.ts';
import { fixture, tmp } from '../helpers.ts';

const outDir = tmp();
let assets: ClientAssets;
beforeAll(async () => {
  const root = fixture('islands-hydrate-an-interactive-counter');
  assets = await buildClientAssets(outDir, { basePath: '/docs', root, islands: resolveIslands(root, { Counter: './components/Counter.tsx' }) });
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the client bundle', () => {
  test('pages load the entry (main.ts), never one of the chunks it imports when needed', () => {
    // With islands there are five dynamic imports (islands, search, search modal, outputs, the
    // engine), each of which esbuild's metafile also marks with an entry point.
    expect(assets.scripts).toHaveLength(1);
    expect(assets.scripts[0]).toMatch(/^\/docs\/_docs-gen\/client-[A-Z0-9]+\.js$/);
    const entry = readFileSync(join(outDir, assets.scripts[0]!.slice('/docs'.length)), 'utf8');
    expect(entry).toContain('import("./');
  });

  test('no script or chunk carries the dictionaries: the client reads its strings from the page', () => {
    const scripts = readdirSync(join(outDir, '_docs-gen')).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(1);
    // Strings only the server renders (ASCII, so esbuild writes them as they are): a script that
    // holds one holds a whole dictionary, French and Arabic tables with it.
    const serverOnly = (['notFoundText', 'serverErrorText', 'feedbackQuestion'] as const).map((key) => uiStrings('en')[key]);
    const carrying = scripts.flatMap((name) => {
      const text = readFileSync(join(outDir, '_docs-gen', name), 'utf8');
      return serverOnly.filter((string) => text.includes(string)).map((string) => `${name}: ${string}`);
    });
    expect(carrying).toEqual([]);
  });
});
