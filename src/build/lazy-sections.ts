import { createHash } from 'node:crypto';
import type { TextSection } from '../shared/search-index-format.ts';

/**
 * A page's search text by section, read when first asked for. A rebuild takes 2000 pages from the
 * compile cache and changes one: their text (12 of the 15 MB the compile headers held at 2000
 * bench pages) was read, parsed and kept for a search index that copies all but one page's pieces
 * from the last output. The content loader gives a page read from its cache a `sections` that is
 * an ordinary enumerable property to its readers (a plugin, JSON, a structured clone) and reads
 * the texts on the first read; setting it replaces them. The search index asks `sectionsSummary`
 * first, which answers from the outline and the digest the compile stored, without reading.
 *
 * The laziness is per page, not per section: an accessor per section cost more (20 000 closures
 * and property definitions at 2000 pages) than the read it saved. A copy of the page made by a
 * spread reads the property; `withSections` and `carrySections` copy it unread (the build's own
 * copies of a route use them; any other copy is correct, and reads).
 */
export interface SectionOutline {
  id: string;
  title: string;
  relOutputs?: string[];
  /** The length of the section's text trimmed (as the search data holds it), in UTF-16 code units. */
  trimmedLength: number;
}

/** A page's sections not read yet: their outline and digest (`sectionsDigest`), and the reader of their texts. */
interface LazyState {
  outline: readonly SectionOutline[];
  digest: string;
  readTexts: () => string[];
  /** Each section's text, trimmed, as UTF-8 of its JSON spelling without the quotes (`sectionsAsJson`), when the compile kept where they are. */
  readTrimmedJson?: () => Uint8Array[];
  sections?: TextSection[];
}

/** Where an object whose `sections` is lazy keeps its state: a symbol, which JSON, structured clones and `Object.keys` pass over. */
const LAZY = Symbol('docs-gen lazy sections');

interface LazyOwner {
  [LAZY]?: LazyState;
}

function materialise(state: LazyState): TextSection[] {
  if (state.sections) return state.sections;
  const texts = state.readTexts();
  if (texts.length !== state.outline.length) throw new Error(`the page has ${state.outline.length} sections and ${texts.length} texts were read for them`);
  state.sections = state.outline.map(({ id, title, relOutputs }, i) => ({ id, title, text: texts[i]!, ...(relOutputs ? { relOutputs: [...relOutputs] } : {}) }));
  return state.sections;
}

// One getter and setter for every page (a closure per page was 8000 at 2000 pages: the page, its copy, its route and the route's copy).
function getSections(this: LazyOwner): TextSection[] {
  return materialise(this[LAZY]!);
}

function setSections(this: object, value: TextSection[]): void {
  // Set, it is this object's own value from then on.
  Object.defineProperty(this, 'sections', { value, writable: true, enumerable: true, configurable: true });
}

const LAZY_PROPERTY: PropertyDescriptor = { enumerable: true, configurable: true, get: getSections, set: setSections };

function defineOn(owner: object, state: LazyState): void {
  (owner as LazyOwner)[LAZY] = state;
  Object.defineProperty(owner, 'sections', LAZY_PROPERTY);
}

/** The lazy state of `owner.sections`, while the property is still the accessor it was given (a copy made by a spread has the symbol, and a plain value). */
function lazyStateOf(owner: object): LazyState | undefined {
  const state = (owner as LazyOwner)[LAZY];
  return state && Object.getOwnPropertyDescriptor(owner, 'sections')?.get === getSections ? state : undefined;
}

/**
 * Gives `owner` a `sections` made from `outline`, whose texts `readTexts` gives in the same order
 * when first asked for; `digest` is `sectionsDigest` of those sections. `readTrimmedJson`, when
 * given, reads the same texts trimmed, as bytes of their JSON spelling (`sectionsAsJson`).
 */
export function defineLazySections(owner: object, outline: readonly SectionOutline[], digest: string, readTexts: () => string[], readTrimmedJson?: () => Uint8Array[]): void {
  defineOn(owner, { outline, digest, readTexts, ...(readTrimmedJson ? { readTrimmedJson } : {}) });
}

/** Copies `from.sections` onto `to`, not reading it when it is lazy (`to` shares what either reads). */
export function carrySections(from: { sections?: TextSection[] }, to: { sections?: TextSection[] }): void {
  const state = lazyStateOf(from);
  if (state) defineOn(to, state);
  else if ('sections' in from) to.sections = from.sections;
}

/**
 * `{ ...from, ...extra }`, its `sections` copied unread (`carrySections`).
 *
 * Made with `Object.assign`, not a spread: on Node 20 a spread copy of an object whose fields hold
 * objects (a page's front matter, headings, compiled body) gets a hidden class of its own, so
 * 10 000 pages were 10 000 classes (5 µs a copy, and garbage to collect) and every loop over them
 * read their fields the slow way. dev's patched pages (`DevPipeline.patchPages`) are copied the
 * same way: a spread of these copies again gave each one a class of its own, and every save at
 * 10 000 pages took 170 ms instead of 70. An own `__proto__` key, which `assign` would set as the
 * copy's prototype, takes the spread.
 */
export function withSections<From extends object, Extra extends object>(from: From, extra: Extra): From & Extra {
  if (!lazyStateOf(from)) return Object.hasOwn(from, '__proto__') || Object.hasOwn(extra, '__proto__') ? { ...from, ...extra } : Object.assign({}, from, extra);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(from)) {
    if (key === 'sections') carrySections(from, copy);
    else copy[key] = (from as Record<string, unknown>)[key];
  }
  return Object.assign(copy, extra) as From & Extra;
}

/** Each section's outline: what a compile cache entry keeps of it beside the texts. */
export const outlineOf = (sections: readonly TextSection[]): SectionOutline[] =>
  sections.map(({ id, title, relOutputs, text }) => ({ id, title, ...(relOutputs ? { relOutputs } : {}), trimmedLength: text.trim().length }));

/**
 * A hash of the sections: each one's id, title, text and Rel outputs, length-prefixed (no two lists
 * spell the same). The compile cache keeps it beside the outline.
 */
export function sectionsDigest(sections: readonly TextSection[]): string {
  const hash = createHash('sha256');
  // As UTF-16, as the strings are: UTF-8 would spell every lone surrogate alike (U+FFFD), which the search JSON does not.
  const add = (text: string) => hash.update(`${text.length}:`).update(text, 'utf16le');
  for (const { id, title, text, relOutputs } of sections) {
    add(id);
    add(title);
    add(text);
    hash.update(`${relOutputs?.length ?? -1}:`);
    for (const src of relOutputs ?? []) add(src);
  }
  return hash.digest('hex');
}

/**
 * What the search index needs of `owner.sections` to key and split a page's pieces: their digest
 * and outline. A page whose sections are lazy and unread answers from what its compile stored,
 * reading nothing; any other (read, set, or never lazy) from the sections as they are now, so that
 * a plugin's change to them is never missed. Undefined when `owner` has no sections.
 */
export function sectionsSummary(owner: { sections?: TextSection[] }): { digest: string; outline: readonly SectionOutline[] } | undefined {
  const state = lazyStateOf(owner);
  if (state && !state.sections) return { digest: state.digest, outline: state.outline };
  const sections = owner.sections;
  return sections ? { digest: sectionsDigest(sections), outline: outlineOf(sections) } : undefined;
}

/**
 * A reader of `owner.sections`' texts, each trimmed, as the UTF-8 of `JSON.stringify(text.trim())`
 * without its quotes, in section order: the search index copies them into its files as they are,
 * where it would parse, trim and spell each text again. Only while the sections are lazy and
 * unread (as `sectionsSummary` answers from what the compile stored): once read, a plugin may have
 * changed a text in place, and the search index spells the texts as they are then.
 */
export function sectionsAsJson(owner: object): (() => Uint8Array[]) | undefined {
  const state = lazyStateOf(owner);
  return state && !state.sections ? state.readTrimmedJson : undefined;
}
