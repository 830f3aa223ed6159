import type { ThemeData } from '../shared/types.ts';
import { sameData } from '../util/same-data.ts';
import type { SiteSnapshot } from './route-data.ts';

/**
 * What dev's render workers may take as a patch of the snapshot they got whole (`setSite`); any
 * other part changed is sent whole. Navigation (10 000 pages' worth) is not sent again for a new
 * image, and of the theme data only the entries that changed: one plugin's new image table does
 * not send another's list of every page.
 */
export type SitePatch = Partial<Pick<SiteSnapshot, 'assets' | 'routesByLocale' | 'fallbackRoutesByLocale' | 'sidebarUrls'>> & {
  /** The theme data entries that differ from the whole snapshot's, each whole. */
  themeData?: ThemeData;
  /** Theme data entries the whole snapshot had that the site has no longer. */
  themeDataRemoved?: string[];
};

const PATCHABLE: readonly string[] = ['assets', 'routesByLocale', 'fallbackRoutesByLocale', 'sidebarUrls', 'themeData'] satisfies (keyof SiteSnapshot)[];

/**
 * The theme data entries of `next` that differ from `sent`'s, and those `sent` had that `next` has
 * not. Entries are plain data (`ThemeData`): `sameData` compares anything else by its JSON, so a
 * Map-valued entry would never look changed.
 */
function themeDataPatch(sent: ThemeData, next: ThemeData): Pick<SitePatch, 'themeData' | 'themeDataRemoved'> {
  const changed: ThemeData = {};
  for (const [key, value] of Object.entries(next)) if (value !== undefined && !sameData(sent[key], value)) changed[key] = value;
  const removed = Object.keys(sent).filter((key) => sent[key] !== undefined && next[key] === undefined);
  return { ...(Object.keys(changed).length ? { themeData: changed } : {}), ...(removed.length ? { themeDataRemoved: removed } : {}) };
}

/** What turns `sent` (the snapshot the workers got whole) into `next`, when a patch may hold all of it; undefined when another part differs. */
export function sitePatch(sent: SiteSnapshot, next: SiteSnapshot): SitePatch | undefined {
  const keys = Object.keys({ ...sent, ...next }) as (keyof SiteSnapshot)[];
  const patch: SitePatch = {};
  for (const key of keys) {
    if (sameData(sent[key], next[key])) continue;
    if (!PATCHABLE.includes(key)) return undefined;
    if (key === 'themeData') Object.assign(patch, themeDataPatch(sent.themeData, next.themeData));
    else Object.assign(patch, { [key]: next[key] });
  }
  return patch;
}

/**
 * `whole` with the patch applied. A patch is relative to the last whole snapshot, not to the
 * last patch: the worker pool replays the last broadcast of each task to a replacement worker,
 * and those two make the site again.
 */
export function applySitePatch(whole: SiteSnapshot, patch: SitePatch): SiteSnapshot {
  const { themeData: changedThemeData, themeDataRemoved, ...parts } = patch;
  let themeData = whole.themeData;
  if (changedThemeData || themeDataRemoved) {
    themeData = { ...themeData, ...changedThemeData };
    for (const key of themeDataRemoved ?? []) delete themeData[key];
  }
  return { ...whole, ...parts, themeData };
}
