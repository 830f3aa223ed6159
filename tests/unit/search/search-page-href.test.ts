import { expect, test } from 'vitest';
import { searchPageHref } from '../../../theme/client/search-page-parts.ts';

// The modal's 'See all' once led a French reader to the English /search.
test.each([
  [{ basePath: '', locale: 'en-US', defaultLocale: 'en-US' }, 'schema', '/search?query=schema'],
  [{ basePath: '', locale: 'fr-FR', defaultLocale: 'en-US' }, 'schéma', '/fr-FR/search?query=sch%C3%A9ma'],
  [{ basePath: '/docs', locale: 'ar', defaultLocale: 'en-US' }, 'a&b', '/docs/ar/search?query=a%26b'],
])("'See all' on a page of %j for %s leads to %s", (where, query, expected) => {
  expect(searchPageHref(where, query)).toBe(expected);
});
