import { createHash } from 'node:crypto';
import type { RouteDefinition } from '../pipeline/plugin.ts';
import { toolBuildId } from '../util/tool-build-id.ts';
import type { SiteSnapshot } from './route-data.ts';

/**
 * The persistent cache of rendered pages (`<cacheDir>/rendered/`). A page's HTML is a function
 * of its route definition, the site snapshot every page is rendered with (navigation, theme
 * config, asset URLs, the plugins' theme data such as the image table) and the renderer's code;
 * the key hashes all three, so a changed title (the sidebar) re-renders every page and a changed
 * paragraph only its own.
 *
 * Only pages whose content is data are cached: Markdown compiled to HTML, a plugin's HTML route
 * and the theme's own pages. An MDX page runs the writer's code, which may read the clock or
 * the environment, and a bundled page may import files the key does not cover; they render
 * every time (their compile is cached).
 */
export function isRenderCacheable(definition: RouteDefinition): boolean {
  const { content } = definition;
  return content.type === 'html' || content.type === 'theme' || (content.type === 'mdx' && content.compiled.kind === 'html');
}

/**
 * JSON with every object's keys in sorted order, Maps and Sets as their entries: the same data
 * hashes the same however it was assembled (the page map's folders arrive in the order their
 * `_meta` files were read, which varies from run to run).
 */
const canonical = (_key: string, value: unknown): unknown => {
  if (value instanceof Map || value instanceof Set) return [...value];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
};

/** What every page of this build shares: the renderer and the snapshot. Computed once per build. */
export async function renderCacheSiteKey(snapshot: SiteSnapshot): Promise<string> {
  return createHash('sha256').update(await toolBuildId()).update('\0').update(JSON.stringify(snapshot, canonical)).digest('hex');
}

/** One page's key: the site's key and the page's own definition. */
export function renderCacheKey(siteKey: string, definition: RouteDefinition): string {
  return createHash('sha256').update(siteKey).update('\0').update(JSON.stringify(definition, canonical)).digest('hex');
}
