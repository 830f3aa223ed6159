import { describe, expect, test } from 'vitest';
import { resolveImagePath, resolveRelOutputSrc } from '../../../src/shared/asset-paths.ts';

describe('where a RelOutput src points (seed §5)', () => {
  const page = { pageRoute: '/rel/primer/basic-syntax', relOutputPath: '/rel-output' };
  test.each([
    ['a name resolves under the rel-output folder plus the page path, .json appended', 'example1', '/rel-output/rel/primer/basic-syntax/example1.json'],
    ['.json is not appended twice', 'example1.json', '/rel-output/rel/primer/basic-syntax/example1.json'],
    ['a nested name', 'joins/left', '/rel-output/rel/primer/basic-syntax/joins/left.json'],
    ['../ reaches a sibling page', '../advanced-syntax/example2', '/rel-output/rel/primer/advanced-syntax/example2.json'],
    ['a path starting with / is a path on the site', '/outputs/shared', '/outputs/shared.json'],
  ])('%s', (_what, src, path) => {
    expect(resolveRelOutputSrc(src, page)).toEqual({ kind: 'local', path });
  });

  test('on the home page the page path is empty', () => {
    expect(resolveRelOutputSrc('x', { pageRoute: '/', relOutputPath: '/rel-output' })).toEqual({ kind: 'local', path: '/rel-output/x.json' });
  });

  test('a URL is external: the browser fetches it', () => {
    expect(resolveRelOutputSrc('https://outputs.example/a.json', page)).toEqual({ kind: 'external', url: 'https://outputs.example/a.json' });
    expect(resolveRelOutputSrc('https://outputs.example/a', page)).toEqual({ kind: 'external', url: 'https://outputs.example/a.json' });
  });
});

describe('where an image src points', () => {
  test.each([
    ['an absolute path', '/images/a.png', '/guide', '', '/images/a.png'],
    ['a path relative to the page folder', 'img/a.png', '/guide', '', '/guide/img/a.png'],
    ['../ from a folder', '../images/a.png', '/guide/deep', '', '/guide/images/a.png'],
    ['a query and a hash are dropped', '/images/a.png?v=1#x', '/', '', '/images/a.png'],
    ['an encoded name is decoded', '/images/my%20diagram.png', '/', '', '/images/my diagram.png'],
    ['the base path is stripped', '/docs/images/a.png', '/', '/docs', '/images/a.png'],
    ['encoded dots are decoded before they are resolved: they never leave public/', '/%2e%2e/%2E%2E/secret.png', '/', '', '/secret.png'],
    ['an encoded slash is decoded before dots are resolved', '/images/..%2f..%2f..%2fsecret.png', '/', '', '/secret.png'],
    ['a relative path cannot climb above the site either', '../../%2e%2e/secret.png', '/guide', '', '/secret.png'],
  ])('%s', (_what, src, folderRoute, basePath, expected) => {
    expect(resolveImagePath(src, { folderRoute, basePath })).toBe(expected);
  });

  test.each(['https://example.com/a.png', '//cdn.example.com/a.png', 'data:image/png;base64,AAAA', ''])('%s is not a local image', (src) => {
    expect(resolveImagePath(src, { folderRoute: '/', basePath: '' })).toBeUndefined();
  });
});
