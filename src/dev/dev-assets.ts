import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResolvedConfig } from '../config/schema.ts';
import { buildSiteAssets, type SiteAssets } from '../build/site-snapshot.ts';
import { ASSET_DIR } from '../build/client-assets.ts';
import { isSidebarDataFile } from '../build/sidebar-data.ts';

export type DevAssets = SiteAssets;

/**
 * The theme's client bundle and stylesheet (and the config's islands), built as the build
 * builds them, into dev's own output folder. Old hashed files are removed first, but not the
 * sidebar trees: the content refresh writes those into the same folder, often at the same time
 * (a config change runs both), and the pages being served point at them. Removing the whole
 * folder under a refresh failed with ENOTEMPTY, or took away the tree a page was about to fetch.
 */
export async function buildDevAssets(options: { root: string; outDir: string; cacheDir: string; config: ResolvedConfig }): Promise<DevAssets> {
  const assetDir = join(options.outDir, ASSET_DIR);
  const names = await readdir(assetDir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => !isSidebarDataFile(name)).map((name) => rm(join(assetDir, name), { recursive: true, force: true })));
  return buildSiteAssets(options);
}
