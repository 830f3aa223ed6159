import { describe, expect, test } from 'vitest';
import { localeCookie, localeHomeFor } from '../../theme/client/locale-cookie.ts';

describe('the NEXT_LOCALE cookie', () => {
  test('is written for path / and a year: 31536000000 ms, max-age in seconds', () => {
    expect(localeCookie('fr-FR')).toBe('NEXT_LOCALE=fr-FR; path=/; max-age=31536000; SameSite=Lax');
  });

  const homes = JSON.stringify({ 'fr-FR': '/fr-FR', ar: '/ar' });
  test.each([
    ['theme=dark; NEXT_LOCALE=fr-FR', homes, '/fr-FR'],
    ['NEXT_LOCALE=ar', homes, '/ar'],
    ['NEXT_LOCALE=en-US', homes, undefined],
    ['NEXT_LOCALE=de-DE', homes, undefined],
    ['NEXT_LOCALE=constructor', homes, undefined],
    ['', homes, undefined],
    ['NEXT_LOCALE=fr-FR', null, undefined],
  ])('%j on a home offering %s leads to %s', (cookies, json, expected) => {
    expect(localeHomeFor(cookies, json)).toBe(expected);
  });
});
