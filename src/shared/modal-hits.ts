/**
 * What the search modal shows, from either source: hosted hits (highlight tags parsed into
 * text runs, entities decoded: nothing from the service ever becomes HTML) or the local
 * engine's pages and sections. Grouped by top level, at most 5 a group (seed §9).
 */
import type { HostedHit, HierarchyLevel } from './hosted-search-client.ts';
import { HIGHLIGHT_POST_TAG, HIGHLIGHT_PRE_TAG, SNIPPET_ELLIPSIS } from './hosted-search-client.ts';
import type { SearchResults, TextRun } from './search-engine.ts';
import { safeHref } from './safe-href.ts';

/** Seed §9. */
export const MAX_HITS_PER_GROUP = 5;
export const SNIPPET_WORDS = 10;
export const SNIPPET_WORDS_NARROW = 5;
/** Seed §9: screens up to this width get the short snippets. */
export const NARROW_SCREEN_MAX_WIDTH = 768;

export interface ModalHit {
  /** objectID of a hosted hit; the URL of a local one. */
  id: string;
  url: string;
  group: string;
  title: TextRun[];
  /** The levels above the title ('Schema › Keys'). */
  path: TextRun[];
  snippet: TextRun[];
}

export interface HitGroup {
  group: string;
  hits: ModalHit[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", '#x2F': '/', nbsp: '\u00a0' };
const decodeEntities = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27|#x2F|nbsp);/g, (whole, name: string) => ENTITIES[name] ?? whole);

/** A highlighted value of the service (HTML-escaped text with the highlight tags) as text runs. */
export function parseHighlighted(value: string): TextRun[] {
  const runs: TextRun[] = [];
  let marked = false;
  for (const part of value.split(new RegExp(`(${HIGHLIGHT_PRE_TAG}|${HIGHLIGHT_POST_TAG.replace('/', '\\/')})`))) {
    if (part === HIGHLIGHT_PRE_TAG) marked = true;
    else if (part === HIGHLIGHT_POST_TAG) marked = false;
    else if (part) runs.push({ text: decodeEntities(part), marked });
  }
  return runs;
}

export const plainText = (runs: readonly TextRun[]): string => runs.map((run) => run.text).join('');

const LEVELS: HierarchyLevel[] = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];
const SEPARATOR: TextRun = { text: ' › ', marked: false };

function joinRuns(parts: TextRun[][]): TextRun[] {
  return parts.flatMap((part, i) => (i ? [SEPARATOR, ...part] : part));
}

/** Hosted hits for the modal: the deepest level as the title, the levels above as its path, the content snippet. */
export function modalHitsFromHosted(hits: readonly HostedHit[]): ModalHit[] {
  return hits.map((hit) => {
    const levelRuns = (level: HierarchyLevel): TextRun[] | undefined => {
      const highlighted = hit._highlightResult?.hierarchy?.[level]?.value;
      const text = hit.hierarchy[level];
      if (highlighted !== undefined) return parseHighlighted(highlighted);
      return text ? [{ text, marked: false }] : undefined;
    };
    const present = LEVELS.filter((level) => hit.hierarchy[level]);
    const titleLevel = hit.type === 'content' ? present[present.length - 1] : hit.type === 'lvl0' ? undefined : hit.type;
    const title = (titleLevel && levelRuns(titleLevel)) || [{ text: hit.hierarchy.lvl0 ?? hit.url, marked: false }];
    const above = titleLevel ? present.slice(0, present.indexOf(titleLevel)) : [];
    const snippet = hit.type === 'content' ? parseHighlighted(hit._snippetResult?.content?.value ?? hit.content ?? '') : [];
    // The index is another party's data: a `javascript:` URL in it must not become a live link.
    return { id: hit.objectID, url: safeHref(hit.url), group: hit.hierarchy.lvl0 ?? '', title, path: joinRuns(above.map((level) => levelRuns(level)!)), snippet };
  });
}

/**
 * `runs` cut to `words` words around the first marked one, "…" where cut (the local engine's
 * excerpts, which are longer). Words are split at white space; a marked run keeps its mark.
 */
export function snippetOf(runs: readonly TextRun[], words: number): TextRun[] {
  const tokens: TextRun[] = [];
  for (const run of runs) {
    for (const piece of run.text.split(/(\s+)/)) if (piece) tokens.push({ text: piece, marked: run.marked });
  }
  const wordAt = tokens.map((token, i) => (/^\s+$/.test(token.text) ? -1 : i)).filter((i) => i >= 0);
  if (wordAt.length <= words) return merge(tokens);
  const firstMarked = Math.max(0, wordAt.findIndex((i) => tokens[i]!.marked));
  const start = Math.min(Math.max(0, firstMarked - Math.floor(words / 2)), wordAt.length - words);
  const from = wordAt[start]!;
  const to = wordAt[start + words - 1]!;
  const cut = tokens.slice(from, to + 1);
  if (from > 0) cut.unshift({ text: SNIPPET_ELLIPSIS, marked: false });
  if (to < tokens.length - 1) cut.push({ text: SNIPPET_ELLIPSIS, marked: false });
  return merge(cut);
}

function merge(tokens: readonly TextRun[]): TextRun[] {
  const runs: TextRun[] = [];
  for (const token of tokens) {
    const last = runs[runs.length - 1];
    if (last && last.marked === token.marked) last.text += token.text;
    else runs.push({ ...token });
  }
  return runs;
}

/** The local engine's results for the modal: one hit per page without sections, one per section. */
export function modalHitsFromLocal(results: SearchResults, hrefOf: (route: string, anchor?: string) => string, words: number): ModalHit[] {
  const hits: ModalHit[] = [];
  for (const page of results.pages) {
    if (!page.sections.length || page.excerpt.length) {
      const url = hrefOf(page.route);
      hits.push({ id: url, url, group: page.category, title: page.title, path: [], snippet: snippetOf(page.excerpt, words) });
    }
    for (const section of page.sections) {
      const url = hrefOf(page.route, section.anchor);
      hits.push({ id: url, url, group: page.category, title: section.title, path: page.title, snippet: snippetOf(section.excerpt, words) });
    }
  }
  return hits;
}

/** Hits grouped by top level, in the order each group first appears, at most `max` a group. */
export function groupHits(hits: readonly ModalHit[], max = MAX_HITS_PER_GROUP): HitGroup[] {
  const groups = new Map<string, ModalHit[]>();
  for (const hit of hits) {
    const group = groups.get(hit.group) ?? [];
    if (group.length < max) group.push(hit);
    groups.set(hit.group, group);
  }
  return [...groups].map(([group, grouped]) => ({ group, hits: grouped }));
}
