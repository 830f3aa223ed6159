import { describe, expect, test } from 'vitest';
import { contentRoute, folderRouteOf, localizedRoute, titleFromName, type ContentPath } from '../../src/content/content-route.ts';

const locales = ['en-US', 'fr-FR'];
const at = (route: string, name: string, locale = 'en-US', format: 'md' | 'mdx' = 'mdx'): ContentPath => ({ route, locale, name, format });

describe('contentRoute', () => {
  test.each([
    ['index.mdx', at('/', 'index')],
    ['about.mdx', at('/about', 'about')],
    ['rel/primer/index.mdx', at('/rel/primer', 'index')],
    ['rel/primer/basics.mdx', at('/rel/primer/basics', 'basics')],
    ['rel/notes.md', at('/rel/notes', 'notes', 'en-US', 'md')],
    ['rel/index.md', at('/rel', 'index', 'en-US', 'md')],
    ['page.fr-FR.mdx', at('/page', 'page', 'fr-FR')],
    ['rel/x.fr-FR.md', at('/rel/x', 'x', 'fr-FR', 'md')],
    ['index.fr-FR.mdx', at('/', 'index', 'fr-FR')],
    ['guide/index.fr-FR.mdx', at('/guide', 'index', 'fr-FR')],
    ['page.en-US.mdx', at('/page', 'page', 'en-US')],
    ['file.v2.mdx', at('/file.v2', 'file.v2')],
    ['api.de-DE.mdx', at('/api.de-DE', 'api.de-DE')],
    ['release.1.2.md', at('/release.1.2', 'release.1.2', 'en-US', 'md')],
    ['rel\\windows.mdx', at('/rel/windows', 'windows')],
  ])('%s', (file, expected) => {
    expect(contentRoute(file, locales, 'en-US')).toEqual(expected);
  });

  test('a locale suffix is only a locale when that locale is configured', () => {
    expect(contentRoute('page.fr-FR.mdx', ['en-US'], 'en-US')).toEqual(at('/page.fr-FR', 'page.fr-FR'));
  });

  test('a page without a locale suffix belongs to the default locale', () => {
    expect(contentRoute('page.mdx', ['fr-FR', 'en-US'], 'fr-FR')!.locale).toBe('fr-FR');
  });

  test.each([['_partial.mdx'], ['rel/_partial.mdx'], ['_components/card.mdx'], ['.drafts/x.mdx'], ['_meta.json'], ['rel/image.png'], ['notes.txt'], ['rel/_meta.fr-FR.json']])(
    '%s is not a page',
    (file) => {
      expect(contentRoute(file, locales, 'en-US')).toBeUndefined();
    },
  );
});

describe('localizedRoute', () => {
  test.each([
    ['/rel/x', 'en-US', '/rel/x'],
    ['/', 'en-US', '/'],
    ['/rel/x', 'fr-FR', '/fr-FR/rel/x'],
    ['/', 'fr-FR', '/fr-FR'],
  ])('%s in %s is served at %s', (route, locale, expected) => {
    expect(localizedRoute(route, locale, 'en-US')).toBe(expected);
  });
});

describe('folderRouteOf', () => {
  test.each([
    ['/rel/primer', 'content/rel/primer/index.mdx', '/rel/primer'],
    ['/rel/primer', 'content/rel/primer/index.fr-FR.mdx', '/rel/primer'],
    ['/rel/primer/basic-syntax', 'content/rel/primer/basic-syntax.md', '/rel/primer'],
    ['/intro', 'content/intro.mdx', '/'],
    ['/changelog', undefined, '/changelog'],
  ])('%s from %s resolves relative links against %s', (route, sourcePath, expected) => {
    expect(folderRouteOf({ route, sourcePath })).toBe(expected);
  });
});

describe('titleFromName', () => {
  test('turns a file name into a sentence-case title', () => {
    expect(titleFromName('my-first_program')).toBe('My first program');
  });
});
