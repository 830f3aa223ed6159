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
  const routes = Object.keys(data).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const outline = routes.map((route) => {
    const { title, data: texts } = data[route]!;
    const keys = Object.keys(texts);
    return { route, title, keys, lengths: keys.map((key) => texts[key]!.length) };
  });
  const { pages, parts } = splitSearchOutline(outline, partBytes);
  const texts = routes.flatMap((route) => Object.values(data[route]!.data));
  return { pages, parts: parts.map(({ first, count }) => ({ first, texts: texts.slice(first, first + count) })) };
}

/** A page of the search data as the split needs it: its section keys and the length of each one's text. */
export interface SearchOutlinePage {
  route: string;
  title: string;
  keys: string[];
  lengths: readonly number[];
}

/** Where each text part starts, and how many sections it holds. */
export interface SearchPartSpan {
  first: number;
  count: number;
}

/**
 * `splitSearchData` from the lengths of the texts alone, pages in the order given: the search
 * index splits a rebuild's data without reading the text of pages whose parts it copies.
 */
export function splitSearchOutline(outline: readonly SearchOutlinePage[], partBytes = TEXT_PART_BYTES): { pages: SearchHeadPage[]; parts: SearchPartSpan[] } {
  const pages: SearchHeadPage[] = [];
  const parts: SearchPartSpan[] = [];
  let first = 0;
  let currentBytes = 0;
  let section = 0;
  for (const { route, title, keys, lengths } of outline) {
    pages.push([route, title, keys]);
    for (const length of lengths) {
      currentBytes += length;
      section++;
      if (currentBytes >= partBytes) {
        parts.push({ first, count: section - first });
        first = section;
        currentBytes = 0;
      }
    }
  }
  if (section > first) parts.push({ first, count: section - first });
  return { pages, parts };
}
