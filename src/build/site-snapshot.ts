import type { ResolvedConfig } from '../config/schema.ts';
import type { SiteData } from '../pipeline/plugin.ts';
import { buildClientAssets, type ClientAssets } from './client-assets.ts';
import { buildServerIslands, resolveIslands } from './islands.ts';
import type { ModuleExport } from '../pipeline/plugin.ts';
import type { SiteSnapshot } from './route-data.ts';
import { themeConfigOf } from './theme-config.ts';

export interface SiteAssets {
  assets: ClientAssets;
  /** The server bundle of the config's islands, for the render workers. */
  islandsModule?: string;
  /** The island component files (dev watches them). */
  islandFiles: string[];
}

/** The client bundle, the stylesheet and the islands' server bundle, built side by side. */
export async function buildSiteAssets(options: { root: string; outDir: string; cacheDir: string; config: ResolvedConfig }): Promise<SiteAssets> {
  const { root, config } = options;
  const islands = resolveIslands(root, config.islands);
  const [assets, islandsModule] = await Promise.all([
    buildClientAssets(options.outDir, { basePath: config.basePath, root, islands }),
    buildServerIslands(islands, options.cacheDir),
  ]);
  return { assets, islandsModule, islandFiles: Object.values(islands) };
}

/** What every render worker receives once: the same for `build` and `dev`. */
export function siteSnapshot(config: ResolvedConfig, site: SiteData, assets: SiteAssets, mdxComponents: Record<string, ModuleExport>, sidebarUrls: Record<string, string>): SiteSnapshot {
  const routesByLocale: Record<string, string[]> = {};
  const fallbackRoutesByLocale: Record<string, string[]> = {};
  for (const r of site.routes) {
    (routesByLocale[r.locale ?? config.defaultLocale] ??= []).push(r.route);
    if (r.fallbackFrom) (fallbackRoutesByLocale[r.locale ?? config.defaultLocale] ??= []).push(r.route);
  }
  return {
    config: themeConfigOf(config),
    navigation: site.navigation,
    assets: assets.assets,
    routesByLocale,
    fallbackRoutesByLocale,
    sidebarUrls,
    islandsModule: assets.islandsModule,
    themeData: site.themeData,
    mdxComponents,
  };
}
