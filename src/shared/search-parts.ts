/**
 * What the browser downloads to search (issue 9): the seed's `nextra-data-{locale}.json` split
 * in two kinds of file, so that the first result never waits for the whole site's text.
 *
 * - the head, `nextra-search-{locale}.json`: every page's route, title and section keys — what
 *   titles and headings are searched with, a small file (at 2000 pages about a tenth of the
 *   text) fetched when the box is first focused;
 * - text parts, `nextra-search-{locale}-{n}.{hash}.json`: the sections' text, consecutive
 *   sections in head order, each about {@link TEXT_PART_BYTES}, fetched after the head and
 *   searched as each arrives. The hash in the name (of what the part is made from) means a head
 *   never meets another build's part.
 *
 * Shared by the search-index plugin that writes the files and the loader that reads them.
 */
import type { SearchData } from './search-index-format.ts';

/** One page of the head: route, title, and its section keys (`heading-id#Heading title`, `''` for the intro) in page order. */
export type SearchHeadPage = [route: string, title: string, sectionKeys: string[]];

export interface SearchHead {
  pages: SearchHeadPage[];
  /** File names of the text parts, beside the head, in section order. */
  parts: string[];
}

/** The text of sections `first`, `first + 1`, … (numbered across the head's pages in order). */
export interface SearchTextPart {
  first: number;
  texts: string[];
}

/**
 * Raw characters of text per part. About 75 KB gzipped: small enough that the first parts
 * arrive while the reader types, large enough that 2000 pages are some 40 requests.
 */
export const TEXT_PART_BYTES = 256 * 1024;

export const searchHeadPath = (locale: string): string => `_next/static/chunks/nextra-search-${locale}.json`;
export const searchHeadUrl = (basePath: string, locale: string): string => `${basePath}/${searchHeadPath(locale)}`;
/** A text part's file name (beside the head); `hash` stands for its bytes (the search-index plugin's key of what they are made from). */
export const searchTextPartName = (locale: string, n: number, hash: string): string => `nextra-search-${locale}-${n}.${hash}.json`;
/** URL of a part named in the head, beside the head. */
export const searchTextPartUrl = (headUrl: string, name: string): string => `${headUrl.slice(0, headUrl.lastIndexOf('/') + 1)}${name}`;

/**
 * The head's pages and the text parts of a locale's search data, routes in code-point order
 * (as `serializeSearchData` writes them), a part closed at the first section that brings it
 * past `partBytes`.
 */
export function splitSearchData(data: SearchData, partBytes = TEXT_PART_BYTES): { pages: SearchHeadPage[]; parts: SearchTextPart[] } {
  const pages: SearchHeadPage[] = [];
  const parts: SearchTextPart[] = [];
  let current: SearchTextPart = { first: 0, texts: [] };
  let currentBytes = 0;
  let section = 0;
  for (const route of Object.keys(data).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const document = data[route]!;
    const keys = Object.keys(document.data);
    pages.push([route, document.title, keys]);
    for (const key of keys) {
      const text = document.data[key]!;
      current.texts.push(text);
      currentBytes += text.length;
      section++;
      if (currentBytes >= partBytes) {
        parts.push(current);
        current = { first: section, texts: [] };
        currentBytes = 0;
      }
    }
  }
  if (current.texts.length) parts.push(current);
  return { pages, parts };
}
