import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { fixture, tempSite, tmp } from '../helpers.ts';

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** The `href`/`src` values of `<tag>` elements in `html`, entities decoded. */
const attributes = (html: string, tag: string, name: string) =>
  [...html.matchAll(new RegExp(`<${tag}\\s(?:[^>]*?\\s)?${name}="([^"]*)"`, 'g'))].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('links of every form, built under the base path /docs', () => {
  let out: string;
  const page = (path: string) => readFileSync(join(out, path, 'index.html'), 'utf8');

  beforeAll(async () => {
    const site = tempSite({ 'docs-gen.config.ts': "export default { title: 'Links', basePath: '/docs' };\n" });
    temporary.push(site.root);
    cpSync(fixture('links-of-every-form-are-checked-as-the-build-writes-them'), site.root, { recursive: true });
    const dir = tmp();
    temporary.push(dir);
    out = join(dir, 'out');
    await build({ root: site.root, outDir: out });
  });

  test('raw HTML links in a .md page get the base path', () => {
    const hrefs = attributes(page('markdown'), 'a', 'href');
    expect(hrefs).toContain('/docs/odd/a%23b');
    expect(hrefs).toContain('/docs#home');
    expect(hrefs).toContain('/docs/html-inline-gone');
    expect(hrefs).toContain('/docs/html-block-gone');
  });

  test('JSX <a href> and <img src> in an .mdx page get the base path', () => {
    const html = page('jsx');
    expect(attributes(html, 'a', 'href')).toEqual(expect.arrayContaining(['/docs/odd/a%23b', '/docs/markdown#valid', '/docs/jsx-gone']));
    expect(attributes(html, 'img', 'src')).toContain('/docs/images/logo.svg');
  });

  test('reference-style links and links in table cells are rendered with the base path', () => {
    const hrefs = attributes(page('markdown'), 'a', 'href');
    expect(hrefs).toEqual(expect.arrayContaining(['/docs/odd/with%20space#part', '/docs/jsx', '/docs/odd/50%25', '/docs', '/docs/table-gone']));
  });

  test('a page whose name holds #, ?, % or a space is reached from its own sidebar link: each segment encoded once', () => {
    for (const [path, name] of [['odd/a#b', 'a%23b'], ['odd/what?', 'what%3F'], ['odd/50%', '50%25'], ['odd/with space', 'with%20space']] as const) {
      expect(existsSync(join(out, path, 'index.html'))).toBe(true);
      const sidebar = page(path).slice(page(path).indexOf('class="sidebar"'));
      expect(sidebar).toContain(`aria-current="page" href="/docs/odd/${name}"`);
      // A server decodes the path once: it leads back to the page's own file.
      expect(decodeURIComponent(`/docs/odd/${name}`)).toBe(`/docs/${path}`);
    }
  });

  test('an encoded link is never decoded into a different URL: /odd/a%23b stays /odd/a%23b, not /odd/a#b', () => {
    for (const path of ['', 'markdown', 'jsx', 'odd/50%']) {
      const hrefs = attributes(page(path), 'a', 'href');
      expect(hrefs).toContain('/docs/odd/a%23b');
      expect(hrefs.filter((href) => href.startsWith('/docs/odd/a#'))).toEqual([]);
    }
  });

  test('a _meta href written encoded is not encoded again', () => {
    expect(page('').slice(page('').indexOf('class="sidebar"'))).toContain('class="sidebar-external" href="/docs/odd/a%23b"');
  });
});
