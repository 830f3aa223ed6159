import { createHash } from 'node:crypto';
import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Navigation } from '../pipeline/plugin.ts';
import type { PageMapItem, SidebarData, SidebarEntry, SidebarItem } from '../shared/types.ts';
import { pageHref, routeHref } from '../shared/page-href.ts';
import { isNavigable } from '../shared/special-pages.ts';
import { sectionFor, sidebarTree } from './navigation.ts';
import { ASSET_DIR } from './client-assets.ts';
import { writeAtomically } from '../util/write-atomically.ts';

/** The part of the config that decides a locale's hrefs. */
export interface LocaleHrefs {
  basePath: string;
  defaultLocale: string;
}

/** Base path and, outside the default locale, the locale: what every href of the locale starts with. */
export function hrefPrefixOf(locale: string, config: LocaleHrefs): string {
  return `${config.basePath}${locale === config.defaultLocale ? '' : `/${locale}`}`;
}

/** The routes of the navbar tabs (`type: 'page'` folders): each is a sidebar section of its own. */
export function tabRoutesOf(pageMap: PageMapItem[]): Set<string> {
  return new Set(pageMap.filter((item) => item.kind === 'Folder' && item.type === 'page').map((item) => item.route));
}

/** Sidebar entries with their hrefs resolved; a folder without a page leads to its first page. */
export function sidebarItems(entries: SidebarEntry[], hrefPrefix: string, basePath: string): SidebarItem[] {
  const href = (route: string) => routeHref(route, hrefPrefix);
  // `_meta` hrefs are links as written, from the root: `/a%23b` must not be encoded again.
  const linkHref = (written: string) => pageHref(written, { pageRoute: '/', folderRoute: '/', hrefPrefix, basePath });
  const convert = (entry: SidebarEntry): SidebarItem => {
    switch (entry.kind) {
      case 'separator':
        return { kind: 'separator', title: entry.title };
      case 'external':
        return { kind: 'external', title: entry.title, href: entry.href ? linkHref(entry.href) : '#', ...(entry.newWindow ? { newWindow: true } : {}) };
      case 'link':
        return { kind: 'link', title: entry.title, route: entry.route, href: href(entry.route) };
      case 'folder': {
        const children = (entry.children ?? []).map(convert);
        const first = entry.withIndexPage ? href(entry.route) : firstHref(children);
        return { kind: 'folder', title: entry.title, route: entry.route, ...(first ? { href: first } : {}), ...(entry.withIndexPage ? { withIndexPage: true } : {}), ...(entry.open === undefined ? {} : { open: entry.open }), children };
      }
    }
  };
  return entries.map(convert);
}

function firstHref(items: SidebarItem[]): string | undefined {
  for (const item of items) if ((item.kind === 'link' || item.kind === 'folder') && item.href) return item.href;
  return undefined;
}

/** One section's whole sidebar: the page map filtered for the sidebar, hrefs resolved. */
export function sectionSidebar(items: PageMapItem[], hrefPrefix: string, basePath: string): SidebarItem[] {
  return sidebarItems(sidebarTree(items).filter((entry) => isNavigable(entry.route)), hrefPrefix, basePath);
}

/** A locale's sidebar JSON: every section's whole tree. */
export function sidebarData(navigation: Navigation, config: LocaleHrefs): SidebarData {
  const prefix = hrefPrefixOf(navigation.locale, config);
  const sections: Record<string, SidebarItem[]> = {};
  for (const route of ['/', ...tabRoutesOf(navigation.pageMap)]) sections[route] = sectionSidebar(sectionFor(navigation.pageMap, route).items, prefix, config.basePath);
  return { sections };
}

/** A locale's sidebar JSON file name in `ASSET_DIR`, by its content hash. */
const sidebarDataName = (locale: string, hash: string) => `sidebar-${locale}-${hash}.json`;

/**
 * Whether a file of `ASSET_DIR` is a sidebar tree, or one being written (its temporary name
 * starts the same): dev's asset rebuild leaves those to the content refresh.
 */
export const isSidebarDataFile = (name: string) => name.startsWith('sidebar-');

const exists = (file: string) => access(file).then(
  () => true,
  () => false,
);

/**
 * Writes each locale's sidebar JSON into `<outDir>/_docs-gen/`, named by its content's hash
 * so the browser may cache it for good; returns each locale's URL (with the base path).
 */

export async function writeSidebarData(outDir: string, navigation: Record<string, Navigation>, config: LocaleHrefs): Promise<Record<string, string>> {
  await mkdir(join(outDir, ASSET_DIR), { recursive: true });
  const urls: Record<string, string> = {};
  for (const [locale, localeNavigation] of Object.entries(navigation)) {
    const json = JSON.stringify(sidebarData(localeNavigation, config));
    const name = sidebarDataName(locale, createHash('sha256').update(json).digest('hex').slice(0, 10));
    const file = join(outDir, ASSET_DIR, name);
    // dev writes the tree on every refresh while browsers fetch it: a name that exists already
    // holds these very bytes (it is their hash), and a new one appears whole or not at all.
    if (!(await exists(file))) await writeAtomically(file, json);
    urls[locale] = `${config.basePath}/${ASSET_DIR}/${name}`;
  }
  return urls;
}
