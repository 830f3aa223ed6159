import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { RouteData } from '../../src/shared/types.ts';
import { uiStrings } from '../../src/shared/ui-strings.ts';
import { Footer, ThemeChoices } from '../../theme/components/Footer.tsx';
import { Navbar, NavbarInner } from '../../theme/components/Navbar.tsx';
import { sharedMarkup } from '../../theme/components/shared-markup.ts';

describe('markup kept for the objects it follows from (sharedMarkup)', () => {
  test('is rendered once for the same owner and inputs, and again when an input or the owner is another', () => {
    const keep = sharedMarkup();
    let renders = 0;
    const render = (text: string) => () => (renders++, createElement('b', { title: text }, text));
    const owner = {};
    const config = { title: 'A' };
    expect(keep(owner, [config, 'en-US'], render('one'))).toBe('<b title="one">one</b>');
    // The same objects: the kept markup, not rendered again (even with another render given).
    expect(keep(owner, [config, 'en-US'], render('two'))).toBe('<b title="one">one</b>');
    expect(renders).toBe(1);
    // An input that is another object, though equal, or another string: rendered again.
    expect(keep(owner, [{ title: 'A' }, 'en-US'], render('three'))).toBe('<b title="three">three</b>');
    expect(keep(owner, [config, 'fr-FR'], render('four'))).toBe('<b title="four">four</b>');
    expect(keep({}, [config, 'fr-FR'], render('five'))).toBe('<b title="five">five</b>');
    expect(renders).toBe(4);
    // Each keeper is its own: another one does not answer from this one's markup.
    expect(sharedMarkup()(owner, [config, 'fr-FR'], render('six'))).toBe('<b title="six">six</b>');
  });
});

describe('the navbar and the theme switch, kept by the objects they follow from', () => {
  const strings = uiStrings('en-US');
  const navbar = [{ title: 'Guide', href: '/guide' }, { title: 'Menu', items: [{ title: 'Inner', href: '/inner', newWindow: true }] }];
  const config = { basePath: '', title: 'Site', logo: { companyHref: '/', docsHref: '/', light: '', alt: '' }, search: { enabled: true }, footer: { copyright: '© Us' }, locales: [{ locale: 'en-US' }], defaultTheme: 'system' };
  const page = { locale: 'en-US', strings, hrefPrefix: '', config, navbar, alternates: [] } as unknown as RouteData;
  // Each one another object (or string) for one input, the rest shared with `page`.
  const others: [string, RouteData][] = [
    ['the config', { ...page, config: { ...config, title: 'Another site', search: { enabled: false } } } as unknown as RouteData],
    ['the strings', { ...page, strings: uiStrings('fr-FR') }],
    ['the href prefix', { ...page, hrefPrefix: '/fr-FR' }],
    ['the navbar items', { ...page, navbar: [{ title: 'Other', href: '/other' }] } as unknown as RouteData],
  ];

  test.each(others)('is the markup of its component for the page, after a page with another %s', (_what, other) => {
    for (const data of [page, other, page]) {
      expect(renderToStaticMarkup(createElement(Navbar, { data }))).toBe(`<header class="navbar">${renderToStaticMarkup(createElement(NavbarInner, { data }))}</header>`);
      const footer = renderToStaticMarkup(createElement(Footer, { data }));
      expect(footer).toContain(`<fieldset class="theme-switch" data-theme-switch="">${renderToStaticMarkup(createElement(ThemeChoices, { strings: data.strings, defaultTheme: data.config.defaultTheme }))}</fieldset>`);
    }
  });

  test('the theme switch follows the default theme, the strings being the same object', () => {
    const dark = { ...page, config: { ...config, defaultTheme: 'dark' } } as unknown as RouteData;
    const checked = (data: RouteData) => /<input type="radio" name="docs-theme" checked="" value="(\w+)"/.exec(renderToStaticMarkup(createElement(Footer, { data })))?.[1];
    expect([checked(page), checked(dark), checked(page)]).toEqual(['system', 'dark', 'system']);
  });
});
