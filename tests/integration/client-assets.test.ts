// The theme's client bundle: which file every page loads.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { buildClientAssets } from '../../src/build/client-assets.ts';
import { resolveIslands } from '../../src/build/islands.ts';
import { fixture, tmp } from '../helpers.ts';

const outDir = tmp();
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the client bundle', () => {
  test('pages load the entry (main.ts), never one of the chunks it imports when needed', async () => {
    // With islands there are five dynamic imports (islands, search, search modal, outputs, the
    // engine), each of which esbuild's metafile also marks with an entry point.
    const root = fixture('islands-hydrate-an-interactive-counter');
    const assets = await buildClientAssets(outDir, { basePath: '/docs', root, islands: resolveIslands(root, { Counter: './components/Counter.tsx' }) });
    expect(assets.scripts).toHaveLength(1);
    expect(assets.scripts[0]).toMatch(/^\/docs\/_docs-gen\/client-[A-Z0-9]+\.js$/);
    const entry = readFileSync(join(outDir, assets.scripts[0]!.slice('/docs'.length)), 'utf8');
    expect(entry).toContain('import("./');
  });

  test("a lazy chunk that needs none of esbuild's runtime helpers does not import them (the TOC spy, loaded on every page when idle)", () => {
    // Built by the test above, with an island: React's CommonJS interop puts the helpers in a chunk of their own.
    const assetDir = join(outDir, '_docs-gen');
    const chunks = readdirSync(assetDir).filter((name) => name.endsWith('.js')).map((name) => readFileSync(join(assetDir, name), 'utf8'));
    const tocSpy = chunks.find((code) => code.includes('as spyOnHeadings}'))!;
    expect(tocSpy).toBeDefined();
    expect(tocSpy).not.toMatch(/\bimport\s*["{]/);
  });
});
