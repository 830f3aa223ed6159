/**
 * The local search engine: the same code answers in the browser (navbar box, /search page,
 * the modal without a hosted index) and in Node (the relevance table, the benchmark).
 *
 * flexsearch with the seed's settings (§9) finds the candidates; a small scorer of our own
 * orders them (title > heading > text, how many query words each field holds), because
 * flexsearch's rank alone does not know which field matched — the "no proper ranking" of
 * Nextra's search. Typos are tolerated by correcting a query word that occurs nowhere to the
 * nearest word of the site's own vocabulary.
 */
import { Charset, Encoder, Index } from 'flexsearch';
import { parseSectionKey, topLevelCategory, type SearchData } from './search-index-format.ts';
import { splitSearchData, type SearchHeadPage } from './search-parts.ts';

/** Seed §9. */
export const MAX_PAGE_RESULTS = 5;
export const MAX_SECTION_RESULTS_PER_PAGE = 5;
export const MAX_QUERY_LENGTH = 64;
const FLEXSEARCH_LIMIT = 100;

/** A run of excerpt or title text; `marked` runs are query terms (rendered as `<mark>` by DOM nodes). */
export interface TextRun {
  text: string;
  marked: boolean;
}

export interface SectionHit {
  /** Heading id (the URL fragment). */
  anchor: string;
  title: TextRun[];
  excerpt: TextRun[];
  score: number;
}

export interface PageHit {
  route: string;
  /** Seed §2: first path segment, uppercased, hyphens as spaces. */
  category: string;
  title: TextRun[];
  /** The page's intro text around the query, when it holds the query. */
  excerpt: TextRun[];
  sections: SectionHit[];
  /** All matching sections before the per-page limit. */
  sectionCount: number;
  score: number;
}

export interface SearchResults {
  query: string;
  /** The words searched for, after typo correction: what excerpts mark. */
  terms: string[];
  pages: PageHit[];
  /** Pages + sections that matched, before limits ("See all N results"). */
  total: number;
  /**
   * False while parts of the site's text are still loading: the results are those of titles,
   * headings and the text loaded so far (an empty list is not yet "No results found.").
   */
  complete?: boolean;
}

export interface SearchLimits {
  pages?: number;
  sectionsPerPage?: number;
}

interface SectionEntry {
  page: number;
  anchor: string;
  title: string;
  text: string;
  lowerTitle: string;
  lowerText: string;
}
interface PageEntry {
  route: string;
  title: string;
  lowerTitle: string;
  category: string;
  /** Section ids; the intro (key '') when present is the first and has no anchor. */
  sections: number[];
}

/** Words that carry no topic in a question ("how do I …"): searched, but not required. */
const STOP_WORDS = new Set('a an and are as at be by can do does for from how i in is it of on or the to what when where which who why with you your my we me this that mean means'.split(' '));

/** The seed's settings (§9): tokenize full, resolution 9, context depth 2, cache 100, minlength 1. */
function newIndex(): Index {
  return new Index({
    tokenize: 'full',
    resolution: 9,
    context: { depth: 2, bidirectional: true, resolution: 9 },
    cache: 100,
    encoder: new Encoder({ ...Charset.LatinBalance, minlength: 1 }),
  });
}

const WORD = /[\p{L}\p{N}_]+/gu;
const wordsOf = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];
/** Query words keep a leading `:` or `@`: `:syntax` and `@inline` are Rel identifiers, found as written. */
const QUERY_WORD = /[:@]?[\p{L}\p{N}_]+/gu;
const queryWordsOf = (text: string): string[] => text.toLowerCase().match(QUERY_WORD) ?? [];
const bare = (term: string) => term.replace(/^[:@]/, '');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Optimal string alignment distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous2[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** Text split into runs, each occurrence of a term at a word start marked. */
export function markTerms(text: string, terms: readonly string[]): TextRun[] {
  const usable = terms.filter(Boolean).sort((a, b) => b.length - a.length);
  if (!usable.length) return text ? [{ text, marked: false }] : [];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(${usable.map(escapeRegExp).join('|')})`, 'giu');
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), marked: false });
    runs.push({ text: match[0], marked: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), marked: false });
  return runs;
}

/**
 * About `length` characters of `text` around the first term, cut at word boundaries, with
 * "…" where it was cut; the terms marked.
 */
export function excerptOf(text: string, terms: readonly string[], length = 160): TextRun[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return [];
  let at = -1;
  for (const term of terms) {
    const match = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(term)}`, 'iu').exec(flat);
    if (match && (at < 0 || match.index < at)) at = match.index;
  }
  let start = Math.max(0, (at < 0 ? 0 : at) - Math.floor(length / 3));
  let end = Math.min(flat.length, start + length);
  // Move the cuts to word boundaries: forward at the start, back at the end.
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    start = space < 0 || space >= (at < 0 ? end : at) ? start : space + 1;
  }
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > start && space > at) end = space;
  }
  const cut = `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
  return markTerms(cut, terms);
}

/** Share of `terms` that begin a word of `text` (lowercase). */
function coverage(lowerText: string, terms: readonly string[]): number {
  if (!terms.length) return 0;
  let found = 0;
  for (const term of terms) if (new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(term)}`, 'u').test(lowerText)) found++;
  return found / terms.length;
}

export interface SearchEngine {
  search(query: string, limits?: SearchLimits): SearchResults;
  /**
   * Called after each part of the site's text is searched, so that a list on screen can be
   * answered again; returns the unsubscribe. Absent when the engine had all text from the start.
   */
  subscribe?(listener: () => void): () => void;
}

/** An engine built from the head, taking the text parts as they arrive (`theme/client/search-loader.ts`). */
export interface PartialSearchEngine extends SearchEngine {
  /** Sections in the head. */
  readonly sectionCount: number;
  /**
   * Indexes the next `count` section headings (in section order; titles are indexed at once) and
   * returns how many are left: 20 000 headings are seconds of work, done in slices after the first result.
   */
  addHeadings(count: number): number;
  /** Adds the text of sections `first`, `first + 1`, … (numbered as in the head). */
  addText(first: number, texts: readonly string[]): void;
  /** Tells the subscribers that results may have changed (after a whole part, not each slice of it). */
  notify(): void;
  /** Every part is in: results are final. Listeners hear it. */
  finish(): void;
  subscribe(listener: () => void): () => void;
}

export interface SearchEngineOptions {
  /** A route's group; default: seed §2's rule. */
  categoryOf?: (route: string) => string;
}

/** Builds the engine over one locale's whole search data (Node: tests, the benchmark) — the same code the browser runs part by part. */
export function createSearchEngine(data: SearchData, options: SearchEngineOptions = {}): SearchEngine {
  const { pages, parts } = splitSearchData(data);
  const engine = createSearchEngineFromHead(pages, options);
  engine.addHeadings(engine.sectionCount);
  for (const part of parts) engine.addText(part.first, part.texts);
  engine.finish();
  return engine;
}

/**
 * Builds the engine from the head: page titles are searched at once; section headings join with
 * `addHeadings` and the sections' text with `addText`. Once every part is in, the engine is exactly the one built at once:
 * each flexsearch index gets the same ids in the same order, and typo correction does not
 * depend on the order words were learnt.
 */
export function createSearchEngineFromHead(headPages: readonly SearchHeadPage[], options: SearchEngineOptions = {}): PartialSearchEngine {
  const categoryOf = options.categoryOf ?? topLevelCategory;
  const pages: PageEntry[] = [];
  const sections: SectionEntry[] = [];
  const titleIndex = newIndex();
  const headingIndex = newIndex();
  const textIndex = newIndex();
  const vocabulary = new Map<string, number>();
  const listeners = new Set<() => void>();
  let complete = false;
  let headingsIndexed = 0;
  const learn = (text: string) => {
    for (const word of wordsOf(text)) if (word.length >= 3) vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1);
  };
  for (const [route, title, keys] of headPages) {
    const page: PageEntry = { route, title, lowerTitle: title.toLowerCase(), category: categoryOf(route), sections: [] };
    const pageId = pages.push(page) - 1;
    titleIndex.add(pageId, title);
    learn(title);
    for (const key of keys) {
      const { id, title: heading } = parseSectionKey(key);
      const sectionId = sections.push({ page: pageId, anchor: id, title: heading, text: '', lowerTitle: heading.toLowerCase(), lowerText: '' }) - 1;
      page.sections.push(sectionId);
    }
  }

  /** A word found nowhere becomes the closest frequent word of the site ("aggregaton" → "aggregation"). */
  const correct = (term: string): string => {
    if (term.length < 4 || vocabulary.has(term)) return term;
    for (const word of vocabulary.keys()) if (word.startsWith(term)) return term;
    const max = term.length >= 8 ? 2 : 1;
    let best = term;
    let bestDistance = max + 1;
    let bestCount = 0;
    for (const [word, count] of vocabulary) {
      const distance = editDistance(term, word, max);
      // Ties go to the more frequent word, then the first in code-point order: the answer must not
      // depend on the order the parts arrived in.
      const better = distance < bestDistance || (distance === bestDistance && distance <= max && (count > bestCount || (count === bestCount && word < best)));
      if (better) {
        best = word;
        bestDistance = distance;
        bestCount = count;
      }
    }
    return bestDistance <= max ? best : term;
  };

  const run = (index: Index, query: string): Map<number, number> => {
    const ranks = new Map<number, number>();
    const ids = index.search(query, { limit: FLEXSEARCH_LIMIT, suggest: true }) as number[];
    ids.forEach((id, rank) => ranks.set(id, rank));
    return ranks;
  };

  return {
    sectionCount: sections.length,
    addHeadings(count) {
      const end = Math.min(sections.length, headingsIndexed + count);
      for (; headingsIndexed < end; headingsIndexed++) {
        const { title } = sections[headingsIndexed]!;
        if (title) headingIndex.add(headingsIndexed, title);
        learn(title);
      }
      return sections.length - headingsIndexed;
    },
    addText(first, texts) {
      texts.forEach((text, i) => {
        const section = sections[first + i];
        if (!section || !text) return;
        section.text = text;
        section.lowerText = text.toLowerCase();
        textIndex.add(first + i, text);
        learn(text);
      });
    },
    notify() {
      for (const listener of listeners) listener();
    },
    finish() {
      complete = true;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    search(rawQuery, limits = {}) {
      const query = rawQuery.slice(0, MAX_QUERY_LENGTH).trim();
      const words = [...new Set(queryWordsOf(query))];
      const topical = words.filter((w) => !STOP_WORDS.has(w));
      const terms = (topical.length ? topical : words).map((w) => (w === bare(w) ? correct(w) : w));
      if (!terms.length) return { query, terms, pages: [], total: 0, complete };
      const searched = terms.map(bare).join(' ');
      const titleRanks = run(titleIndex, searched);
      const headingRanks = run(headingIndex, searched);
      const textRanks = run(textIndex, searched);
      const phrase = terms.length > 1 ? terms.join(' ') : '';

      const sectionScores = new Map<number, number>();
      for (const id of new Set([...headingRanks.keys(), ...textRanks.keys()])) {
        const section = sections[id]!;
        const inHeading = coverage(section.lowerTitle, terms);
        const inText = coverage(section.lowerText, terms);
        const inBoth = coverage(`${section.lowerTitle}\n${section.lowerText}`, terms);
        // Every query word (after typo correction) must be in the section or its page's title:
        // flexsearch's suggestions widen recall, they do not make a one-word overlap a hit.
        if (inBoth < 1 && coverage(`${pages[section.page]!.lowerTitle}\n${section.lowerTitle}\n${section.lowerText}`, terms) < 1) continue;
        const rank = textRanks.get(id) ?? headingRanks.get(id) ?? FLEXSEARCH_LIMIT;
        let score = 40 * inHeading + 12 * inText + 20 * inBoth + 2 * (1 - rank / FLEXSEARCH_LIMIT);
        // The words as one phrase, in a section whose heading names one of them: the section is about it.
        if (phrase && (section.lowerTitle.includes(phrase) || section.lowerText.includes(phrase))) score += inHeading ? 20 : 10;
        if (inHeading === 1 && wordsOf(section.title).length === terms.length) score += 10;
        sectionScores.set(id, score);
      }
      const pageScores = new Map<number, { score: number; sections: number[] }>();
      for (const id of titleRanks.keys()) {
        const page = pages[id]!;
        if (coverage(page.lowerTitle, terms) === 1) pageScores.set(id, { score: 0, sections: [] });
      }
      for (const id of sectionScores.keys()) {
        const page = sections[id]!.page;
        if (!pageScores.has(page)) pageScores.set(page, { score: 0, sections: [] });
        pageScores.get(page)!.sections.push(id);
      }
      for (const [id, entry] of pageScores) {
        const page = pages[id]!;
        const inTitle = coverage(page.lowerTitle, terms);
        const titleWords = wordsOf(page.title).length;
        // A title that is the query (or nearly all of it) beats one that merely contains it.
        // Squared: a title holding half the query is worth a quarter, so a section holding all of it can win.
        let score = 100 * inTitle * inTitle + (inTitle === 1 ? 30 * (terms.length / Math.max(titleWords, terms.length)) : 0);
        if (phrase && page.lowerTitle.includes(phrase)) score += 20;
        entry.sections.sort((a, b) => sectionScores.get(b)! - sectionScores.get(a)!);
        const best = entry.sections.length ? sectionScores.get(entry.sections[0]!)! : 0;
        const second = entry.sections.length > 1 ? sectionScores.get(entry.sections[1]!)! : 0;
        // The page as a whole: its best section, and a little for how much more of it is about the query.
        score += best + 0.25 * second + Math.min(entry.sections.length, 10);
        entry.score = score;
      }
      const ordered = [...pageScores].sort((a, b) => b[1].score - a[1].score || pages[a[0]]!.route.localeCompare(pages[b[0]]!.route));
      let total = 0;
      const results: PageHit[] = [];
      for (const [id, entry] of ordered) {
        const page = pages[id]!;
        const named = entry.sections.filter((s) => sections[s]!.anchor);
        const intro = entry.sections.find((s) => !sections[s]!.anchor);
        total += 1 + named.length;
        if (results.length >= (limits.pages ?? Infinity)) continue;
        results.push({
          route: page.route,
          category: page.category,
          title: markTerms(page.title, terms),
          excerpt: intro !== undefined ? excerptOf(sections[intro]!.text, terms) : [],
          sections: named.slice(0, limits.sectionsPerPage ?? Infinity).map((s) => ({
            anchor: sections[s]!.anchor,
            title: markTerms(sections[s]!.title, terms),
            excerpt: excerptOf(sections[s]!.text, terms),
            score: sectionScores.get(s)!,
          })),
          sectionCount: named.length,
          score: entry.score,
        });
      }
      return { query, terms, pages: results, total, complete };
    },
  };
}
