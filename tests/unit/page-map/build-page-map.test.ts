import { describe, expect, test } from 'vitest';
import { buildPageMap, type PageInput } from '../../../plugins/page-map/build-page-map.ts';
import type { ReadMeta } from '../../../plugins/page-map/read-meta.ts';
import type { MetaFile } from '../../../plugins/page-map/meta-schema.ts';
import type { PageMapItem } from '../../../src/shared/types.ts';

const page = (route: string, title: string, frontMatter: PageInput['frontMatter'] = {}): PageInput => ({ route, title, frontMatter });

function meta(sourcePath: string, value: MetaFile, keyPositions: ReadMeta['keyPositions'] = {}): ReadMeta {
  return { meta: value, sourcePath, keyPositions };
}

function build(pages: PageInput[], metas: Record<string, ReadMeta> = {}) {
  return buildPageMap({ locale: 'en-US', pages, metaByFolder: new Map(Object.entries(metas)) });
}

/** The non-Meta items of a folder. */
const visible = (items: PageMapItem[]) => items.filter((i) => i.kind !== 'Meta');
const names = (items: PageMapItem[]) => visible(items).map((i) => i.name);
const find = (items: PageMapItem[], name: string): PageMapItem => {
  const item = items.find((i) => i.name === name && i.kind !== 'Meta');
  if (!item) throw new Error(`no item ${name} in ${names(items).join(', ')}`);
  return item;
};

describe('buildPageMap ordering', () => {
  test('orders listed entries as _meta lists them, then the rest by name with index first', () => {
    const { pageMap } = build(
      [page('/', 'Home'), page('/alpha', 'Alpha'), page('/beta', 'Beta'), page('/gamma', 'Gamma'), page('/zeta', 'Zeta'), page('/delta', 'Delta')],
      { '/': meta('content/_meta.json', { zeta: 'Zeta!', beta: '' }) },
    );
    expect(names(pageMap)).toEqual(['zeta', 'beta', 'index', 'alpha', 'delta', 'gamma']);
  });

  test('without _meta, orders by name with index first', () => {
    const { pageMap } = build([page('/b', 'B'), page('/', 'Home'), page('/a', 'A')]);
    expect(names(pageMap)).toEqual(['index', 'a', 'b']);
    expect(find(pageMap, 'index').route).toBe('/');
  });

  test('a string _meta entry becomes the title; an unlisted page keeps its own title', () => {
    const { pageMap } = build([page('/a', 'Page A'), page('/b', 'Page B')], { '/': meta('content/_meta.json', { a: 'Sidebar A' }) });
    expect(find(pageMap, 'a').title).toBe('Sidebar A');
    expect(find(pageMap, 'b').title).toBe('Page B');
  });

  test('pages inside folders are nested under a Folder item', () => {
    const { pageMap } = build([page('/guide/intro', 'Intro'), page('/guide/deep/leaf', 'Leaf')]);
    const guide = find(pageMap, 'guide');
    expect(guide).toMatchObject({ kind: 'Folder', route: '/guide', title: 'Guide', withIndexPage: false });
    expect(names(guide.children!)).toEqual(['deep', 'intro']);
    const deep = find(guide.children!, 'deep');
    expect(deep).toMatchObject({ kind: 'Folder', route: '/guide/deep' });
    expect(find(deep.children!, 'leaf')).toMatchObject({ kind: 'MdxPage', route: '/guide/deep/leaf', title: 'Leaf' });
  });
});

describe('buildPageMap _meta items', () => {
  test('keeps a separator with an empty title', () => {
    const { pageMap, diagnostics } = build([page('/a', 'A'), page('/b', 'B')], {
      '/': meta('content/_meta.json', { a: 'A', '---': { type: 'separator' }, b: 'B' }),
    });
    expect(names(pageMap)).toEqual(['a', '---', 'b']);
    expect(find(pageMap, '---')).toMatchObject({ type: 'separator', title: '', route: '#' });
    expect(diagnostics).toEqual([]);
  });

  test('keeps a separator title when one is given', () => {
    const { pageMap } = build([page('/a', 'A')], { '/': meta('content/_meta.json', { more: { type: 'separator', title: 'More' } }) });
    expect(find(pageMap, 'more')).toMatchObject({ type: 'separator', title: 'More' });
  });

  test('keeps hidden items with display hidden', () => {
    const { pageMap } = build([page('/a', 'A'), page('/secret', 'Secret')], { '/': meta('content/_meta.json', { secret: { display: 'hidden' } }) });
    expect(find(pageMap, 'secret')).toMatchObject({ kind: 'MdxPage', route: '/secret', title: 'Secret', display: 'hidden' });
    expect(find(pageMap, 'a').display).toBe('normal');
  });

  test('an external href entry becomes a link item with newWindow', () => {
    const { pageMap, diagnostics } = build([page('/a', 'A')], {
      '/': meta('content/_meta.json', {
        github: { title: 'GitHub', href: 'https://github.com/example', newWindow: true },
        blog: { href: 'https://blog.example.com' },
      }),
    });
    expect(find(pageMap, 'github')).toMatchObject({ kind: 'MdxPage', route: '#', title: 'GitHub', href: 'https://github.com/example', newWindow: true });
    expect(find(pageMap, 'blog')).toMatchObject({ title: 'Blog', href: 'https://blog.example.com', newWindow: false });
    expect(diagnostics).toEqual([]);
  });

  test('a menu entry keeps its items', () => {
    const items = { docs: { title: 'Docs', href: '/docs' }, site: { title: 'Site', href: 'https://example.com', newWindow: true } };
    const { pageMap } = build([page('/a', 'A')], { '/': meta('content/_meta.json', { more: { type: 'menu', title: 'More', items } }) });
    expect(find(pageMap, 'more')).toMatchObject({ type: 'menu', title: 'More', route: '#', items });
  });

  test("applies '*' defaults to every entry, listed or not", () => {
    const { pageMap, themeByRoute } = build([page('/a', 'A'), page('/b', 'B')], {
      '/': meta('content/_meta.json', { '*': { type: 'page', theme: { toc: false } }, a: { title: 'A', theme: { footer: false } } }),
    });
    expect(names(pageMap)).toEqual(['a', 'b']);
    expect(find(pageMap, 'a')).toMatchObject({ type: 'page', theme: { toc: false, footer: false } });
    expect(find(pageMap, 'b')).toMatchObject({ type: 'page', theme: { toc: false } });
    expect(themeByRoute['/a']).toEqual({ toc: false, footer: false });
    expect(themeByRoute['/b']).toEqual({ toc: false });
  });

  test('an entry overrides a * default of the same option', () => {
    const { themeByRoute } = build([page('/a', 'A')], { '/': meta('content/_meta.json', { '*': { theme: { toc: false } }, a: { theme: { toc: true } } }) });
    expect(themeByRoute['/a']).toEqual({ toc: true });
  });

  test('an entry that matches no page or folder is dropped with a meta-unknown-entry warning at its key', () => {
    const { pageMap, diagnostics } = build([page('/a', 'A')], {
      '/': meta('content/_meta.json', { a: 'A', missing: 'Missing' }, { a: { line: 2, column: 3 }, missing: { line: 3, column: 3 } }),
    });
    expect(names(pageMap)).toEqual(['a']);
    expect(diagnostics).toEqual([
      {
        severity: 'warning',
        code: 'meta-unknown-entry',
        message: '_meta entry `missing` matches no page or folder in the content root',
        file: 'content/_meta.json',
        line: 3,
        column: 3,
        target: 'missing',
      },
    ]);
  });

  test('an unknown entry of a sub folder names that folder', () => {
    const { diagnostics } = build([page('/guide/a', 'A')], { '/guide': meta('content/guide/_meta.json', { nope: 'Nope' }, { nope: { line: 1, column: 2 } }) });
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'meta-unknown-entry', file: 'content/guide/_meta.json', line: 1, column: 2, message: expect.stringContaining('in /guide') })]);
  });
});

describe('buildPageMap theme inheritance', () => {
  const result = build([page('/guide/intro', 'Intro'), page('/guide/deep/leaf', 'Leaf'), page('/other', 'Other')], {
    '/': meta('content/_meta.json', { guide: { theme: { typesetting: 'article', collapsed: true } } }),
    '/guide': meta('content/guide/_meta.json', { intro: { theme: { toc: false } } }),
  });

  test('a folder theme option applies to every descendant page', () => {
    expect(result.themeByRoute['/guide/intro']).toEqual({ typesetting: 'article', toc: false });
    expect(result.themeByRoute['/guide/deep/leaf']).toEqual({ typesetting: 'article' });
  });

  test('collapsed describes the folder only and is not inherited', () => {
    const guide = find(result.pageMap, 'guide');
    expect(guide.theme).toEqual({ typesetting: 'article', collapsed: true });
    expect(find(guide.children!, 'deep').theme).toEqual({});
    expect(result.themeByRoute['/guide/intro']).not.toHaveProperty('collapsed');
    expect(result.themeByRoute['/guide/deep/leaf']).not.toHaveProperty('collapsed');
  });

  test('a sibling outside the folder does not inherit its options', () => {
    expect(result.themeByRoute['/other']).toEqual({});
  });
});

describe('buildPageMap folders with index pages', () => {
  test('a folder with an index page has withIndexPage and takes the index page title', () => {
    const { pageMap, themeByRoute } = build([page('/guide', 'The Guide', { description: 'd' }), page('/guide/intro', 'Intro')]);
    const guide = find(pageMap, 'guide');
    expect(guide).toMatchObject({ kind: 'Folder', route: '/guide', title: 'The Guide', withIndexPage: true, frontMatter: { description: 'd' } });
    expect(names(guide.children!)).toEqual(['intro']);
    expect(themeByRoute['/guide']).toEqual({});
  });

  test('the parent _meta title wins over the index page title', () => {
    const { pageMap } = build([page('/guide', 'The Guide'), page('/guide/intro', 'Intro')], { '/': meta('content/_meta.json', { guide: 'Guide from meta' }) });
    expect(find(pageMap, 'guide')).toMatchObject({ title: 'Guide from meta', withIndexPage: true });
  });

  test("the folder's own _meta index entry sets the index page theme", () => {
    const { themeByRoute } = build([page('/guide', 'The Guide'), page('/guide/intro', 'Intro')], {
      '/guide': meta('content/guide/_meta.json', { index: { theme: { toc: false } } }),
    });
    expect(themeByRoute['/guide']).toEqual({ toc: false });
  });

  test('a folder without an index page is titled from its name', () => {
    const { pageMap } = build([page('/getting-started/x', 'X')]);
    expect(find(pageMap, 'getting-started')).toMatchObject({ title: 'Getting started', withIndexPage: false });
  });
});

describe('buildPageMap Meta nodes', () => {
  const { pageMap } = build([page('/', 'Home'), page('/guide', 'Guide'), page('/guide/intro', 'Intro'), page('/guide/setup', 'Setup')], {
    '/': meta('content/_meta.json', { index: 'Welcome', '---': { type: 'separator' }, guide: 'User guide' }),
    '/guide': meta('content/guide/_meta.json', { setup: 'Set up' }),
  });

  test('each folder starts with a Meta node mapping names to titles', () => {
    expect(pageMap[0]).toEqual({
      kind: 'Meta',
      name: '_meta',
      route: '/',
      locale: 'en-US',
      title: '',
      type: 'doc',
      display: 'hidden',
      data: { index: 'Welcome', '---': '', guide: 'User guide' },
    });
    const guide = find(pageMap, 'guide');
    expect(guide.children![0]).toMatchObject({ kind: 'Meta', route: '/guide', data: { setup: 'Set up', intro: 'Intro' } });
  });

  test('there is exactly one Meta node per folder', () => {
    expect(pageMap.filter((i) => i.kind === 'Meta')).toHaveLength(1);
    expect(find(pageMap, 'guide').children!.filter((i) => i.kind === 'Meta')).toHaveLength(1);
  });

  test('every item carries the locale', () => {
    const all = (items: PageMapItem[]): PageMapItem[] => items.flatMap((i) => [i, ...all(i.children ?? [])]);
    expect(new Set(all(pageMap).map((i) => i.locale))).toEqual(new Set(['en-US']));
  });
});
