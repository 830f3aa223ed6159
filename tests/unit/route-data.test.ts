import { describe, expect, test } from 'vitest';
import { SiteIndex, type SiteSnapshot } from '../../src/build/route-data.ts';
import { themeConfigOf } from '../../src/build/theme-config.ts';
import { configSchema } from '../../src/config/schema.ts';
import type { RouteDefinition } from '../../src/pipeline/plugin.ts';
import type { PageMapItem } from '../../src/shared/types.ts';
import { page } from '../page-map-items.ts';

const config = themeConfigOf(configSchema.parse({}));

const folder = (route: string, title: string, children: PageMapItem[], withIndexPage = false): PageMapItem => ({ ...page(route, title), kind: 'Folder', withIndexPage, children });

function siteIndex(pageMap: PageMapItem[], routes: string[]): SiteIndex {
  const snapshot: SiteSnapshot = {
    config,
    navigation: { 'en-US': { locale: 'en-US', pageMap, themeByRoute: {} } },
    assets: { scripts: [], styles: [] },
    routesByLocale: { 'en-US': routes },
    fallbackRoutesByLocale: {},
    sidebarUrls: { 'en-US': '/_docs-gen/sidebar-en-US-0123456789.json' },
    themeData: {},
    mdxComponents: {},
  };
  return new SiteIndex(snapshot);
}

const definition = (route: string): RouteDefinition => ({ route, locale: 'en-US', title: route, content: { type: 'html', html: '' } });

/**
 * /            Home
 * /guide       Guide (folder with its page)
 *   /guide/a   A
 *   /guide/b   B (hidden)
 *   /guide/c   C
 * /ref         Reference (folder without a page)
 *   /ref/x     X
 */
const small = [
  page('/', 'Home'),
  folder('/guide', 'Guide', [page('/guide/a', 'A'), page('/guide/b', 'B', { display: 'hidden' }), page('/guide/c', 'C')], true),
  folder('/ref', 'Reference', [page('/ref/x', 'X')]),
];

describe('route data: previous and next', () => {
  const index = siteIndex(small, ['/', '/guide', '/guide/a', '/guide/b', '/guide/c', '/ref/x']);
  const neighbours = (route: string) => {
    const data = index.routeData(definition(route));
    return [data.prev?.route, data.next?.route];
  };

  test('the first page has no previous page, the last no next', () => {
    expect(neighbours('/')).toEqual([undefined, '/guide']);
    expect(neighbours('/ref/x')).toEqual(['/guide/c', undefined]);
  });

  test('a folder with its page comes before its children; hidden pages are skipped', () => {
    expect(neighbours('/guide')).toEqual(['/', '/guide/a']);
    expect(neighbours('/guide/a')).toEqual(['/guide', '/guide/c']);
    expect(neighbours('/guide/c')).toEqual(['/guide/a', '/ref/x']);
  });

  test('a page outside the reading order (hidden) has neither', () => {
    expect(neighbours('/guide/b')).toEqual([undefined, undefined]);
  });

  test('breadcrumbs link only folders with a page', () => {
    expect(index.routeData(definition('/ref/x')).breadcrumbs).toEqual([
      { title: 'Reference', route: '' },
      { title: 'X', route: '/ref/x' },
    ]);
  });
});

/** A site of `sections` top-level folders of 20 pages each, and a proxy that counts every read of a page-map item's property. */
function countedSite(sections: number) {
  let reads = 0;
  const counted = <T extends object>(value: T): T =>
    new Proxy(value, {
      get(target, key, receiver) {
        reads++;
        const property = Reflect.get(target, key, receiver) as unknown;
        return typeof property === 'object' && property !== null ? counted(property) : property;
      },
    });
  const pageMap: PageMapItem[] = [];
  const routes: string[] = [];
  for (let s = 0; s < sections; s++) {
    const children: PageMapItem[] = [];
    for (let p = 0; p < 20; p++) {
      children.push(page(`/s${s}/p${p}`, `Page ${p}`));
      routes.push(`/s${s}/p${p}`);
    }
    pageMap.push(folder(`/s${s}`, `Section ${s}`, children, true));
    routes.push(`/s${s}`);
  }
  const index = siteIndex(counted(pageMap), routes);
  return {
    routes,
    /** Page-map reads per page, after a first page built what is built once. */
    readsPerPage(): number {
      index.routeData(definition(routes[0]!));
      reads = 0;
      for (const route of routes) index.routeData(definition(route));
      return reads / routes.length;
    },
  };
}

describe('route data: the work per page does not grow with the site', () => {
  test('placing a page reads as much of the page map at 2000 pages as at 100', () => {
    const perPageSmall = countedSite(5).readsPerPage();
    const perPageLarge = countedSite(100).readsPerPage();
    expect(perPageLarge).toBeLessThanOrEqual(perPageSmall * 1.2);
  });
});
