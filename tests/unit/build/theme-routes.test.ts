import { describe, expect, test } from 'vitest';
import { addThemeRoutes } from '../../../src/build/build.ts';
import type { ResolvedConfig } from '../../../src/config/schema.ts';
import type { RouteDefinition, SiteData } from '../../../src/pipeline/plugin.ts';

const config = { title: 'Site', defaultLocale: 'en-US', locales: [{ locale: 'en-US' }, { locale: 'fr-FR' }] } as unknown as ResolvedConfig;
const page = (route: string, locale: string, extra: Partial<RouteDefinition> = {}): RouteDefinition => ({ route, locale, title: route, content: { type: 'html', html: `<p>${route}</p>` }, references: [{ kind: 'link', url: '/a', line: 1, column: 1 }], ...extra });
const listed = (site: SiteData) => site.routes.map((r) => `${r.locale} ${r.route}${r.fallbackFrom ? ` (from ${r.fallbackFrom})` : ''}${r.references ? ' +refs' : ''}`);

describe('the routes the theme adds', () => {
  test("each other locale gets a copy of each page it lacks, without references, and each locale its special pages", () => {
    const site = { routes: [page('/', 'en-US'), page('/guide', 'en-US'), page('/', 'fr-FR')], navigation: {}, globalData: {}, themeData: {} } as SiteData;
    addThemeRoutes(site, config);
    expect(listed(site)).toEqual([
      'en-US / +refs',
      'en-US /guide +refs',
      'fr-FR / +refs',
      'fr-FR /guide (from en-US)',
      'en-US /404',
      'en-US /500',
      'en-US /search',
      'fr-FR /404',
      'fr-FR /500',
      'fr-FR /search',
    ]);
  });

  test('a route that carries fallbackFrom of its own is no fallback: it is not added a second time', () => {
    const own = page('/moved', 'fr-FR', { fallbackFrom: 'en-US' });
    const site = { routes: [page('/', 'en-US'), page('/', 'fr-FR'), own, page('/kept', 'en-US', { fallbackFrom: 'de-DE' })], navigation: {}, globalData: {}, themeData: {} } as SiteData;
    addThemeRoutes(site, config);
    expect(site.routes.filter((r) => r === own)).toHaveLength(1);
    expect(listed(site).filter((line) => line.includes('/moved') || line.includes('/kept'))).toEqual(['fr-FR /moved (from en-US) +refs', 'en-US /kept (from de-DE) +refs', 'fr-FR /kept (from en-US)']);
  });

  test('a locale with no page of its own gets neither copies nor special pages', () => {
    const site = { routes: [page('/', 'en-US')], navigation: {}, globalData: {}, themeData: {} } as SiteData;
    addThemeRoutes(site, config);
    expect(listed(site)).toEqual(['en-US / +refs', 'en-US /404', 'en-US /500', 'en-US /search']);
  });
});
