import { describe, expect, test } from 'vitest';
import { assetHref, encodeFragment, encodeRoute, encodeSegment, pageHref, routeHref, type PageLinkContext } from '../../../src/shared/page-href.ts';

const at = (pageRoute: string, folderRoute: string, hrefPrefix = '', basePath = ''): PageLinkContext => ({ pageRoute, folderRoute, hrefPrefix, basePath });
const page = at('/rel/primer', '/rel');
const underBase = at('/rel/primer', '/rel', '/docs', '/docs');
const french = at('/rel/primer', '/rel', '/docs/fr-FR', '/docs');
const folderIndex = at('/rel', '/rel');

describe('pageHref: a link as written becomes the href the built page uses', () => {
  test.each([
    ['a root-absolute route', '/rel/x', page, '/rel/x'],
    ['a trailing slash', '/rel/x/', page, '/rel/x'],
    ['an .mdx suffix', '/rel/x.mdx', page, '/rel/x'],
    ['an .md suffix', '/rel/x.md', page, '/rel/x'],
    ['an index file', '/rel/index.mdx', page, '/rel'],
    ['a relative name', 'y.md', page, '/rel/y'],
    ['a ../ link', '../z', page, '/z'],
    ['./ alone on a folder index page', './', folderIndex, '/rel'],
    ['the home page', '/', page, '/'],
    ['the home page under a base path', '/', underBase, '/docs'],
    ['the home page in another locale', '/', french, '/docs/fr-FR'],
    ['a route under a base path', '/rel/x', underBase, '/docs/rel/x'],
    ['a relative link under a base path', 'y.md#part', underBase, '/docs/rel/y#part'],
    ['a route in another locale', '../z.mdx', french, '/docs/fr-FR/z'],
    ['a hash on another page', '/rel/x#part-2', page, '/rel/x#part-2'],
    ['a query and a hash', '/rel/x.mdx?tab=2#part', page, '/rel/x?tab=2#part'],
    ['a query alone', '?tab=2', page, '/rel/primer?tab=2'],
    ['a same-page anchor', '#part', page, '#part'],
    ['a same-page anchor under a base path', '#part', underBase, '#part'],
    ['a bare #', '#', page, '#'],
    ['an encoded # in a page name, kept encoded', '/a%23b', page, '/a%23b'],
    ['an encoded ? in a page name, kept encoded', '/a%3Fb', page, '/a%3Fb'],
    ['an encoded % in a page name, kept encoded', '/50%25', page, '/50%25'],
    ['an encoded space', '/a%20b', page, '/a%20b'],
    ['a raw space, encoded once', '/a b', page, '/a%20b'],
    ['a malformed escape, encoded as the text it is', '/50%', page, '/50%25'],
    ['an encoded name relative to the page, under a base path', 'a%23b.md#x', underBase, '/docs/rel/a%23b#x'],
    ['a raw # ends the path and starts the hash', '/a#b', page, '/a#b'],
    ['an encoded anchor', '/rel/x#caf%C3%A9', page, '/rel/x#caf%C3%A9'],
    ['an anchor that is not encoded, encoded once', '/rel/x#café', page, '/rel/x#caf%C3%A9'],
    ['an encoded same-page anchor', '#caf%C3%A9', page, '#caf%C3%A9'],
    ['an external URL, untouched', 'https://example.com/a%23b?x#y', underBase, 'https://example.com/a%23b?x#y'],
    ['a mail link, untouched', 'mailto:docs@example.com', underBase, 'mailto:docs@example.com'],
    ['a protocol-relative URL, untouched', '//cdn.example.com/x', underBase, '//cdn.example.com/x'],
  ])('%s: %s', (_what, written, context, expected) => {
    expect(pageHref(written, context)).toBe(expected);
  });
});

describe('routeHref: a route becomes an href by encoding each segment exactly once', () => {
  test.each([
    ['/guide/intro', '', '/guide/intro'],
    ['/a#b', '', '/a%23b'],
    ['/a?b', '', '/a%3Fb'],
    ['/50%', '', '/50%25'],
    ['/with space/x', '/docs', '/docs/with%20space/x'],
    ['/café', '', '/caf%C3%A9'],
    ["/it's (1):a@b+c", '', "/it's%20(1):a@b+c"],
    ['/', '', '/'],
    ['/', '/docs', '/docs'],
    ['/x', '/docs/fr-FR', '/docs/fr-FR/x'],
  ])('%s under "%s" is %s', (route, prefix, expected) => {
    expect(routeHref(route, prefix)).toBe(expected);
  });

  test('decoding an encoded route gives the route back', () => {
    for (const route of ['/a#b', '/a?b', '/50%', '/a b/c', '/café', '/%2F']) expect(decodeURIComponent(encodeRoute(route))).toBe(route);
  });
});

describe('assetHref: a file of public/ gets the base path, never the locale', () => {
  test.each([
    ['/images/a.png', '/docs/images/a.png', french],
    ['images/a.png', '/rel/images/a.png', page],
    ['/images/a b.png', '/images/a%20b.png', page],
    ['/images/a%23b.png', '/images/a%23b.png', page],
    ['/images/a%20b.png', '/docs/images/a%20b.png', underBase],
    ['/docs/images/a.png', '/docs/images/a.png', underBase],
    ['/images/a.svg?v=2', '/docs/images/a.svg?v=2', underBase],
    ['https://example.com/a.png', 'https://example.com/a.png', underBase],
    ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA', underBase],
  ])('%s is written %s', (src, expected, context) => {
    expect(assetHref(src, context)).toBe(expected);
  });
});

describe('encodeSegment and encodeFragment: text that needs no escape is answered as it is', () => {
  // Encoding is character by character, and a `%` always takes the full encoding: so text with a
  // `%` after it spells the text's own encoding then `%25`, whichever way the text alone went.
  const everyCharacter = Array.from({ length: 0x10000 }, (_, code) => code)
    .filter((code) => code < 0xd800 || code > 0xdfff)
    .map((code) => String.fromCharCode(code));

  test('each character of the Basic Multilingual Plane comes out as the full encoding spells it', () => {
    for (const encode of [encodeSegment, encodeFragment]) {
      const differing = everyCharacter.filter((character) => `${encode(character)}%25` !== encode(`${character}%`));
      expect(differing, encode.name).toEqual([]);
    }
  });

  test('plain text is itself; the rest is escaped once', () => {
    expect(encodeSegment("getting-started_v2.0~!$&'()*+,;=:@")).toBe("getting-started_v2.0~!$&'()*+,;=:@");
    expect(encodeSegment('a/b?c#d')).toBe('a%2Fb%3Fc%23d');
    expect(encodeFragment('a/b?c#d')).toBe('a/b?c%23d');
    expect(encodeSegment('café 𝔘')).toBe('caf%C3%A9%20%F0%9D%94%98');
  });
});
