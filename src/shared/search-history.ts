/**
 * The modal's recent and favourite searches (seed §3, §4, §9), kept in local storage as lists
 * of hits under the DocSearch keys, one pair per index. Plain text only: what is stored is
 * shown as text again, never as HTML.
 */

/** Seed §9. */
export const MAX_RECENT_SEARCHES = 7;
export const MAX_RECENT_SEARCHES_WITH_FAVOURITES = 4;
export const MAX_FAVOURITE_SEARCHES = 10;

/** A hit as the modal remembers it. */
export interface StoredHit {
  /** objectID of a hosted hit; the URL of a local one. */
  id: string;
  url: string;
  /** The top level (hierarchy lvl0, or the local category). */
  group: string;
  title: string;
  /** The section path under the title ('Schema › Keys'), or ''. */
  path: string;
}

/** The part of `Storage` the store uses (tests pass a Map-backed one). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const recentSearchesKey = (indexName: string) => `__DOCSEARCH_RECENT_SEARCHES__${indexName}`;
export const favouriteSearchesKey = (indexName: string) => `__DOCSEARCH_FAVORITE_SEARCHES__${indexName}`;

export interface SearchHistory {
  recent(): StoredHit[];
  favourites(): StoredHit[];
  /** A selected hit joins recent (first), unless it is a favourite. */
  select(hit: StoredHit): void;
  /** Moves a hit to the favourites (first); it leaves recent. */
  promote(hit: StoredHit): void;
  removeRecent(id: string): void;
  removeFavourite(id: string): void;
}

function isStoredHit(value: unknown): value is StoredHit {
  const hit = value as StoredHit;
  return typeof hit === 'object' && hit !== null && ['id', 'url', 'group', 'title', 'path'].every((key) => typeof hit[key as keyof StoredHit] === 'string');
}

export function createSearchHistory(storage: KeyValueStorage | undefined, indexName: string): SearchHistory {
  const read = (key: string): StoredHit[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isStoredHit) : [];
    } catch {
      // Storage disabled or a value from elsewhere: no history rather than a broken modal.
      return [];
    }
  };
  const write = (key: string, hits: StoredHit[]) => {
    try {
      storage?.setItem(key, JSON.stringify(hits));
    } catch {
      // Storage full or disabled (private mode): the history is simply not kept.
    }
  };
  const recentKey = recentSearchesKey(indexName);
  const favouriteKey = favouriteSearchesKey(indexName);
  const recentLimit = () => (read(favouriteKey).length ? MAX_RECENT_SEARCHES_WITH_FAVOURITES : MAX_RECENT_SEARCHES);
  const toFront = (hits: StoredHit[], hit: StoredHit, limit: number) => [hit, ...hits.filter((h) => h.id !== hit.id)].slice(0, limit);
  return {
    recent: () => read(recentKey).slice(0, recentLimit()),
    favourites: () => read(favouriteKey).slice(0, MAX_FAVOURITE_SEARCHES),
    select(hit) {
      if (read(favouriteKey).some((h) => h.id === hit.id)) return;
      write(recentKey, toFront(read(recentKey), hit, recentLimit()));
    },
    promote(hit) {
      write(favouriteKey, toFront(read(favouriteKey), hit, MAX_FAVOURITE_SEARCHES));
      write(recentKey, read(recentKey).filter((h) => h.id !== hit.id).slice(0, recentLimit()));
    },
    removeRecent: (id) => write(recentKey, read(recentKey).filter((h) => h.id !== id)),
    removeFavourite: (id) => write(favouriteKey, read(favouriteKey).filter((h) => h.id !== id)),
  };
}
