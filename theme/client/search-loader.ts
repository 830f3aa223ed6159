/**
 * Loads the local search engine for a base path and locale, once (seed §7: cached per base path
 * and locale); a failed load is retried next time. Shared by the navbar box, the /search page
 * and the search modal.
 *
 * The engine is ready as soon as the head (titles and section headings, `src/shared/search-parts.ts`)
 * is in and its page titles indexed: the first result never waits for the site's text. The
 * headings are indexed next, a slice at a time between tasks so typing stays smooth, while the
 * text parts are fetched; then the parts are indexed the same way. After the headings and after
 * each part the engine tells its subscribers, who answer the query on screen again.
 */
import { createSearchEngineFromHead, type PartialSearchEngine, type SearchEngine } from '../../src/shared/search-engine.ts';
import { topLevelCategory } from '../../src/shared/search-index-format.ts';
import { searchHeadUrl, searchTextPartUrl, type SearchHead, type SearchTextPart } from '../../src/shared/search-parts.ts';

const engines = new Map<string, Promise<SearchEngine>>();
/** Section texts indexed between two yields to the browser (a few milliseconds of work). */
const SECTIONS_PER_SLICE = 40;
/** Section headings indexed between two yields (a heading is a few words). */
const HEADINGS_PER_SLICE = 400;
/** Parts requested ahead of the one being indexed. */
const PARTS_IN_FLIGHT = 2;

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Indexes the headings, then fetches the text parts (a few ahead) and feeds them to the engine in slices, in order. */
async function loadText(engine: PartialSearchEngine, headUrl: string, names: readonly string[]): Promise<void> {
  const requests: (Promise<SearchTextPart> | undefined)[] = [];
  const request = (n: number) => {
    if (n >= names.length || requests[n]) return;
    requests[n] = fetchJson<SearchTextPart>(searchTextPartUrl(headUrl, names[n]!));
    // Awaited in order below; a failure meanwhile must not count as unhandled.
    requests[n]!.catch(() => undefined);
  };
  for (let ahead = 0; ahead <= PARTS_IN_FLIGHT; ahead++) request(ahead);
  do {
    await nextTask();
  } while (engine.addHeadings(HEADINGS_PER_SLICE) > 0);
  engine.notify();
  for (let n = 0; n < names.length; n++) {
    for (let ahead = n; ahead <= n + PARTS_IN_FLIGHT; ahead++) request(ahead);
    const part = await requests[n]!;
    for (let at = 0; at < part.texts.length; at += SECTIONS_PER_SLICE) {
      await nextTask();
      engine.addText(part.first + at, part.texts.slice(at, at + SECTIONS_PER_SLICE));
    }
    if (n < names.length - 1) engine.notify();
  }
  engine.finish();
}

export function loadSearchEngine(basePath: string, locale: string, defaultLocale: string): Promise<SearchEngine> {
  const url = searchHeadUrl(basePath, locale);
  let engine = engines.get(url);
  if (!engine) {
    const prefix = locale === defaultLocale ? '' : `/${locale}`;
    engine = fetchJson<SearchHead>(url).then((head) => {
      const loaded = createSearchEngineFromHead(head.pages, { categoryOf: (route) => topLevelCategory(prefix && route.startsWith(prefix) ? route.slice(prefix.length) : route) });
      // A part that fails to load leaves the results of what did load; the next page load tries again.
      loadText(loaded, url, head.parts).catch(() => loaded.finish());
      return loaded;
    });
    engines.set(url, engine);
    engine.catch(() => engines.delete(url));
  }
  return engine;
}
