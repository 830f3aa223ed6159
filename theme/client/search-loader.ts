/**
 * Loads the local search engine for a base path and locale, once (seed §7: cached per base path
 * and locale); a failed load is retried next time. Shared by the navbar box, the /search page
 * and the search modal.
 */
import { createSearchEngine, type SearchEngine } from '../../src/shared/search-engine.ts';
import { searchDataUrl, topLevelCategory, type SearchData } from '../../src/shared/search-index-format.ts';

const engines = new Map<string, Promise<SearchEngine>>();

export function loadSearchEngine(basePath: string, locale: string, defaultLocale: string): Promise<SearchEngine> {
  const url = searchDataUrl(basePath, locale);
  let engine = engines.get(url);
  if (!engine) {
    const prefix = locale === defaultLocale ? '' : `/${locale}`;
    engine = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<SearchData>;
      })
      .then((data) => createSearchEngine(data, { categoryOf: (route) => topLevelCategory(prefix && route.startsWith(prefix) ? route.slice(prefix.length) : route) }));
    engines.set(url, engine);
    engine.catch(() => engines.delete(url));
  }
  return engine;
}
