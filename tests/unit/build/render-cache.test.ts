import { describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { hashCanonical, keepRendered, readCachedPageHeader, renderCacheKey, renderCacheSiteKey, rendersToolComponentsOnly } from '../../../src/build/render-cache.ts';
import { distPath, distUrl } from '../../../src/util/dist-path.ts';
import type { ResolvedThemeOptions } from '../../../src/shared/types.ts';
import { renderedPart, type SiteSnapshot } from '../../../src/build/route-data.ts';
import type { CompiledPage, RouteDefinition } from '../../../src/pipeline/plugin.ts';
import { lazyCompiledPage, noteCompiledKey } from '../../../src/build/compiled-keys.ts';
import { readCacheFilePayload } from '../../../src/util/cache-entry.ts';
import { cacheEntryBytes, replaceCacheEntry } from '../../cache-entries.ts';

/** A stand-in snapshot: only its data matters to the key. */
const snapshot = (sourceByFolder: Record<string, string>, title = 'Site') =>
  ({ config: { title }, navigation: { 'en-US': { sourceByFolder } }, assets: { scripts: [], styles: [] }, routesByLocale: {}, themeData: {}, mdxComponents: {} }) as unknown as SiteSnapshot;

describe('the key of a rendered page in the persistent cache', () => {
  test('does not depend on the order in which the site data was assembled', async () => {
    const one = await renderCacheSiteKey(snapshot({ '/a': 'content/a/_meta.json', '/b': 'content/b/_meta.json' }));
    const other = await renderCacheSiteKey(snapshot({ '/b': 'content/b/_meta.json', '/a': 'content/a/_meta.json' }));
    expect(other).toBe(one);
  });

  test('changes with the site data and with the page', async () => {
    const site = await renderCacheSiteKey(snapshot({ '/a': 'x' }));
    expect(await renderCacheSiteKey(snapshot({ '/a': 'x' }, 'Other'))).not.toBe(site);
    const page = (title: string) => ({ route: '/a', title, content: { type: 'html', html: '<p>a</p>' } }) as RouteDefinition;
    expect(renderCacheKey(site, page('A'))).toBe(renderCacheKey(site, page('A')));
    expect(renderCacheKey(site, page('B'))).not.toBe(renderCacheKey(site, page('A')));
  });
});

describe("a page's compiled body in its key", () => {
  const page = (compiled: CompiledPage) => ({ route: '/a', title: 'A', content: { type: 'mdx', compiled } }) as RouteDefinition;
  const html = (code: string): CompiledPage => ({ kind: 'html', code });

  test("is the compile's key while the body is what the compile made: the same key, the same page; another key, another page", async () => {
    const site = await renderCacheSiteKey(snapshot({}));
    const [one, same, other] = [html('<p>a</p>'), html('<p>a</p>'), html('<p>a</p>')];
    noteCompiledKey(one, 'compile-key-1');
    noteCompiledKey(same, 'compile-key-1');
    noteCompiledKey(other, 'compile-key-2');
    expect(renderCacheKey(site, page(same))).toBe(renderCacheKey(site, page(one)));
    // The body alone no longer decides: with the key standing for it, the key must differ where the compile's did.
    expect(renderCacheKey(site, page(other))).not.toBe(renderCacheKey(site, page(one)));
    expect(renderCacheKey(site, page(one))).not.toBe(renderCacheKey(site, page(html('<p>a</p>'))));
  });

  test('is the body itself once a plugin changed it after the compile, so no page is served as it was before the change', async () => {
    const site = await renderCacheSiteKey(snapshot({}));
    const unnoted = (code: string) => renderCacheKey(site, page(html(code)));
    const compiled = html('<p>Hello</p>');
    noteCompiledKey(compiled, 'compile-key');
    const asCompiled = renderCacheKey(site, page(compiled));
    compiled.code = '<p>Howdy</p>';
    expect(renderCacheKey(site, page(compiled))).toBe(unnoted('<p>Howdy</p>'));
    expect(renderCacheKey(site, page(compiled))).not.toBe(asCompiled);
    // Put back as it was, it is the compile's again.
    compiled.code = '<p>Hello</p>';
    expect(renderCacheKey(site, page(compiled))).toBe(asCompiled);
  });

  test('of a page whose code is read lazily is the compile\'s key without reading the code, until the code is set or redefined', async () => {
    const site = await renderCacheSiteKey(snapshot({}));
    let reads = 0;
    const lazy = () => lazyCompiledPage({ kind: 'html' }, () => (reads++, '<p>Hello</p>'));
    const compiled = lazy();
    noteCompiledKey(compiled, 'compile-key');
    const asCompiled = renderCacheKey(site, page(compiled));
    expect(reads).toBe(0);
    // The same key as an eager page of that compile: a page is one entry however its code was read.
    const eager = html('<p>Hello</p>');
    noteCompiledKey(eager, 'compile-key');
    expect(renderCacheKey(site, page(eager))).toBe(asCompiled);
    // Read, it is still the compile's code.
    expect(compiled.code).toBe('<p>Hello</p>');
    expect(renderCacheKey(site, page(compiled))).toBe(asCompiled);
    // Set (even to the same text) or redefined, the body is hashed instead.
    compiled.code = '<p>Hello</p>';
    expect(renderCacheKey(site, page(compiled))).toBe(renderCacheKey(site, page(html('<p>Hello</p>'))));
    const redefined = lazy();
    noteCompiledKey(redefined, 'compile-key');
    Object.defineProperty(redefined, 'code', { value: '<p>Howdy</p>', enumerable: true });
    expect(renderCacheKey(site, page(redefined))).toBe(renderCacheKey(site, page(html('<p>Howdy</p>'))));
  });
});

describe('what of a route its key holds', () => {
  test('not its search text or references, which no page shows (the render worker is not sent them)', async () => {
    const site = await renderCacheSiteKey(snapshot({}));
    const page = (text: string, target: string) => ({ route: '/a', title: 'A', content: { type: 'html', html: '<p>a</p>' }, sections: [{ id: '', title: 'A', text }], references: [{ kind: 'link', target, line: 1, column: 1 }] }) as unknown as RouteDefinition;
    expect(renderCacheKey(site, page('one', '/b'))).toBe(renderCacheKey(site, page('two', '/c')));
    expect(renderedPart(page('one', '/b'))).toEqual({ route: '/a', title: 'A', content: { type: 'html', html: '<p>a</p>' } });
  });
});

describe('hashing site data in key order', () => {
  const keyOf = (value: unknown) => {
    const hash = createHash('sha256');
    hashCanonical(hash, value);
    return hash.digest('hex');
  };

  test('the same data gives the same key however its objects were assembled, and as JSON would read it', () => {
    expect(keyOf({ a: 1, b: [1, 'x'], c: new Map([['k', 1]]) })).toBe(keyOf({ c: new Map([['k', 1]]), b: [1, 'x'], a: 1 }));
    // What JSON leaves out: an undefined property is as none; undefined in an array is null; a date is its ISO text.
    expect(keyOf({ a: 1, b: undefined })).toBe(keyOf({ a: 1 }));
    expect(keyOf([undefined])).toBe(keyOf([null]));
    expect(keyOf({ date: new Date(0) })).toBe(keyOf({ date: '1970-01-01T00:00:00.000Z' }));
  });

  test('objects of few keys and of many are keyed in code-unit order, integer-like keys too', () => {
    const keys = ['b', '10', '9', 'B', 'a', 'é', '', 'a:', '0'];
    const many = Array.from({ length: 40 }, (_, n) => `k${(n * 7) % 40}`).concat(keys);
    for (const names of [keys, many]) {
      const inOrder = Object.fromEntries([...names].sort().map((name, n) => [name, n]));
      const reversed = Object.fromEntries([...names].sort().reverse().map((name) => [name, inOrder[name]]));
      expect(keyOf(reversed)).toBe(keyOf(inOrder));
      // Values follow their keys: swapping two values is another key.
      expect(keyOf({ ...inOrder, b: inOrder.a, a: inOrder.b })).not.toBe(keyOf(inOrder));
    }
  });

  test('different data never feeds the same bytes: a string spelling JSON, a key with a colon, a number and its text, a lone surrogate and U+FFFD (as a string and as a key)', () => {
    const pairs: [unknown, unknown][] = [
      [{ a: 'x', b: 'y' }, { a: 'x","b":"y' }],
      [{ 'a:b': 1 }, { a: { b: 1 } }],
      [{ a: 1 }, { a: '1' }],
      [['a', 'b'], ['ab']],
      [['\uD800'], ['\uFFFD']],
      [{ '\uD800': 1 }, { '\uFFFD': 1 }],
      [{}, []],
      [null, 'null'],
    ];
    for (const [one, other] of pairs) expect(keyOf(one), JSON.stringify(one)).not.toBe(keyOf(other));
  });
});

describe('a rendered page kept in the cache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rendered-pages-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const theme = (extra = '') => ({ layout: 'default', extra }) as unknown as ResolvedThemeOptions;
  const fileOf = (key: string) => join(dir, `${key}.page`);

  test('is found by its header alone, read in pieces when the header is long; its HTML starts after it', async () => {
    for (const [key, options] of [['a'.repeat(64), theme()], ['b'.repeat(64), theme('x'.repeat(10_000))]] as const) {
      const html = '<!doctype html><p>café \u2028 page</p>\n<p>two lines</p>';
      await keepRendered(dir, key, { html, theme: options });
      const found = readCachedPageHeader(dir, key)!;
      expect(found.header.theme).toEqual(options);
      expect(readCacheFilePayload(found).toString('utf8')).toBe(html);
      expect(cacheEntryBytes(found.file)!.subarray(found.payloadStart - found.place.start).toString('utf8')).toBe(html);
    }
  });

  test('is a miss when absent, empty, without a header, cut short, longer than its header says, or filed under another key', async () => {
    const key = 'c'.repeat(64);
    await keepRendered(dir, key, { html: '<p>whole</p>', theme: theme() });
    const whole = cacheEntryBytes(fileOf(key))!.toString('utf8');
    expect(readCachedPageHeader(dir, key)).toBeDefined();
    const cases: [string, string | undefined][] = [
      ['absent', undefined],
      ['empty', ''],
      ['no header', '<p>whole</p>'],
      ['cut short', whole.slice(0, -3)],
      ['longer', `${whole}<p>more</p>`],
    ];
    for (const [name, contents] of cases) {
      const other = `${name.replace(/ /g, '-')}-${'d'.repeat(50)}`;
      if (contents !== undefined) replaceCacheEntry(fileOf(other), contents.replace(key, other));
      expect(readCachedPageHeader(dir, other), name).toBeUndefined();
    }
    // Another page's whole entry under this name: its header names the other key.
    replaceCacheEntry(fileOf('e'.repeat(64)), whole);
    expect(readCachedPageHeader(dir, 'e'.repeat(64))).toBeUndefined();
  });
});

describe('whether MDX pages of literal JSX may be cached (rendersToolComponentsOnly)', () => {
  const theme = distUrl('theme/mdx/registered.js');
  const components = (mdxComponents: Record<string, string>, islandsModule?: string) => ({ mdxComponents: Object.fromEntries(Object.entries(mdxComponents).map(([name, module]) => [name, { module, exportName: name }])), islandsModule });

  test("yes while every component is a module of docs-gen's dist/, as a URL or a path", () => {
    expect(rendersToolComponentsOnly(components({ Alert: theme, DocImage: distPath('theme/mdx/registered.js') }))).toBe(true);
    expect(rendersToolComponentsOnly(components({}))).toBe(true);
  });

  test("no with a component of the site's own, one from a folder whose name only starts like dist/'s, or islands", () => {
    expect(rendersToolComponentsOnly(components({ Alert: theme, Badge: '/site/.docs-gen-cache/modules/Badge-1a2b.js' }))).toBe(false);
    expect(rendersToolComponentsOnly(components({ Alert: `${distPath('.')}-other/registered.js` }))).toBe(false);
    expect(rendersToolComponentsOnly(components({ Alert: theme }, '/site/.docs-gen-cache/islands/server.js'))).toBe(false);
  });
});
