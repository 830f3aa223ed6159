import type { ResolvedConfig } from '../config/schema.ts';
import type { Navigation, SiteData } from '../pipeline/plugin.ts';
import type { PageMapItem } from '../shared/types.ts';
import { buildClientAssets, type ClientAssets, type PrebuiltClient } from './client-assets.ts';
import { buildServerIslands, resolveIslands } from './islands.ts';
import type { ModuleExport } from '../pipeline/plugin.ts';
import type { SiteSnapshot } from './route-data.ts';
import { themeConfigOf } from './theme-config.ts';
import type { KeepsCopy } from '../util/symlink-policy.ts';

export interface SiteAssets {
  assets: ClientAssets;
  /** The server bundle of the config's islands, for the render workers. */
  islandsModule?: string;
  /** The island component files (dev watches them). */
  islandFiles: string[];
}

/** The client bundle, the stylesheet and the islands' server bundle, built side by side. */
export async function buildSiteAssets(options: { root: string; outDir: string; cacheDir: string; config: ResolvedConfig; keepsCopy?: KeepsCopy; /** `usablePrebuiltClient` of the config's islands, asked already. */ prebuilt?: Promise<PrebuiltClient | undefined> }): Promise<SiteAssets> {
  const { root, config } = options;
  const islands = resolveIslands(root, config.islands);
  const [assets, islandsModule] = await Promise.all([
    buildClientAssets(options.outDir, { basePath: config.basePath, root, islands, keepsCopy: options.keepsCopy, prebuilt: options.prebuilt }),
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
    navigation: renderedNavigation(site.navigation),
    assets: assets.assets,
    routesByLocale,
    fallbackRoutesByLocale,
    sidebarUrls,
    islandsModule: assets.islandsModule,
    themeData: site.themeData,
    mdxComponents,
  };
}

/**
 * Each locale's rendered navigation, made once per navigation object: dev's pipeline keeps a
 * locale's navigation object while no title or `_meta` changed (a new record around it at each
 * run), and compares snapshots part by part, the same objects at once. Made anew per record,
 * every save at 10 000 pages copied and compared 10 000 items.
 */
const renderedNavigations = new WeakMap<Navigation, Navigation>();

/**
 * The navigation as the render workers get it: the page map without its items' front matter, and
 * without `sourceByFolder` (`check`'s). Nothing a worker renders reads another page's front matter
 * (a page's own comes with its route), yet at 10 000 pages it was two fifths of the snapshot each
 * worker is sent, and it is in every rendered page's cache key: a description edited on one page
 * rendered every page again.
 */
export function renderedNavigation(navigation: Record<string, Navigation>): Record<string, Navigation> {
  const rendered: Record<string, Navigation> = {};
  for (const [locale, localeNavigation] of Object.entries(navigation)) {
    let made = renderedNavigations.get(localeNavigation);
    if (!made) {
      const { locale: name, pageMap, themeByRoute } = localeNavigation;
      made = { locale: name, pageMap: withoutFrontMatter(pageMap), themeByRoute };
      renderedNavigations.set(localeNavigation, made);
    }
    rendered[locale] = made;
  }
  return rendered;
}

function withoutFrontMatter(items: readonly PageMapItem[]): PageMapItem[] {
  return items.map((item) => {
    if (item.frontMatter === undefined && item.children === undefined) return item;
    const { frontMatter: _frontMatter, ...rest } = item;
    return item.children === undefined ? rest : { ...rest, children: withoutFrontMatter(item.children) };
  });
}
