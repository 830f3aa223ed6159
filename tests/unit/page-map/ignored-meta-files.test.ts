import { describe, expect, test } from 'vitest';
import { ignoredMetaFiles } from '../../../plugins/page-map/index.ts';

const warnings = (names: string[], locales = ['en-US']) => ignoredMetaFiles({ names, folderPath: 'content/guide', locales }).map((d) => [d.file, d.message]);

describe('_meta files that are never read are warnings at the file', () => {
  test('a _meta.js beside _meta.json is ignored, and said so', () => {
    expect(warnings(['_meta.json', '_meta.js'])).toEqual([['content/guide/_meta.js', '_meta.js is ignored: _meta.json beside it is used (one _meta file per folder and locale)']]);
  });

  test('a _meta.fr-FR.json for a locale the config does not list is ignored, and said so', () => {
    expect(warnings(['_meta.json', '_meta.fr-FR.json'])).toEqual([
      ['content/guide/_meta.fr-FR.json', '_meta.fr-FR.json is for the locale fr-FR, which the config does not list, and is ignored'],
    ]);
  });

  test('a locale file beside the shared one is no conflict; two files of one locale are', () => {
    expect(warnings(['_meta.json', '_meta.fr-FR.json'], ['en-US', 'fr-FR'])).toEqual([]);
    expect(warnings(['_meta.fr-FR.ts', '_meta.fr-FR.json'], ['en-US', 'fr-FR'])).toEqual([
      ['content/guide/_meta.fr-FR.ts', '_meta.fr-FR.ts is ignored: _meta.fr-FR.json beside it is used (one _meta file per folder and locale)'],
    ]);
  });

  test('one _meta file per folder says nothing', () => {
    expect(warnings(['_meta.ts'])).toEqual([]);
  });
});
