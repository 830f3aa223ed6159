/**
 * Whether two JSON-like values hold the same data, as `JSON.stringify` would say (a property
 * whose value is undefined counts as absent), but without writing either out: parts that are
 * the same object are equal at once. Dev compares the site snapshot after every edit; at
 * 10 000 pages its text is megabytes, while an edit that changed no title leaves navigation,
 * assets and theme data the same objects.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((value, i) => sameData(value, other[i]));
  }
  const plain = (value: object) => Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null;
  // Anything else (a Date, a class instance) compares as its JSON.
  if (!plain(a) || !plain(b)) return JSON.stringify(a) === JSON.stringify(b);
  // Counted and compared in place: this runs over every route of a large site.
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let count = 0;
  for (const key in left) {
    const value = left[key];
    if (value === undefined || typeof value === 'function') continue;
    count++;
    if (!Object.hasOwn(right, key) || !sameData(value, right[key])) return false;
  }
  for (const key in right) {
    const value = right[key];
    if (value !== undefined && typeof value !== 'function') count--;
  }
  return count === 0;
}
