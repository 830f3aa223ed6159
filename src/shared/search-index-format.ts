/**
 * The local search data (seed §7), shared by the search-index plugin that writes it and the
 * browser search that reads it: one module, so that the two never disagree on its shape.
 *
 * `nextra-data-{locale}.json`: route → `{ title, data }`; `data` keys are
 * `heading-id#Heading title` (the page's text before its first section heading is under the
 * key `''`), values the section's text as the reader sees it, lines joined by newlines.
 */
import type { PageMapItem, RelOutputRelation } from './types.ts';

/** One page of the search data. */
export interface SearchDocument {
  title: string;
  data: Record<string, string>;
}

/** A locale's search data: route (with locale prefix, without base path) → page. */
export type SearchData = Record<string, SearchDocument>;

/** A page's text by section, as the content loader collects it. */
export interface TextSection {
  id: string;
  title: string;
  text: string;
  /**
   * The `src` of each `<RelOutput>` in the section, in order: its table is rendered from data
   * the page's compile does not have, so its text joins the section when the index is written.
   */
  relOutputs?: string[];
}

/** Path of a locale's search data inside the output folder (no leading slash). */
export const searchDataPath = (locale: string): string => `_next/static/chunks/nextra-data-${locale}.json`;

/** URL the browser fetches it from: under the base path (seed §7). */
export const searchDataUrl = (basePath: string, locale: string): string => `${basePath}/${searchDataPath(locale)}`;

export const sectionKey = (id: string, title: string): string => (id ? `${id}#${title}` : '');

/** `heading-id#Heading title` → its parts; the heading title may itself hold `#`. */
export function parseSectionKey(key: string): { id: string; title: string } {
  const at = key.indexOf('#');
  return at < 0 ? { id: '', title: '' } : { id: key.slice(0, at), title: key.slice(at + 1) };
}

/**
 * The hidden top-level category of a route (seed §2): its first path segment, uppercased, a
 * hyphen replaced by a space. `/getting-started/quick-start` → `GETTING STARTED`.
 */
export function topLevelCategory(route: string): string {
  const first = route.split('/').find(Boolean) ?? '';
  return first.replace(/-/g, ' ').toUpperCase();
}

/**
 * The key a section's text joins in its page's search document. The page's own title heading (its
 * h1) is not a section of itself: its text joins the page's intro under `''`, so that no hit ever
 * reads "Schema › Schema".
 */
export function searchDocumentKey(title: string, section: Pick<TextSection, 'id' | 'title'>): string {
  const isTitle = !section.id || section.title.trim() === title.trim();
  return isTitle ? '' : sectionKey(section.id, section.title);
}

/** A page's search document: each key's non-empty texts, trimmed, joined by newlines. */
export function searchDocument(title: string, sections: readonly TextSection[]): SearchDocument {
  const data: Record<string, string> = {};
  for (const section of sections) {
    const key = searchDocumentKey(title, section);
    const text = section.text.trim();
    if (!text && key in data) continue;
    data[key] = data[key] ? (text ? `${data[key]}\n${text}` : data[key]) : text;
  }
  return { title, data };
}

/**
 * The keys of `searchDocument(title, sections)` in its order, and the length of each one's text,
 * from each section's trimmed length alone (`trimmedLength`): the search index splits its text
 * parts by them without reading a page's text.
 */
export function searchDocumentOutline<Section extends Pick<TextSection, 'id' | 'title'>>(title: string, sections: readonly Section[], trimmedLength: (section: Section) => number): { keys: string[]; lengths: number[] } {
  const keys: string[] = [];
  const lengths: number[] = [];
  const at = new Map<string, number>();
  for (const section of sections) {
    const key = searchDocumentKey(title, section);
    const length = trimmedLength(section);
    const i = at.get(key);
    if (i === undefined) {
      at.set(key, keys.length);
      keys.push(key);
      lengths.push(length);
    } else if (length) lengths[i] = lengths[i] ? lengths[i]! + 1 + length : length;
  }
  return { keys, lengths };
}

/**
 * The text a reader sees in a displayed Rel output: each tuple's values on a line (a missing
 * value shows as "missing"), relations one after another.
 */
export function relOutputText(relations: readonly RelOutputRelation[]): string {
  return relations.flatMap((relation) => relation.rows.map((row) => row.map((value) => value ?? 'missing').join(' '))).join('\n');
}

/** Routes a page map hides (`display: 'hidden'`, and everything inside a hidden folder). */
export function hiddenRoutes(pageMap: readonly PageMapItem[]): Set<string> {
  const hidden = new Set<string>();
  const visit = (items: readonly PageMapItem[], insideHidden: boolean) => {
    for (const item of items) {
      if (item.kind === 'Meta') continue;
      const isHidden = insideHidden || item.display === 'hidden';
      if (isHidden && item.route) hidden.add(item.route);
      if (item.children) visit(item.children, isHidden);
    }
  };
  visit(pageMap, false);
  return hidden;
}

/**
 * The file's bytes: routes in code-point order, sections in page order, no whitespace — the
 * same site gives the same bytes whatever order the pages were rendered in.
 */
export function serializeSearchData(data: SearchData): string {
  const routes = Object.keys(data).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${routes.map((route, i) => searchDataEntry(route, data[route]!, i === 0)).join('')}}`;
}

/**
 * One page of the file as `serializeSearchData` spells it between the braces: a comma before
 * every page but the first. The search-index plugin writes the file a page at a time with it.
 */
export const searchDataEntry = (route: string, document: SearchDocument, first: boolean): string => `${first ? '' : ','}${JSON.stringify(route)}:${JSON.stringify(document)}`;
