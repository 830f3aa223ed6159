import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResolvedConfig } from '../config/schema.ts';
import { buildSiteAssets, type SiteAssets } from '../build/site-snapshot.ts';

export type DevAssets = SiteAssets;

/**
 * The theme's client bundle and stylesheet (and the config's islands), built as the build
 * builds them, into dev's own output folder. Old hashed files are removed first.
 */
export async function buildDevAssets(options: { root: string; outDir: string; cacheDir: string; config: ResolvedConfig }): Promise<DevAssets> {
  await rm(join(options.outDir, '_docs-gen'), { recursive: true, force: true });
  return buildSiteAssets(options);
}
