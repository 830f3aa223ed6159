import type { LinkTarget, NavItem, PageMapItem, SidebarEntry } from '../shared/types.ts';
import { encodeRoute } from '../shared/page-href.ts';

/** Real pages in reading order (folders with an index page come before their children). */
export function readingOrder(pageMap: PageMapItem[]): LinkTarget[] {
  const out: LinkTarget[] = [];
  const walk = (items: PageMapItem[]) => {
    for (const item of items) {
      if (item.kind === 'Meta' || item.display === 'hidden' || item.href || item.type === 'separator' || item.type === 'menu') continue;
      if (item.theme?.pagination === false && item.kind !== 'Folder') continue;
      if (item.kind === 'Folder') {
        if (item.withIndexPage) out.push({ title: item.title, route: item.route });
        walk(item.children ?? []);
      } else out.push({ title: item.title, route: item.route });
    }
  };
  walk(pageMap);
  return out;
}

/** The items from the root down to the one at `route` (empty when absent). */
export function pathTo(pageMap: PageMapItem[], route: string): PageMapItem[] {
  for (const item of pageMap) {
    if (item.kind === 'Meta' || item.route === '#') continue;
    if (item.route === route) return [item];
    if (item.kind === 'Folder' && route.startsWith(`${item.route}/`)) {
      const rest = pathTo(item.children ?? [], route);
      if (rest.length) return [item, ...rest];
      return [item];
    }
  }
  return [];
}

export function breadcrumbsFor(pageMap: PageMapItem[], route: string): LinkTarget[] {
  return pathTo(pageMap, route).map((item) => ({
    title: item.title,
    route: item.kind === 'Folder' && !item.withIndexPage ? '' : item.route,
  }));
}

/**
 * The sidebar for a section: the page map without Meta nodes, hidden items and menus,
 * with `display: 'children'` folders flattened in place. Open state is decided per page.
 */
export function sidebarTree(items: PageMapItem[], level = 1): SidebarEntry[] {
  const out: SidebarEntry[] = [];
  for (const item of items) {
    if (item.kind === 'Meta' || item.display === 'hidden' || item.type === 'menu') continue;
    if (item.type === 'separator') out.push({ kind: 'separator', title: item.title, route: '#' });
    else if (item.href) out.push({ kind: 'external', title: item.title, route: '#', href: item.href, newWindow: item.newWindow });
    else if (item.kind === 'Folder' && item.display === 'children') out.push(...sidebarTree(item.children ?? [], level));
    else if (item.kind === 'Folder') {
      out.push({
        kind: 'folder',
        title: item.title,
        route: item.route,
        withIndexPage: item.withIndexPage,
        // Stored as the folder's default; a page inside it opens it regardless.
        open: item.theme?.collapsed === undefined ? undefined : !item.theme.collapsed,
        children: sidebarTree(item.children ?? [], level + 1),
      });
    } else out.push({ kind: 'link', title: item.title, route: item.route });
  }
  return out;
}

/**
 * The section whose items the sidebar shows for `route`: the navbar tab (`type: 'page'` folder)
 * holding it, or else the root's non-tab items. `route` names the section (a stable cache key).
 */
export function sectionFor(pageMap: PageMapItem[], route: string): { route: string; items: PageMapItem[] } {
  const tab = pageMap.find(
    (item) => item.kind === 'Folder' && item.type === 'page' && (route === item.route || route.startsWith(`${item.route}/`)),
  );
  if (tab) return { route: tab.route, items: tab.children ?? [] };
  return { route: '/', items: pageMap.filter((item) => item.type !== 'page') };
}

/** Navbar entries from the page map: visible `page` items and `menu` dropdowns, after the config's own. */
export function navbarItems(pageMap: PageMapItem[], configured: NavItem[]): NavItem[] {
  const fromPages: NavItem[] = [];
  for (const item of pageMap) {
    if (item.display === 'hidden' || item.kind === 'Meta') continue;
    if (item.type === 'menu') fromPages.push({ title: item.title, items: Object.values(item.items ?? {}) });
    // A route is a name, an href a URL: `/a#b` is written `/a%23b`.
    else if (item.type === 'page') fromPages.push({ title: item.title, href: item.href ?? encodeRoute(item.route), newWindow: item.newWindow });
  }
  return [...fromPages, ...configured];
}
