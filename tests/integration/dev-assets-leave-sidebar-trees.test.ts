import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { ASSET_DIR } from '../../src/build/client-assets.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import { buildDevAssets } from '../../src/dev/dev-assets.ts';
import { fixture, tmp } from '../helpers.ts';

let outDir: string;
afterEach(() => rmSync(outDir, { recursive: true, force: true }));

// A config change runs the asset rebuild and the content refresh together; the rebuild once
// removed the whole folder, the refresh's sidebar tree with it (or failed with ENOTEMPTY when the
// refresh wrote during the removal), and every later save in dev reported that error.
test("dev's asset rebuild removes the old bundles but leaves the sidebar trees the pages point at", async () => {
  outDir = tmp();
  const root = fixture('a-tiny-site-that-builds');
  const assetDir = join(outDir, ASSET_DIR);
  mkdirSync(assetDir, { recursive: true });
  writeFileSync(join(assetDir, 'sidebar-en-US-0123456789.json'), '{"sections":{}}');
  // A tree the refresh is writing at this very moment, under its temporary name.
  writeFileSync(join(assetDir, 'sidebar-en-US-9876543210.json.ab12cd34.tmp'), '{"sec');
  writeFileSync(join(assetDir, 'main-OLDHASH.js'), '');
  const { config } = await loadConfig(root);
  const assets = await buildDevAssets({ root, outDir, cacheDir: join(outDir, 'cache'), config });
  expect(existsSync(join(assetDir, 'sidebar-en-US-0123456789.json'))).toBe(true);
  expect(existsSync(join(assetDir, 'sidebar-en-US-9876543210.json.ab12cd34.tmp'))).toBe(true);
  expect(existsSync(join(assetDir, 'main-OLDHASH.js'))).toBe(false);
  expect(assets.assets.styles.length).toBeGreaterThan(0);
});
