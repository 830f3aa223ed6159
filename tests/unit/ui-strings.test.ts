import { describe, expect, test } from 'vitest';
import { CLIENT_STRING_KEYS, clientStringsOf, fillTemplate, uiStrings, type UiStrings } from '../../src/shared/ui-strings.ts';

const locales = (key: keyof UiStrings, tags: string[]) => tags.map((tag) => uiStrings(tag)[key]);

describe("the theme's dictionary", () => {
  test("says 'Loading…' in English, French, Russian and Chinese (seed §8), and in English for a language it lacks", () => {
    expect(locales('searchLoading', ['en-US', 'fr-FR', 'ru-RU', 'zh-CN', 'de-DE'])).toEqual(['Loading…', 'Chargement…', 'Загрузка…', '正在加载…', 'Loading…']);
    expect(locales('outputLoading', ['en-US', 'fr-CA', 'ru', 'zh-TW'])).toEqual(['Loading…', 'Chargement…', 'Загрузка…', '正在加载…']);
  });

  test("has the seed's English strings word for word", () => {
    const en = uiStrings('en-US');
    expect([en.searchError, en.searchEmpty, en.tocTitle, en.feedbackQuestion, en.feedbackYes, en.feedbackNo, en.feedbackThanks]).toEqual([
      'Failed to load search index.',
      'No results found.',
      'On This Page',
      'Was this doc helpful?',
      'Yes',
      'No',
      'Thanks for the feedback!',
    ]);
    expect(fillTemplate(en.outputBrowserFailure, { src: 'example1' })).toBe('Browser failure in displaying output from example1.');
    expect(fillTemplate(en.searchSeeAll, { count: 12 })).toBe('See all 12 results');
  });

  test('French and Arabic translate every string: none is left in English', () => {
    const en = uiStrings('en-US');
    // Names that are the same word in French.
    const sameInFrench = new Set<keyof UiStrings>(['menu']);
    for (const tag of ['fr-FR', 'ar']) {
      const strings = uiStrings(tag);
      const english = (Object.keys(en) as (keyof UiStrings)[]).filter((key) => strings[key] === en[key] && !(tag === 'fr-FR' && sameInFrench.has(key)));
      expect(english, tag).toEqual([]);
    }
  });

  test('keeps the placeholders of each English template in every translation', () => {
    const en = uiStrings('en-US');
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const tag of ['fr-FR', 'ar']) {
      for (const key of Object.keys(en) as (keyof UiStrings)[]) expect(placeholders(uiStrings(tag)[key]), `${tag} ${key}`).toEqual(placeholders(en[key]));
    }
  });

  test("are merged once per locale, and no caller can change another page's strings", () => {
    expect(uiStrings('fr-FR')).toBe(uiStrings('fr-FR'));
    expect(() => {
      (uiStrings('fr-FR') as { copy: string }).copy = 'changed';
    }).toThrow(TypeError);
    expect(uiStrings('fr-FR').copy).toBe('Copier');
    expect(uiStrings('fr-CA').copy).toBe('Copier');
  });

  test('gives the client scripts exactly their keys', () => {
    expect(Object.keys(clientStringsOf(uiStrings('fr-FR')))).toEqual([...CLIENT_STRING_KEYS]);
    expect(clientStringsOf(uiStrings('fr-FR')).copied).toBe('Copié');
  });
});
