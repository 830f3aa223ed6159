// Search data the search tests share: pages from the Rel docs that a query looks for by name,
// and a crowd of pages that one word matches, for the limits and counts.
import { searchDocument, type SearchData, type TextSection } from '../../../src/shared/search-index-format.ts';

/**
 * The Schema and Aggregation pages. The Schema page's first section has the heading
 * `schemaIntro` (its own title, or none) and its second "Declaring a schema".
 */
export const relPages = (schemaIntro: Pick<TextSection, 'id' | 'title'>): SearchData => ({
  '/rel/concepts/schema': searchDocument('Schema', [
    { ...schemaIntro, text: 'A schema names the relations of a model.' },
    { id: 'declaring', title: 'Declaring a schema', text: 'Write the schema as integrity constraints.' },
  ]),
  '/rel/ref/expressions/aggregation': searchDocument('Aggregation', [{ id: 'syntax', title: 'Syntax', text: 'Aggregation reduces a relation with sum, max or count.' }]),
});

/**
 * `count` pages `/many/page-00`… titled "Walrus page i", each with `sectionsPerPage` sections
 * "Walrus section s" (anchor `s<s>`): every title, heading and text matches "walrus".
 */
export function walrusPages(count: number, sectionsPerPage: number, sectionText = (_page: number, section: number) => `walrus text ${section}`): SearchData {
  const data: SearchData = {};
  for (let page = 0; page < count; page++) {
    data[`/many/page-${String(page).padStart(2, '0')}`] = searchDocument(
      `Walrus page ${page}`,
      Array.from({ length: sectionsPerPage }, (_, section) => ({ id: `s${section}`, title: `Walrus section ${section}`, text: sectionText(page, section) })),
    );
  }
  return data;
}
