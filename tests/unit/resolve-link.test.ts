import { describe, expect, test } from 'vitest';
import { isExternalHref, resolveLink, type ResolvedLink } from '../../src/shared/resolve-link.ts';

const page = { pageRoute: '/rel/primer', folderRoute: '/rel' };
const deep = { pageRoute: '/rel/sub/page', folderRoute: '/rel/sub' };
const folderIndex = { pageRoute: '/rel', folderRoute: '/rel' };
const home = { pageRoute: '/', folderRoute: '/' };
const to = (route: string, hash = '', search = ''): ResolvedLink => ({ route, hash, search });

describe('resolveLink', () => {
  test.each([
    ['an absolute route', '/rel/x', page, to('/rel/x')],
    ['an absolute route with a trailing slash', '/rel/x/', page, to('/rel/x')],
    ['an absolute route with .mdx', '/rel/x.mdx', page, to('/rel/x')],
    ['an absolute route with .md', '/rel/x.md', page, to('/rel/x')],
    ['an absolute route with .html', '/rel/x.html', page, to('/rel/x')],
    ['an absolute index file', '/rel/index.mdx', page, to('/rel')],
    ['an absolute index route', '/rel/index', page, to('/rel')],
    ['the site root', '/', page, to('/')],
    ['a ./ link from folder /rel', './y.md', page, to('/rel/y')],
    ['a bare relative name from folder /rel', 'y.mdx', page, to('/rel/y')],
    ['a ../ link from folder /rel/sub', '../z', deep, to('/rel/z')],
    ['a ../ link from folder /rel', '../z', page, to('/z')],
    ['../ past the content root', '../../../z', page, to('/z')],
    ['a same-page anchor', '#anchor', page, to('/rel/primer', 'anchor')],
    ['a same-page anchor on a folder index page', '#setup', folderIndex, to('/rel', 'setup')],
    ['a bare # ', '#', page, to('/rel/primer')],
    ['index.mdx relative to folder /rel', 'index.mdx', page, to('/rel')],
    ['./ alone', './', page, to('/rel')],
    ['a relative link from the root folder', 'guide/intro.mdx', home, to('/guide/intro')],
    ['a query string', '/rel/x?tab=2', page, to('/rel/x', '', '?tab=2')],
    ['a query string and an anchor', '/rel/x.mdx?tab=2#part', page, to('/rel/x', 'part', '?tab=2')],
    ['a query string alone', '?tab=2', page, to('/rel/primer', '', '?tab=2')],
    ['an encoded anchor on another page', '/rel/x#caf%C3%A9', page, to('/rel/x', 'café')],
    ['an encoded path', '/rel/a%20b', page, to('/rel/a b')],
    ['a malformed escape, kept as written', '#50%', page, to('/rel/primer', '50%')],
    ['a relative link with an anchor', '../z.md#part-2', deep, to('/rel/z', 'part-2')],
  ])('resolves %s (%s)', (_what, href, options, expected) => {
    expect(resolveLink(href, options)).toEqual(expected);
  });

  test('decodes an encoded same-page anchor like any other anchor', () => {
    expect(resolveLink('#caf%C3%A9', page)).toEqual(to('/rel/primer', 'café'));
  });

  test.each([['https://example.com/rel/x'], ['http://example.com'], ['mailto:docs@example.com'], ['//cdn.example.com/x.js'], ['tel:+1555']])(
    '%s leaves the site and resolves to undefined',
    (href) => {
      expect(isExternalHref(href)).toBe(true);
      expect(resolveLink(href, page)).toBeUndefined();
    },
  );

  test.each([['/rel/x'], ['./x'], ['x.mdx'], ['#a'], ['?q=1']])('%s is internal', (href) => {
    expect(isExternalHref(href)).toBe(false);
  });
});
