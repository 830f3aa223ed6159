import { createContext, createElement, Fragment, memo, useContext, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { SiteIndex, type SiteSnapshot } from '../../../src/build/route-data.ts';
import { themeConfigOf } from '../../../src/build/theme-config.ts';
import { configSchema } from '../../../src/config/schema.ts';
import type { RouteDefinition } from '../../../src/pipeline/plugin.ts';
import { frameMarkup, staticMarkup } from '../../../src/shared/static-markup.ts';
import type { PageMapItem } from '../../../src/shared/types.ts';
import { DocsLayout } from '../../../theme/layouts/DocsLayout.tsx';
import { page } from '../../page-map-items.ts';

const h = createElement;

/** `staticMarkup` wrote what React writes (and did write it: undefined would be React's to render). */
function expectReactsBytes(node: ReactNode): void {
  const mine = staticMarkup(node);
  expect(mine).toBeDefined();
  expect(mine).toBe(renderToStaticMarkup(node));
}

describe('static markup: the bytes React writes', () => {
  // The cases pass React odd values on purpose (NaN, a boolean title, an empty src): its development build warns of each.
  beforeAll(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterAll(() => vi.restoreAllMocks());

  test.each<[string, ReactNode]>([
    ['text escaped as React escapes it', h('p', null, `a & b < c > d " e ' f`, 1, 2n as unknown as number, null, false, true, undefined, '')],
    ['arrays, fragments, components and a provider', h(createContext('x').Provider, { value: 'y' }, h(Fragment, null, [h('b', { key: 1 }, 'one'), h(() => h('i', null, 'two'), { key: 2 })]))],
    ['className, tabIndex, htmlFor, httpEquiv, acceptCharset and crossOrigin renamed', h('div', { className: 'c', tabIndex: -1 }, h('label', { htmlFor: 'i' }), h('form', { acceptCharset: 'utf-8' }), h('link', { crossOrigin: 'anonymous', rel: 'stylesheet', href: '/s.css' }))],
    ['names React writes as they are', h('div', null, h('input', { maxLength: 64, minLength: 1, autoComplete: 'off', inputMode: 'text', enterKeyHint: 'go', autoCapitalize: 'none' }), h('time', { dateTime: '2020-01-01' }, 'x'), h('a', { hrefLang: 'fr', href: '/fr', referrerPolicy: 'no-referrer' }, 'fr'))],
    ['booleans: present, left out, as words on data-, aria- and the booleanish ones', h('div', { focusable: false, hidden: true, 'aria-hidden': true, 'data-open': false, 'aria-expanded': 'false', title: true, role: false, draggable: true, spellCheck: false, contentEditable: 'true' }, h('details', { open: false }), h('details', { open: 'yes' }), h('video', { autoPlay: true, muted: true, loop: false, controls: 1 }))],
    ['numbers and the numeric attributes', h('table', null, h('tbody', null, h('tr', null, h('td', { colSpan: 2, rowSpan: Number.NaN }, 'a'), h('td', { rowSpan: 0, start: '3' }, 'b'))), h('col', { span: 0 }), h('col', { span: 2 }), h('span', { 'data-n': Number.NaN, width: 2.5 }))],
    ['capture and download', h('div', null, h('a', { download: true, href: '/f' }), h('a', { download: 'name.txt', href: '/g' }), h('a', { download: false, href: '/h' }))],
    ['empty src and href left out, an a keeps an empty href, a javascript: URL blocked', h('div', null, h('a', { href: '' }, 'a'), h('link', { href: '', rel: 'x' }), h('script', { src: '' }), h('a', { href: ' javascript:alert(1)' }, 'b'), h('a', { href: 'JaVa\tScript:x' }, 'c'))],
    ['event handlers, functions and symbols left out', h('button', { onClick: () => 1, onfoo: 'x', title: () => 1, 'data-s': Symbol('s') as unknown as string, type: 'button' }, 'go')],
    ['an input: name, then checked, then value, after the rest', h('form', null, h('input', { name: 'q', type: 'search', id: 's', placeholder: 'Find "it"' }), h('input', { value: 'v', type: 'radio', name: 'r', defaultChecked: true, id: 'a' }), h('input', { checked: false, defaultChecked: true, type: 'checkbox' }), h('input', { defaultValue: 'd', type: 'text' }))],
    ["a button's name and a form's action, encType, method and target last", h('form', { action: '/s', method: 'get', className: 'f', target: '_self', encType: 'text/plain', role: 'search' }, h('button', { name: 'b', type: 'submit', value: 'x' }, 'Go'))],
    ['a select marks the option of its value selected, by value or by text', h('div', null, h('select', { defaultValue: 'b', 'aria-label': 'L', name: 's' }, h('option', { value: 'a', lang: 'a' }, 'A'), [h('option', { key: 1, value: 'b' }, 'B')], h('option', null, 'b')), h('select', { value: 2 }, h('option', { value: 2 }, 'Two')), h('select', null, h('option', { selected: true, value: 'x' }, 'X'), h('option', { value: 'y' }, 'Y')))],
    ['an SVG of shapes, its presentation attributes renamed', h('span', null, h('svg', { className: 'icon', viewBox: '0 0 24 24', width: '16', height: 16, 'aria-hidden': 'true', focusable: 'false', xmlns: 'http://www.w3.org/2000/svg' }, h('g', { fill: 'none' }, h('path', { d: 'M12 8a4 4 0 1 0 0 8z', stroke: 'currentColor', strokeWidth: '2', strokeLinecap: 'round', strokeLinejoin: 'round', fillRule: 'evenodd', clipRule: 'evenodd' }), h('circle', { cx: 1, cy: 2, r: 3, strokeDasharray: '1 2', strokeOpacity: 0.5 }))))],
    ['style objects: names hyphenated, numbers in px but 0 and the unitless, custom properties as written', h('div', { style: { width: '90%', marginTop: 4, zIndex: 2, opacity: 0.5, lineHeight: 1.5, padding: 0, msTransform: 'none', WebkitLineClamp: 3, '--gap': ' 2px ', color: '', border: null, display: false, fontFamily: '"A & B"' } }, h('span', { style: {} }))],
    ['noscript', h('div', null, h('noscript', null, h('p', null, 'Needs JavaScript & more')))],
    ['pre keeps a leading newline', h('div', null, h('pre', null, '\nline'), h('pre', { dangerouslySetInnerHTML: { __html: '\n<b>x</b>' } }), h('pre', null, 'plain'))],
    ['inner HTML as it is, void elements closed', h('div', null, h('div', { dangerouslySetInnerHTML: { __html: '<i>&amp;</i>' } }), h('br'), h('hr', { className: 'x' }), h('img', { src: '/a.png', alt: '', loading: 'lazy', width: 10 }), h('img', { alt: 'no source' }))],
    ['script and style with inner HTML in place', h('div', null, h('script', { type: 'module', src: '/m.js' }), h('script', { type: 'application/json', id: 'd', dangerouslySetInnerHTML: { __html: '{"a":"<"}' } }), h('style', { dangerouslySetInnerHTML: { __html: 'a{color:red}' } }))],
  ])('%s', (_what, node) => expectReactsBytes(node));

  test("a document's head in React's order: charset, viewport, the other metas, title and links, then the rest", () => {
    const head = h(
      'head',
      null,
      h('script', { dangerouslySetInnerHTML: { __html: 'var a = 1 < 2;' } }),
      h('meta', { httpEquiv: 'Content-Security-Policy', content: "default-src 'self'" }),
      h('link', { rel: 'stylesheet', href: '/s.css' }),
      h('meta', { name: 'viewport', content: 'width=device-width' }),
      h('title', null, 'A & B'),
      h(Fragment, null, h('link', { rel: 'canonical', href: 'https://x.example/a' }), h('link', { rel: 'alternate', hrefLang: 'fr', href: '/fr' })),
      h('meta', { charSet: 'utf-8' }),
      h('style', { dangerouslySetInnerHTML: { __html: ':root{}' } }),
      h('meta', { property: 'og:title', content: 'A' }),
      h('link', { rel: 'icon', href: '/i.png' }),
    );
    expectReactsBytes(h('html', { lang: 'en', dir: 'rtl', 'data-x': undefined }, head, h('body', { className: 'b' }, h('main', null, 'x'))));
  });

  test.each<[string, ReactNode]>([
    ['a component with a hook', h(() => useContext(createContext('x')))],
    ['a memo component', h(memo(() => h('b')))],
    ['text in an SVG', h('svg', { viewBox: '0 0 1 1' }, h('text', null, 'label'))],
    ['a title in an SVG (React does not hoist it there)', h('svg', null, h('title', null, 'T'), h('path', { d: 'M0' }))],
    ['an attribute React renames otherwise (markerEnd)', h('path', { markerEnd: 'url(#m)' })],
    ['a custom element', h('my-element', { foo: 'bar' })],
    ['a textarea', h('textarea', { defaultValue: 'a' })],
    ['several values of a multiple select', h('select', { multiple: true, defaultValue: ['a'] }, h('option', { value: 'a' }, 'A'))],
    ['an async script with a source (hoisted as a resource)', h('div', null, h('script', { async: true, src: '/a.js' }))],
    ['a stylesheet with a precedence', h('link', { rel: 'stylesheet', href: '/s.css', precedence: 'default' })],
    ['an eager image (preloaded in the head)', h('img', { src: '/a.png', alt: '' })],
    ['a title outside a head', h('div', null, h('title', null, 'T'))],
    ['a meta outside a head', h('body', null, h('meta', { name: 'x', content: 'y' }))],
    ['a meta with itemProp', h('div', { itemScope: true }, h('meta', { itemProp: 'name', content: 'x' }))],
    ['text beside the head', h('html', null, 'text', h('head', null), h('body'))],
    ['a function as a form action', h('form', { action: () => undefined }, h('button', null, 'Go'))],
    ['an html below the root', h('div', null, h('html', null, h('head', null, h('title', null, 'T')), h('body')))],
    ['an html beside other nodes', [h('html', { key: 1 }, h('head'), h('body')), h('div', { key: 2 })]],
    ['an html without a head', h('html', null, h('body', null, 'x'))],
    ['an html with more than a head and a body', h('html', null, h('head'), h('body'), h('div', null, 'after'))],
    ['an html with its body first', h('html', null, h('body'), h('head'))],
    ["an html's inner HTML", h('html', { dangerouslySetInnerHTML: { __html: '<!--x-->' } })],
    ["a head's inner HTML", h('html', null, h('head', { dangerouslySetInnerHTML: { __html: '<base href="/">' } }), h('body'))],
    ['a number in an html', h('html', null, 1, h('head'), h('body'))],
    ['a body at the root', h('body', null, 'x')],
    ['a link with an error handler (React keeps it in place)', h('html', null, h('head', null, h('script', { dangerouslySetInnerHTML: { __html: '1' } }), h('link', { rel: 'icon', href: '/i', onError: () => undefined })), h('body'))],
    ['an element of React 18', { $$typeof: Symbol.for('react.element'), type: 'b', props: {}, key: null } as unknown as ReactNode],
    ['a bigint for a number attribute', h('input', { size: 1n as unknown as number })],
    ["a select's option under another element", h('select', { value: 'a' }, h('picture', null, h('option', { value: 'a' }, 'A')))],
    ['a symbol for a select value', h('select', { value: Symbol('s') as unknown as string })],
  ])('leaves to React: %s', (_what, node) => {
    expect(staticMarkup(node)).toBeUndefined();
  });

  test("called while React renders a page (sharedMarkup in an MDX page's frame): React's, since a hook would run in React's render", () => {
    const seen: (string | undefined)[] = [];
    const Probe = () => {
      seen.push(staticMarkup(h('b', null, 'x')));
      return null;
    };
    renderToStaticMarkup(h('div', null, h(Probe)));
    expect(seen).toEqual([undefined]);
    expect(staticMarkup(h('b', null, 'x'))).toBe('<b>x</b>');
  });

  test("frameMarkup: React's render where staticMarkup leaves it", () => {
    const textarea = h('div', null, h('textarea', { defaultValue: 'x & y' }));
    expect(staticMarkup(textarea)).toBeUndefined();
    expect(frameMarkup(textarea)).toBe(renderToStaticMarkup(textarea));
    expect(frameMarkup(h('b', null, 'x'))).toBe('<b>x</b>');
  });

  test("a component's own error is thrown, not taken for something React would render", () => {
    const Broken = () => {
      throw new RangeError('broken component');
    };
    expect(() => staticMarkup(h('div', null, h(Broken)))).toThrow('broken component');
  });
});

/** A page's route data for the theme's layout, from a site of a few pages under `options` (the config as written) and `theme` (the page's own options). */
function routeData(options: Record<string, unknown>, definition: Partial<RouteDefinition> = {}) {
  const config = themeConfigOf(configSchema.parse(options));
  const pageMap: PageMapItem[] = [page('/', 'Home'), { ...page('/guide', 'Guide & "more"'), kind: 'Folder', withIndexPage: true, children: [page('/guide/a', 'A <b>'), page('/guide/b', "B's page")] }];
  const locales = config.locales.map((l) => l.locale);
  const snapshot: SiteSnapshot = {
    config,
    navigation: Object.fromEntries(locales.map((locale) => [locale, { locale, pageMap, themeByRoute: {} }])),
    assets: { scripts: ['/_docs-gen/client-ABC.js'], styles: ['/_docs-gen/style-abc.css'] },
    routesByLocale: Object.fromEntries(locales.map((locale) => [locale, ['/', '/guide', '/guide/a', '/guide/b']])),
    fallbackRoutesByLocale: {},
    sidebarUrls: Object.fromEntries(locales.map((locale) => [locale, `/_docs-gen/sidebar-${locale}-0123456789.json`])),
    themeData: {},
    mdxComponents: {},
  };
  const route: RouteDefinition = {
    route: '/guide/a',
    locale: config.defaultLocale,
    title: 'A <b>',
    content: { type: 'html', html: '<p>Body</p>' },
    headings: [
      { depth: 2, value: 'First & "one"', id: 'first' },
      { depth: 3, value: 'Second', id: 'second' },
    ],
    sourcePath: 'content/guide/a.md',
    ...definition,
  } as RouteDefinition;
  return new SiteIndex(snapshot).routeData(route);
}

const body = h('div', { className: 'markdown-content', dangerouslySetInnerHTML: { __html: '<h2 id="first">First</h2><p>x &amp; y</p>' } });

describe("static markup: the theme's page frame, written as React writes it", () => {
  test.each<[string, Record<string, unknown>, Partial<RouteDefinition>?]>([
    ['the default config', {}],
    [
      'every option the frame shows',
      {
        title: 'Docs & "Co"',
        description: "The site's docs",
        siteUrl: 'https://docs.example.com',
        basePath: '/docs',
        logo: { light: '/logo.svg', dark: '/logo-dark.svg', alt: 'Logo', companyHref: 'https://example.com', docsHref: '/' },
        favicon: '/favicon.ico',
        navbar: { items: [{ title: 'Blog', href: 'https://blog.example.com', newWindow: true }, { title: 'More', items: [{ title: 'API', href: '/api' }] }] },
        banner: { content: 'New: <b>v2</b>', key: 'v2', dismissible: true },
        footer: { copyright: '© Us', privacyPolicy: { text: 'Privacy', href: '/privacy' }, productUpdates: { text: 'Updates', href: '/updates' } },
        locales: [
          { locale: 'en-US', text: 'English' },
          { locale: 'ar', text: 'العربية', direction: 'rtl' },
        ],
        defaultTheme: 'dark',
        search: { hosted: { appId: 'A', apiKey: 'k', indexName: 'i', hosts: ['https://a.example'] }, missingResultsUrl: 'https://example.com/missing' },
        feedback: { question: 'Helpful?', endpoint: 'https://feedback.example.com' },
        contentSecurityPolicy: true,
        docsRepositoryBase: 'https://github.com/acme/docs/blob/main',
        project: { link: 'https://github.com/acme' },
        chat: { link: 'https://chat.example.com' },
      },
      { frontMatter: { description: 'A page "about" A', lastmod: '2025-01-15', image: '/og.png' } },
    ],
    ['search off, no sidebar toggle, no feedback', { search: { enabled: false }, sidebar: { toggleButton: false }, feedback: { enabled: false } }],
    ['a page in the article typesetting, full width', {}, { theme: { layout: 'full', typesetting: 'article', toc: false } }],
    ['a raw page without navbar, sidebar or footer', {}, { theme: { layout: 'raw', navbar: false, sidebar: false, footer: false, pagination: false, breadcrumb: false } }],
  ])('%s', (_what, options, definition) => {
    const data = routeData(options, definition);
    expectReactsBytes(h(DocsLayout, { data, children: body }));
  });

  test('a site with a monitoring script (an async script React hoists) is left to React', () => {
    const data = routeData({ monitoring: { scriptSrc: 'https://rum.example.com/r.js' } });
    expect(staticMarkup(h(DocsLayout, { data, children: body }))).toBeUndefined();
  });
});
