import { describe, expect, test } from 'vitest';
import { editPageUrl, formatLastUpdated } from '../../src/shared/page-footer-links.ts';

describe('the "Edit this page" link', () => {
  test.each([
    ['https://github.com/acme/docs/blob/main', 'content/rel/primer.mdx', 'https://github.com/acme/docs/blob/main/content/rel/primer.mdx'],
    ['https://github.com/acme/docs/blob/main/', 'content/rel/primer.mdx', 'https://github.com/acme/docs/blob/main/content/rel/primer.mdx'],
    ['https://gitlab.com/acme/docs/-/edit/main', 'content/notes/c#-tips.md', 'https://gitlab.com/acme/docs/-/edit/main/content/notes/c%23-tips.md'],
  ])('%s + %s is %s', (base, file, url) => {
    expect(editPageUrl(base, file)).toBe(url);
  });
});

describe('the last-updated date', () => {
  test.each([
    ['2025-01-15', 'en-US', 'January 15, 2025'],
    ['2025-01-15', 'fr-FR', '15 janvier 2025'],
    // Late in the day in UTC: still the 15th, whatever the build machine's time zone.
    ['2025-01-15T23:30:00Z', 'en-US', 'January 15, 2025'],
    ['not a date', 'en-US', 'not a date'],
  ])('%s in %s reads %s', (date, locale, text) => {
    expect(formatLastUpdated(date, locale)).toBe(text);
  });
});

test("an English site's dates are written without Intl, as Intl writes them", () => {
  const formats = new Map<string, Intl.DateTimeFormat>();
  const intl = (locale: string, date: Date) => formats.set(locale, formats.get(locale) ?? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })).get(locale)!.format(date);
  const days: Date[] = [];
  // Every day of several years (a leap year's 29 February among them), and years of every width.
  for (let time = Date.UTC(2023, 0, 1); time < Date.UTC(2029, 0, 1); time += 86_400_000) days.push(new Date(time));
  for (const year of [1, 9, 99, 999, 1000, 1970, 9999]) days.push(new Date(`${String(year).padStart(4, '0')}-07-04T00:00:00Z`));
  for (const locale of ['en', 'en-US']) {
    for (const date of days) expect(formatLastUpdated(date.toISOString(), locale)).toBe(intl(locale, date));
  }
  // Years Intl writes otherwise (before year 1, after 9999) still go to Intl.
  expect(formatLastUpdated('+010000-01-01T00:00:00Z', 'en-US')).toBe(intl('en-US', new Date('+010000-01-01T00:00:00Z')));
  expect(formatLastUpdated('-000044-03-15T00:00:00Z', 'en-US')).toBe(intl('en-US', new Date('-000044-03-15T00:00:00Z')));
});
