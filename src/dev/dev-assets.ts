import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { buildClientAssets, type ClientAssets } from '../build/client-assets.ts';
import { buildServerIslands, resolveIslands } from '../build/islands.ts';
import type { ResolvedConfig } from '../config/schema.ts';

export interface DevAssets {
  assets: ClientAssets;
  /** The server bundle of the config's islands, for the render workers. */
  islandsModule?: string;
  /** The island component files (dev watches them). */
  islandFiles: string[];
}

/**
 * The theme's client bundle and stylesheet (and the config's islands), built as the build
 * builds them, into dev's own output folder. Old hashed files are removed first.
 */
export async function buildDevAssets(options: { root: string; outDir: string; cacheDir: string; config: ResolvedConfig }): Promise<DevAssets> {
  const { root, outDir, config } = options;
  await rm(join(outDir, '_docs-gen'), { recursive: true, force: true });
  const islands = resolveIslands(root, config.islands);
  const [assets, islandsModule] = await Promise.all([
    buildClientAssets(outDir, { basePath: config.basePath, root, islands }),
    buildServerIslands(islands, options.cacheDir),
  ]);
  return { assets, islandsModule, islandFiles: Object.values(islands) };
}
