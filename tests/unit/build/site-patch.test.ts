import { describe, expect, test } from 'vitest';
import type { SiteSnapshot } from '../../../src/build/route-data.ts';
import { applySitePatch, sitePatch } from '../../../src/build/site-patch.ts';
import type { ThemeData } from '../../../src/shared/types.ts';

/** A snapshot whose navigation stands for 10 000 pages' worth (its size is not what is tested). */
const snapshot = (themeData: ThemeData, routes: string[] = ['/', '/a']): SiteSnapshot =>
  ({
    config: { title: 'Site' },
    navigation: { 'en-US': { locale: 'en-US', pageMap: [], themeByRoute: {} } },
    assets: { scripts: ['/app.js'], styles: [] },
    routesByLocale: { 'en-US': routes },
    fallbackRoutesByLocale: {},
    sidebarUrls: { 'en-US': '/sidebar.json' },
    themeData,
    mdxComponents: {},
  }) as unknown as SiteSnapshot;

const everyPage = Array.from({ length: 3 }, (_, i) => ({ route: `/p${i}`, title: `Page ${i}` }));

describe("dev's snapshot patches", () => {
  test('hold only the theme data entries that changed: a new image does not resend every page of another entry', () => {
    const sent = snapshot({ pages: everyPage, images: {} });
    // Equal data in new objects, as a plugin's contentLoaded run makes it again.
    const next = snapshot({ pages: everyPage.map((p) => ({ ...p })), images: { '/logo.svg': { width: 17, height: 13, type: 'svg', mime: 'image/svg+xml' } } });
    const patch = sitePatch(sent, next);
    expect(patch).toEqual({ themeData: { images: next.themeData.images } });
    expect(applySitePatch(sent, patch!)).toEqual(next);
  });

  test('name the theme data entries the site has no longer, and the workers drop them', () => {
    const sent = snapshot({ pages: everyPage, relOutputs: { path: '/rel-output', files: {} } });
    const next = snapshot({ pages: everyPage });
    const patch = sitePatch(sent, next);
    expect(patch).toEqual({ themeDataRemoved: ['relOutputs'] });
    const applied = applySitePatch(sent, patch!);
    expect(applied.themeData).toEqual({ pages: everyPage });
    // The whole snapshot the worker keeps is left as it was: the next patch starts from it again.
    expect(sent.themeData.relOutputs).toBeDefined();
  });

  test('carry a changed route list whole, and are empty when nothing changed', () => {
    const sent = snapshot({ pages: everyPage });
    expect(sitePatch(sent, snapshot({ pages: everyPage }))).toEqual({});
    const next = snapshot({ pages: everyPage }, ['/', '/a', '/b']);
    const patch = sitePatch(sent, next);
    expect(patch).toEqual({ routesByLocale: { 'en-US': ['/', '/a', '/b'] } });
    expect(applySitePatch(sent, patch!)).toEqual(next);
  });

  test('are no patch when navigation or the config changed: the site goes whole', () => {
    const sent = snapshot({});
    expect(sitePatch(sent, { ...sent, config: { ...sent.config, title: 'Other' } })).toBeUndefined();
    expect(sitePatch(sent, { ...sent, navigation: {} })).toBeUndefined();
  });
});
