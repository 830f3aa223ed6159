import { describe, expect, test } from 'vitest';
import { renderedNavigation } from '../../../src/build/site-snapshot.ts';
import type { Navigation } from '../../../src/pipeline/plugin.ts';
import type { PageMapItem } from '../../../src/shared/types.ts';

const page = (name: string, route: string): PageMapItem => ({ kind: 'MdxPage', name, route, locale: 'en', title: name, type: 'doc', display: 'normal', frontMatter: { title: name, description: `About ${name}.` } });
const navigation = (): Record<string, Navigation> => ({
  en: {
    locale: 'en',
    pageMap: [
      { kind: 'Meta', name: '_meta', route: '/', locale: 'en', title: '', type: 'doc', display: 'hidden', data: { guide: 'Guide' } },
      page('index', '/'),
      { kind: 'Folder', name: 'guide', route: '/guide', locale: 'en', title: 'Guide', type: 'doc', display: 'normal', withIndexPage: true, frontMatter: { title: 'Guide' }, children: [page('start', '/guide/start')] },
    ],
    themeByRoute: { '/': {}, '/guide/start': { toc: false } },
    sourceByFolder: { '/': 'content/_meta.json' },
  },
});

describe('the navigation the render workers get', () => {
  test('is the page map without front matter, at every depth, and without the _meta sources', () => {
    const site = navigation();
    const rendered = renderedNavigation(site);
    expect(JSON.stringify(rendered)).not.toContain('frontMatter');
    expect(rendered.en!.sourceByFolder).toBeUndefined();
    expect(rendered.en!.themeByRoute).toBe(site.en!.themeByRoute);
    const strip = (items: PageMapItem[]): unknown[] => items.map(({ frontMatter: _f, children, ...rest }) => (children ? { ...rest, children: strip(children) } : rest));
    expect(rendered.en!.pageMap).toEqual(strip(site.en!.pageMap));
    // The site's own is left as it was: the sidebar data and plugins read it.
    expect(JSON.stringify(site)).toContain('About start.');
  });

  test("is the same object for a locale's same navigation, in a new record too (dev compares snapshots by their parts), and another for another", () => {
    const site = navigation();
    expect(renderedNavigation(site).en).toBe(renderedNavigation(site).en);
    expect(renderedNavigation({ ...site }).en).toBe(renderedNavigation(site).en);
    expect(renderedNavigation(navigation()).en).not.toBe(renderedNavigation(site).en);
  });
});
