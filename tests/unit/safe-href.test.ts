import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { sidebarMarkup } from '../../theme/components/sidebar-markup.ts';
import { sidebarItems } from '../../src/build/sidebar-data.ts';
import { hrefScheme, isSafeHref, safeHref } from '../../src/shared/safe-href.ts';
import type { RouteData } from '../../src/shared/types.ts';
import { uiStrings } from '../../src/shared/ui-strings.ts';
import { Navbar } from '../../theme/components/Navbar.tsx';

const UNSAFE = ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', '\u0001javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd'];
const SAFE = ['https://example.com', 'HTTP://example.com', 'mailto:a@example.com', '/guide', '../guide', 'guide/page.mdx', '#part', '?q=1', '//cdn.example.com/x', './a:b'];

describe('which hrefs navigation may hold', () => {
  test.each(UNSAFE)('%j is refused', (href) => {
    expect(isSafeHref(href)).toBe(false);
    expect(safeHref(href)).toBe('#');
  });

  test.each(SAFE)('%j is allowed', (href) => {
    expect(isSafeHref(href)).toBe(true);
    expect(safeHref(href)).toBe(href);
  });

  test('the scheme is read as a browser reads it', () => {
    expect(hrefScheme(' \tJava\tScript:x')).toBe('javascript');
    expect(hrefScheme('/a:b')).toBeUndefined();
  });
});

describe('navigation neutralises an unsafe href when it renders (the second line of defence)', () => {
  test('a sidebar link item with a javascript: href links nowhere', () => {
    const items = sidebarItems([{ kind: 'external', title: 'Evil', route: '#', href: 'javascript:alert(1)' }], '', '');
    const html = sidebarMarkup(items, { activeRoute: '/', collapseLevel: 2, anchors: '', pathOnly: false });
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('href="#"');
  });

  test('navbar items and menu entries with a javascript: href link nowhere', () => {
    const data = {
      locale: 'en-US',
      strings: uiStrings('en-US'),
      config: { basePath: '', title: 'T', logo: { companyHref: '/', docsHref: '/', light: '', alt: '' }, project: {}, chat: {}, search: {} },
      navbar: [
        { title: 'Evil', href: 'java\tscript:alert(1)' },
        { title: 'Menu', items: [{ title: 'Inner', href: 'JAVASCRIPT:alert(2)' }] },
      ],
    } as unknown as RouteData;
    const html = renderToStaticMarkup(createElement(Navbar, { data }));
    // Every href the browser would follow is safe: an unsafe scheme became `#` (or, hidden by a
    // tab, a path on the site, which a browser never runs).
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(hrefs.filter((href) => !isSafeHref(href) || hrefScheme(href) === 'javascript')).toEqual([]);
    expect(html).toContain('href="#">Inner<');
  });
});
