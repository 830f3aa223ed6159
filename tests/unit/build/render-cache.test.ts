import { describe, expect, test } from 'vitest';
import { renderCacheKey, renderCacheSiteKey } from '../../../src/build/render-cache.ts';
import type { SiteSnapshot } from '../../../src/build/route-data.ts';
import type { RouteDefinition } from '../../../src/pipeline/plugin.ts';

/** A stand-in snapshot: only its data matters to the key. */
const snapshot = (sourceByFolder: Record<string, string>, title = 'Site') =>
  ({ config: { title }, navigation: { 'en-US': { sourceByFolder } }, assets: { scripts: [], styles: [] }, routesByLocale: {}, themeData: {}, mdxComponents: {} }) as unknown as SiteSnapshot;

describe('the key of a rendered page in the persistent cache', () => {
  test('does not depend on the order in which the site data was assembled', async () => {
    const one = await renderCacheSiteKey(snapshot({ '/a': 'content/a/_meta.json', '/b': 'content/b/_meta.json' }));
    const other = await renderCacheSiteKey(snapshot({ '/b': 'content/b/_meta.json', '/a': 'content/a/_meta.json' }));
    expect(other).toBe(one);
  });

  test('changes with the site data and with the page', async () => {
    const site = await renderCacheSiteKey(snapshot({ '/a': 'x' }));
    expect(await renderCacheSiteKey(snapshot({ '/a': 'x' }, 'Other'))).not.toBe(site);
    const page = (title: string) => ({ route: '/a', title, content: { type: 'html', html: '<p>a</p>' } }) as RouteDefinition;
    expect(renderCacheKey(site, page('A'))).toBe(renderCacheKey(site, page('A')));
    expect(renderCacheKey(site, page('B'))).not.toBe(renderCacheKey(site, page('A')));
  });
});
