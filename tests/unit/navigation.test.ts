import { describe, expect, test } from 'vitest';
import { breadcrumbsFor, navbarItems, pathTo, readingOrder, sectionFor, sidebarTree } from '../../src/build/navigation.ts';
import type { PageMapItem } from '../../src/shared/types.ts';
import { page, pageMapItem, type PageMapItemExtra } from '../page-map-items.ts';

const folder = (route: string, title: string, children: PageMapItem[], extra: PageMapItemExtra = {}) =>
  pageMapItem(route.split('/').pop()!, route, title, { kind: 'Folder', withIndexPage: false, children: [metaNode(route), ...children], ...extra });
const metaNode = (route: string): PageMapItem => pageMapItem('_meta', route, '', { kind: 'Meta', display: 'hidden', data: {} });
const separator = (name: string, title = '') => pageMapItem(name, '#', title, { type: 'separator' });
const external = (name: string, title: string, href: string, newWindow = false) => pageMapItem(name, '#', title, { href, newWindow });
const menu = (name: string, title: string) => pageMapItem(name, '#', title, { type: 'menu', items: { a: { title: 'A', href: '/a' } } });

/**
 * /                  Home
 * ---                (separator "Guides")
 * /guide             Guide (folder with index page)
 *   /guide/intro     Intro
 *   /guide/secret    (hidden)
 *   /guide/skip      (pagination: false)
 *   /guide/advanced  Advanced (folder without index page)
 *     /guide/advanced/tuning
 * /flat              (display: children)
 *   /flat/one
 * GitHub             (external)
 * More               (menu)
 * /api               API (type: page tab, with index page)
 *   /api/ref
 */
const pageMap: PageMapItem[] = [
  metaNode('/'),
  page('/', 'Home'),
  separator('---', 'Guides'),
  folder(
    '/guide',
    'Guide',
    [
      page('/guide/intro', 'Intro'),
      page('/guide/secret', 'Secret', { display: 'hidden' }),
      page('/guide/skip', 'Skip', { theme: { pagination: false } }),
      folder('/guide/advanced', 'Advanced', [page('/guide/advanced/tuning', 'Tuning')]),
    ],
    { withIndexPage: true },
  ),
  folder('/flat', 'Flat', [page('/flat/one', 'One')], { display: 'children' }),
  external('github', 'GitHub', 'https://github.com', true),
  menu('more', 'More'),
  folder('/api', 'API', [page('/api/ref', 'Reference')], { type: 'page', withIndexPage: true }),
];

describe('readingOrder', () => {
  test('lists real pages depth first, a folder index before its children, skipping hidden, separators, links, menus and pagination: false', () => {
    expect(readingOrder(pageMap).map((t) => t.route)).toEqual([
      '/',
      '/guide',
      '/guide/intro',
      '/guide/advanced/tuning',
      '/flat/one',
      '/api',
      '/api/ref',
    ]);
  });

  test('keeps the sidebar titles', () => {
    expect(readingOrder(pageMap).slice(0, 3)).toEqual([
      { title: 'Home', route: '/' },
      { title: 'Guide', route: '/guide' },
      { title: 'Intro', route: '/guide/intro' },
    ]);
  });

  test('a folder without an index page adds no entry of its own', () => {
    expect(readingOrder(pageMap).map((t) => t.route)).not.toContain('/guide/advanced');
  });
});

describe('breadcrumbsFor', () => {
  test('lists the ancestors down to the page', () => {
    expect(breadcrumbsFor(pageMap, '/guide/advanced/tuning')).toEqual([
      { title: 'Guide', route: '/guide' },
      { title: 'Advanced', route: '' },
      { title: 'Tuning', route: '/guide/advanced/tuning' },
    ]);
  });

  test('a folder without an index page has no link', () => {
    expect(breadcrumbsFor(pageMap, '/guide/advanced/tuning')[1]!.route).toBe('');
  });

  test('a folder index page is its own single crumb', () => {
    expect(breadcrumbsFor(pageMap, '/guide')).toEqual([{ title: 'Guide', route: '/guide' }]);
  });

  test('a route that is not in the page map has no breadcrumbs', () => {
    expect(breadcrumbsFor(pageMap, '/nowhere')).toEqual([]);
  });

  test('pathTo stops at the deepest folder that holds an unknown route', () => {
    expect(pathTo(pageMap, '/guide/gone').map((i) => i.route)).toEqual(['/guide']);
  });
});

describe('sidebarTree', () => {
  const tree = sidebarTree(sectionFor(pageMap, '/guide/intro').items);

  test('drops Meta nodes, hidden items and menus', () => {
    const all = (entries: ReturnType<typeof sidebarTree>): string[] => entries.flatMap((e) => [e.title, ...all(e.children ?? [])]);
    const titles = all(tree);
    expect(titles).not.toContain('Secret');
    expect(titles).not.toContain('More');
    expect(titles).not.toContain('');
  });

  test('keeps separators with their title and external links with their target', () => {
    expect(tree.find((e) => e.kind === 'separator')).toEqual({ kind: 'separator', title: 'Guides', route: '#' });
    expect(tree.find((e) => e.kind === 'external')).toEqual({ kind: 'external', title: 'GitHub', route: '#', href: 'https://github.com', newWindow: true });
  });

  test('flattens the children of a display: children folder into its place', () => {
    expect(tree.map((e) => `${e.kind}:${e.title}`)).toEqual(['link:Home', 'separator:Guides', 'folder:Guide', 'link:One', 'external:GitHub']);
  });

  test('nests folders with their children and index page flag', () => {
    const guide = tree.find((e) => e.title === 'Guide')!;
    expect(guide).toMatchObject({ kind: 'folder', route: '/guide', withIndexPage: true, open: undefined });
    expect(guide.children!.map((e) => e.title)).toEqual(['Intro', 'Skip', 'Advanced']);
    expect(guide.children![2]).toMatchObject({ kind: 'folder', withIndexPage: false, children: [{ kind: 'link', title: 'Tuning', route: '/guide/advanced/tuning' }] });
  });

  test('a collapsed folder theme becomes its default open state', () => {
    const [collapsed, expanded] = sidebarTree([
      folder('/a', 'A', [page('/a/x', 'X')], { theme: { collapsed: true } }),
      folder('/b', 'B', [page('/b/x', 'X')], { theme: { collapsed: false } }),
    ]);
    expect(collapsed!.open).toBe(false);
    expect(expanded!.open).toBe(true);
  });
});

describe('sectionFor', () => {
  test('a page inside a page-type folder sees only that tab', () => {
    expect(sectionFor(pageMap, '/api/ref').items.filter((i) => i.kind !== 'Meta').map((i) => i.route)).toEqual(['/api/ref']);
  });

  test('the tab route itself sees its own children', () => {
    expect(sectionFor(pageMap, '/api').items.filter((i) => i.kind !== 'Meta').map((i) => i.title)).toEqual(['Reference']);
  });

  test('any other page sees the root items that are not tabs', () => {
    const titles = sectionFor(pageMap, '/guide/intro').items.map((i) => i.title);
    expect(titles).toContain('Guide');
    expect(titles).not.toContain('API');
  });

  test('a route that only starts like a tab is not in it', () => {
    expect(sectionFor(pageMap, '/apiary').items.map((i) => i.title)).not.toContain('Reference');
  });
});

describe('navbarItems', () => {
  test('lists page tabs and menus before the configured items', () => {
    expect(navbarItems(pageMap, [{ title: 'Blog', href: 'https://blog.example.com' }])).toEqual([
      { title: 'More', items: [{ title: 'A', href: '/a' }] },
      { title: 'API', href: '/api', newWindow: undefined },
      { title: 'Blog', href: 'https://blog.example.com' },
    ]);
  });

  test('a page tab whose name needs encoding gets an href encoded once, not its route', () => {
    const tabs = [folder('/c#d', 'C sharp', [], { type: 'page', withIndexPage: true }), folder('/50%', 'Fifty', [], { type: 'page', withIndexPage: true })];
    expect(navbarItems(tabs, []).map((item) => item.href)).toEqual(['/c%23d', '/50%25']);
  });
});
