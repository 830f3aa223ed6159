// Where each page's Markdown is written (`<route>.md`, llms.txt's links): one file per route.
import { describe, expect, test } from 'vitest';
import { markdownPath } from '../../../plugins/content-loader/llms-output.ts';

describe("a page's Markdown path", () => {
  test('is <route>.md, and /index.md for the home page, in each locale', () => {
    expect(markdownPath('/', 'en-US', 'en-US')).toBe('/index.md');
    expect(markdownPath('/guide/intro', 'en-US', 'en-US')).toBe('/guide/intro.md');
    expect(markdownPath('/', 'fr-FR', 'en-US')).toBe('/fr-FR/index.md');
    expect(markdownPath('/guide', 'fr-FR', 'en-US')).toBe('/fr-FR/guide.md');
  });

  test('is one file per route, routes whose last segment is index included', () => {
    const routes = ['/', '/index', '/index/index', '/index/index/index', '/a', '/a/index', '/a/index/index', '/a/b', '/indexes', '/a/index-b'];
    for (const locale of ['en-US', 'fr-FR']) {
      const paths = routes.map((route) => markdownPath(route, locale, 'en-US'));
      expect(new Set(paths).size, paths.join(' ')).toBe(routes.length);
      for (const path of paths) expect(path.endsWith('.md')).toBe(true);
    }
    expect(markdownPath('/index', 'en-US', 'en-US')).toBe('/index/index.md');
    expect(markdownPath('/a/index', 'en-US', 'en-US')).toBe('/a/index/index.md');
  });
});
