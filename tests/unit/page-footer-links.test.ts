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
