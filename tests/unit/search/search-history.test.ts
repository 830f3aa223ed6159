// The modal's recent and favourite searches (seed §4, §9).
import { describe, expect, test } from 'vitest';
import { createSearchHistory, favouriteSearchesKey, recentSearchesKey, type KeyValueStorage, type StoredHit } from '../../../src/shared/search-history.ts';

function memoryStorage(): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}
const hit = (n: number): StoredHit => ({ id: `hit-${n}`, url: `/page-${n}`, group: 'GUIDE', title: `Page ${n}`, path: '' });
const ids = (hits: StoredHit[]) => hits.map((h) => h.id);

describe('recent and favourite searches', () => {
  test('a selected hit joins recent, most recent first, once', () => {
    const history = createSearchHistory(memoryStorage(), 'docs');
    history.select(hit(1));
    history.select(hit(2));
    history.select(hit(1));
    expect(ids(history.recent())).toEqual(['hit-1', 'hit-2']);
  });

  test('recent keeps 7 entries without favourites', () => {
    const history = createSearchHistory(memoryStorage(), 'docs');
    for (let n = 1; n <= 9; n++) history.select(hit(n));
    expect(ids(history.recent())).toEqual(['hit-9', 'hit-8', 'hit-7', 'hit-6', 'hit-5', 'hit-4', 'hit-3']);
  });

  test('recent keeps 4 entries when there are favourites', () => {
    const history = createSearchHistory(memoryStorage(), 'docs');
    history.promote(hit(100));
    for (let n = 1; n <= 9; n++) history.select(hit(n));
    expect(ids(history.recent())).toEqual(['hit-9', 'hit-8', 'hit-7', 'hit-6']);
  });

  test('promoting a recent search makes it a favourite and removes it from recent', () => {
    const history = createSearchHistory(memoryStorage(), 'docs');
    history.select(hit(1));
    history.select(hit(2));
    history.promote(hit(1));
    expect(ids(history.favourites())).toEqual(['hit-1']);
    expect(ids(history.recent())).toEqual(['hit-2']);
  });

  test('a selected hit that is a favourite does not join recent', () => {
    const history = createSearchHistory(memoryStorage(), 'docs');
    history.promote(hit(1));
    history.select(hit(1));
    expect(history.recent()).toEqual([]);
  });

  test('favourites keep up to 10', () => {
    const history = createSearchHistory(memoryStorage(), 'docs');
    for (let n = 1; n <= 12; n++) history.promote(hit(n));
    expect(ids(history.favourites())).toEqual(['hit-12', 'hit-11', 'hit-10', 'hit-9', 'hit-8', 'hit-7', 'hit-6', 'hit-5', 'hit-4', 'hit-3']);
  });

  test('removes one recent or favourite search', () => {
    const history = createSearchHistory(memoryStorage(), 'docs');
    history.select(hit(1));
    history.select(hit(2));
    history.promote(hit(3));
    history.removeRecent('hit-1');
    history.removeFavourite('hit-3');
    expect(ids(history.recent())).toEqual(['hit-2']);
    expect(history.favourites()).toEqual([]);
  });

  test('lives in local storage under one pair of keys per index, and survives a new store (a reload)', () => {
    const storage = memoryStorage();
    createSearchHistory(storage, 'docs').select(hit(1));
    createSearchHistory(storage, 'docs').promote(hit(2));
    expect([...storage.values.keys()].sort()).toEqual([favouriteSearchesKey('docs'), recentSearchesKey('docs')].sort());
    expect(recentSearchesKey('docs')).toBe('__DOCSEARCH_RECENT_SEARCHES__docs');
    const reloaded = createSearchHistory(storage, 'docs');
    expect(ids(reloaded.recent())).toEqual(['hit-1']);
    expect(ids(reloaded.favourites())).toEqual(['hit-2']);
    expect(createSearchHistory(storage, 'other').recent()).toEqual([]);
  });

  test('ignores stored values that are not lists of hits, and works without storage', () => {
    const storage = memoryStorage();
    storage.values.set(recentSearchesKey('docs'), '{not json');
    storage.values.set(favouriteSearchesKey('docs'), JSON.stringify([{ id: 1 }, hit(5)]));
    const history = createSearchHistory(storage, 'docs');
    expect(history.recent()).toEqual([]);
    expect(ids(history.favourites())).toEqual(['hit-5']);
    const none = createSearchHistory(undefined, 'docs');
    none.select(hit(1));
    expect(none.recent()).toEqual([]);
  });
});
