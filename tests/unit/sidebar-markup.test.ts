import { describe, expect, test } from 'vitest';
import { anchorsMarkup, sidebarMarkup, type SidebarMarkupOptions } from '../../theme/components/sidebar-markup.ts';
import { sidebarItems } from '../../src/build/sidebar-data.ts';
import type { Heading, SidebarEntry } from '../../src/shared/types.ts';
const link = (route: string, title: string): SidebarEntry => ({ kind: 'link', route, title });
const folder = (route: string, title: string, children: SidebarEntry[], extra: Partial<SidebarEntry> = {}): SidebarEntry => ({
  kind: 'folder',
  route,
  title,
  withIndexPage: false,
  children,
  ...extra,
});

/**
 * level 1: Guide (/guide, index page) > level 2: Advanced (/guide/advanced) > level 3: Deep (/guide/advanced/deep)
 * level 1: Reference (/ref) > level 2: Types (/ref/types)
 */
function tree(): SidebarEntry[] {
  return [
    link('/', 'Home'),
    folder(
      '/guide',
      'Guide',
      [
        link('/guide/intro', 'Intro'),
        folder('/guide/advanced', 'Advanced', [link('/guide/advanced/tuning', 'Tuning'), folder('/guide/advanced/deep', 'Deep', [link('/guide/advanced/deep/x', 'X')])]),
      ],
      { withIndexPage: true },
    ),
    folder('/ref', 'Reference', [folder('/ref/types', 'Types', [link('/ref/types/int', 'Int')])]),
    { kind: 'separator', title: '', route: '#' },
    { kind: 'separator', title: 'More', route: '#' },
    { kind: 'external', title: 'GitHub', route: '#', href: 'https://github.com/x?a=1&b=2', newWindow: true },
  ];
}

const headings: Heading[] = [
  { id: 'intro', value: 'Intro', depth: 1 },
  { id: 'first', value: 'First', depth: 2 },
  { id: 'detail', value: 'Detail', depth: 3 },
  { id: 'second', value: 'Second & last', depth: 2 },
];

interface RenderOptions extends Partial<Omit<SidebarMarkupOptions, 'anchors'>> {
  anchors?: Heading[];
  /** Base path and locale prefix of the hrefs. */
  hrefPrefix?: string;
  basePath?: string;
}

/** The whole tree unless `pathOnly` is asked for. */
function render(activeRoute: string, options: RenderOptions = {}, entries = tree()): string {
  const { hrefPrefix = '', basePath = '', anchors = [], ...rest } = options;
  return sidebarMarkup(sidebarItems(entries, hrefPrefix, basePath), { activeRoute, collapseLevel: 2, pathOnly: false, ...rest, anchors: anchorsMarkup(anchors) });
}

/** Whether the `<details>` of the folder labelled `title` is open; throws when there is no such folder. */
function isOpen(html: string, title: string): boolean {
  const match =
    new RegExp(`<details( open)?><summary><span class="sidebar-folder-label">${title}<`).exec(html) ??
    new RegExp(`>${title}</a><details( open)?><summary class="sidebar-folder-toggle"`).exec(html);
  if (!match) throw new Error(`no folder ${title} in ${html}`);
  return match[1] === ' open';
}

describe('sidebar markup', () => {
  test('a _meta href to a site path gets the base path and locale prefix, an absolute URL does not', () => {
    const entries: SidebarEntry[] = [
      { kind: 'external', title: 'Changelog', route: '#', href: '/changelog' },
      { kind: 'external', title: 'GitHub', route: '#', href: 'https://github.com/x' },
    ];
    const html = render('/', { hrefPrefix: '/docs/fr-FR', basePath: '/docs' }, entries);
    expect(html).toContain('href="/docs/fr-FR/changelog"');
    expect(html).toContain('href="https://github.com/x"');
  });

  test('page names that need encoding are encoded exactly once, in routes and in _meta hrefs', () => {
    const entries: SidebarEntry[] = [
      link('/a#b', 'Hash'),
      link('/what?', 'Question'),
      link('/50%', 'Percent'),
      link('/with space', 'Space'),
      { kind: 'external', title: 'Written encoded', route: '#', href: '/a%23b' },
    ];
    const html = render('/', { hrefPrefix: '/docs', basePath: '/docs' }, entries);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['/docs/a%23b', '/docs/what%3F', '/docs/50%25', '/docs/with%20space', '/docs/a%23b']);
  });

  test('wraps the entries in one sidebar list', () => {
    const html = render('/');
    expect(html.startsWith('<ul class="sidebar-list">')).toBe(true);
    expect(html.endsWith('</ul>')).toBe(true);
  });

  test('opens every folder on the path to the active page, even past the collapse level', () => {
    const html = render('/guide/advanced/deep/x');
    expect(isOpen(html, 'Guide')).toBe(true);
    expect(isOpen(html, 'Advanced')).toBe(true);
    expect(isOpen(html, 'Deep')).toBe(true);
  });

  test('collapses folders at the collapse level and deeper when they are off the active path', () => {
    const html = render('/');
    expect(isOpen(html, 'Guide')).toBe(true);
    expect(isOpen(html, 'Reference')).toBe(true);
    expect(isOpen(html, 'Advanced')).toBe(false);
    expect(isOpen(html, 'Types')).toBe(false);
  });

  test('a collapse level of 1 collapses even top-level folders', () => {
    const html = render('/', { collapseLevel: 1 });
    expect(isOpen(html, 'Guide')).toBe(false);
    expect(isOpen(html, 'Reference')).toBe(false);
  });

  test("a folder's own open state overrides the collapse level", () => {
    const entries = [folder('/a', 'A', [link('/a/x', 'X')], { open: false }), folder('/b', 'B', [folder('/b/c', 'C', [link('/b/c/x', 'X')], { open: true })])];
    const html = render('/', {}, entries);
    expect(isOpen(html, 'A')).toBe(false);
    expect(isOpen(html, 'C')).toBe(true);
  });

  test("the reader's remembered choice overrides both, except on the active path", () => {
    const html = render('/guide/intro', { readerOpen: { '/ref': false, '/ref/types': true, '/guide': false } });
    expect(isOpen(html, 'Reference')).toBe(false);
    expect(isOpen(html, 'Types')).toBe(true);
    expect(isOpen(html, 'Guide')).toBe(true);
  });

  test('an explicitly collapsed folder still opens when it holds the active page', () => {
    const entries = [folder('/a', 'A', [link('/a/x', 'X')], { open: false })];
    expect(isOpen(render('/a/x', {}, entries), 'A')).toBe(true);
  });

  test('marks exactly the active link with aria-current="page"', () => {
    const html = render('/guide/intro');
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toContain('<li class="active"><a aria-current="page" href="/guide/intro">Intro</a>');
  });

  test('a folder with a page is its link, beside (not inside) the summary that toggles it', () => {
    const html = render('/guide');
    expect(html).toContain(
      '<li class="sidebar-folder active" data-route="/guide"><a class="sidebar-folder-link" aria-current="page" aria-expanded="true" href="/guide">Guide</a><details open><summary class="sidebar-folder-toggle" tabindex="-1" aria-label="Guide"></summary>',
    );
  });

  test('a folder without an index page is a label in its summary, not a link', () => {
    expect(render('/')).toContain('<details open><summary><span class="sidebar-folder-label">Reference</span></summary>');
  });

  test('no summary holds a link (axe nested-interactive), and each folder has one Tab stop', () => {
    const html = render('/guide/advanced/deep/x');
    expect(html).not.toMatch(/<summary[^>]*>(?:(?!<\/summary>).)*<a /);
    // Tab stops per folder: its link (the summary beside it is tabindex=-1), or its summary.
    const folders = html.split('<li class="sidebar-folder').slice(1).map((part) => part.slice(0, part.indexOf('<ul>')));
    for (const head of folders) {
      const stops = (head.match(/<a /g) ?? []).length + (head.match(/<summary(?![^>]*tabindex="-1")/g) ?? []).length;
      expect(stops, head).toBe(1);
    }
  });

  test('lists the depth-2 headings of the active page under its link, and nowhere else', () => {
    const html = render('/guide/intro', { anchors: headings });
    expect(html).toContain(
      'aria-current="page" href="/guide/intro">Intro</a><ul class="sidebar-anchors"><li><a href="#first">First</a></li><li><a href="#second">Second &amp; last</a></li></ul></li>',
    );
    expect(html.match(/sidebar-anchors/g)).toHaveLength(1);
    expect(html).not.toContain('#detail');
    expect(html).not.toContain('href="#intro"');
  });

  test('a page without depth-2 headings gets no anchor list', () => {
    expect(render('/guide/intro', { anchors: [{ id: 'x', value: 'X', depth: 3 }] })).not.toContain('sidebar-anchors');
  });

  test('escapes titles and hrefs', () => {
    const entries = [link('/x', '<script>alert("x")</script>'), folder('/f', 'A & <b>', [link('/f/y', "It's")])];
    const html = render('/f/y', {}, entries);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('A &amp; &lt;b&gt;');
    expect(html).toContain('It&#39;s');
    expect(render('/', {}, tree())).toContain('href="https://github.com/x?a=1&amp;b=2" target="_blank" rel="noreferrer">GitHub</a>');
  });

  test('renders separators as list items (axe list): a rule without a title, the title with one', () => {
    const html = render('/');
    expect(html).toContain('<li class="sidebar-separator"><hr></li>');
    expect(html).toContain('<li class="sidebar-separator"><span>More</span></li>');
    expect(html).not.toContain('role="separator"');
  });

  test('prefixes internal links with the locale prefix', () => {
    const html = render('/guide/intro', { hrefPrefix: '/docs/fr-FR', basePath: '/docs' });
    expect(html).toContain('href="/docs/fr-FR/guide/intro"');
    expect(html).toContain('href="/docs/fr-FR/ref/types/int"');
    expect(html).not.toMatch(/href="\/guide/);
  });
});

describe("the reader's path (what the server writes into a page)", () => {
  const pathOnly = (route: string) => render(route, { pathOnly: true });

  test("opens the active page's ancestors with all their children: the siblings at each level", () => {
    const html = pathOnly('/guide/advanced/tuning');
    expect(isOpen(html, 'Guide')).toBe(true);
    expect(isOpen(html, 'Advanced')).toBe(true);
    expect(html).toContain('href="/guide/intro">Intro</a>');
    expect(html).toContain('aria-current="page" href="/guide/advanced/tuning">Tuning</a>');
  });

  test('writes a folder off the path as a link to its page, or to its first page when it has none, without its children', () => {
    const html = pathOnly('/guide/intro');
    expect(html).toContain('<li class="sidebar-folder"><a href="/guide/advanced/tuning">Advanced</a></li>');
    expect(html).toContain('<li class="sidebar-folder"><a href="/ref/types/int">Reference</a></li>');
    expect(html).not.toContain('/guide/advanced/deep/x');
    expect(html).not.toContain('Int<');
  });

  test('keeps every top-level item: links, separators and external links', () => {
    const html = pathOnly('/guide/intro');
    expect(html).toContain('href="/">Home</a>');
    expect(html).toContain('<li class="sidebar-separator"><span>More</span></li>');
    expect(html).toContain('>GitHub</a>');
  });
});
