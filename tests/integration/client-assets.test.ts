// The theme's client bundle: which file every page loads, what its chunks carry, and when the prebuilt one serves.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildClientAssets, bundleLazyModules, type ClientAssets } from '../../src/build/client-assets.ts';
import { resolveIslands } from '../../src/build/islands.ts';
import { uiStrings } from '../../src/shared/ui-strings.ts';
import { fixture, repoRoot, tmp } from '../helpers.ts';

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

  test("a lazy chunk that needs none of esbuild's runtime helpers does not import them (the TOC spy, loaded on every page when idle)", () => {
    // Built with an island: React's CommonJS interop puts the helpers in a chunk of their own.
    const assetDir = join(outDir, '_docs-gen');
    const chunks = readdirSync(assetDir).filter((name) => name.endsWith('.js')).map((name) => readFileSync(join(assetDir, name), 'utf8'));
    const tocSpy = chunks.find((code) => code.includes('as spyOnHeadings}'))!;
    expect(tocSpy).toBeDefined();
    expect(tocSpy).not.toMatch(/\bimport\s*["{]/);
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

/** Name → bytes of every file in a folder. */
const filesOf = (dir: string) => Object.fromEntries(readdirSync(dir).sort().map((name) => [name, readFileSync(join(dir, name))]));

test('a site with islands gets the same files, chunk names and all, whatever folder the build runs from', async () => {
  // esbuild's chunk hashes follow its modules' paths relative to its working folder: the current
  // folder made the same site's pages differ from one folder to another (found by a fuzzer).
  const root = fixture('islands-hydrate-an-interactive-counter');
  const islands = resolveIslands(root, { Counter: './components/Counter.tsx' });
  const elsewhere = tmp();
  const before = process.cwd();
  try {
    process.chdir(elsewhere);
    const fromElsewhere = tmp();
    const other = await buildClientAssets(fromElsewhere, { basePath: '/docs', root, islands });
    expect(other.scripts).toEqual(assets.scripts);
    expect(filesOf(join(fromElsewhere, '_docs-gen'))).toEqual(filesOf(join(outDir, '_docs-gen')));
    rmSync(fromElsewhere, { recursive: true, force: true });
  } finally {
    process.chdir(before);
    rmSync(elsewhere, { recursive: true, force: true });
  }
});

test("the lazy modules' chunks are the same bytes in whatever order esbuild's threads meet the entry's dynamic imports", async () => {
  // The order followed which resolve finished first: on a busy CI machine the prebuilt bundle got
  // other chunk names than a build's bundle from the same sources.
  const clientDir = join(repoRoot, 'theme', 'client');
  const lazyModules = [...readFileSync(join(clientDir, 'main.ts'), 'utf8').matchAll(/import\('\.\/([\w-]+\.ts)'\)/g)].map(([, file]) => join(clientDir, file!));
  expect(lazyModules.length).toBeGreaterThan(4);
  const inOrder = tmp();
  const reversed = tmp();
  const first = await bundleLazyModules(inOrder, lazyModules, {}, repoRoot);
  const second = await bundleLazyModules(reversed, [...lazyModules].reverse(), {}, repoRoot);
  expect(second.files).toEqual(first.files);
  expect(filesOf(reversed)).toEqual(filesOf(inOrder));
  for (const module of lazyModules) expect(second.chunkOf(module)).toBe(first.chunkOf(module));
  rmSync(inOrder, { recursive: true, force: true });
  rmSync(reversed, { recursive: true, force: true });
});

describe('the client bundle of a site without islands', () => {
  const prebuilt = join(repoRoot, 'dist', 'client');
  const site = fixture('a-tiny-site-that-builds');

  test("lists its chunks in one order (the prebuilt manifest is in the tool's build id, which every cache key holds)", () => {
    const manifest = JSON.parse(readFileSync(join(prebuilt, 'manifest.json'), 'utf8')) as { files: string[]; entry: string; stylesheet: string };
    const chunks = manifest.files.filter((file) => file !== manifest.entry && file !== manifest.stylesheet);
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks).toEqual([...chunks].sort());
  });

  test('is copied from the one build:tool made, byte for byte what esbuild makes', async () => {
    const copied = tmp();
    const bundled = tmp();
    const fromPrebuilt = await buildClientAssets(copied, { basePath: '', root: site, islands: {} });
    // A folder without a manifest: esbuild bundles.
    const fromEsbuild = await buildClientAssets(bundled, { basePath: '', root: site, islands: {}, prebuiltDir: tmp() });
    expect(fromPrebuilt).toEqual(fromEsbuild);
    expect(filesOf(join(copied, '_docs-gen'))).toEqual(filesOf(join(bundled, '_docs-gen')));
  });

  test('is the prebuilt one only while every source it was made from is unchanged', async () => {
    // A copy whose entry says which way the bundle came.
    const copy = tmp();
    cpSync(prebuilt, copy, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8')) as { entry: string; inputs: Record<string, string> };
    writeFileSync(join(copy, manifest.entry), '/* prebuilt */');
    const unchanged = tmp();
    await buildClientAssets(unchanged, { basePath: '', root: site, islands: {}, prebuiltDir: copy });
    expect(readFileSync(join(unchanged, '_docs-gen', manifest.entry), 'utf8')).toBe('/* prebuilt */');

    // One source's hash differs (the theme changed since): bundled afresh.
    const source = Object.keys(manifest.inputs).find((input) => input.startsWith('theme/client/'))!;
    manifest.inputs[source] = '0'.repeat(64);
    writeFileSync(join(copy, 'manifest.json'), JSON.stringify(manifest));
    const changed = tmp();
    const assets = await buildClientAssets(changed, { basePath: '', root: site, islands: {}, prebuiltDir: copy });
    expect(readFileSync(join(changed, assets.scripts[0]!), 'utf8')).not.toBe('/* prebuilt */');
    expect(readFileSync(join(changed, assets.scripts[0]!), 'utf8')).toContain('import(');
  });
});
