import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RouteDefinition, SiteData } from '../pipeline/plugin.ts';
import type { PageMapItem } from '../shared/types.ts';
import { resolveLink } from '../shared/resolve-link.ts';
import { isNavigable, SPECIAL_PAGES } from '../shared/special-pages.ts';
import { folderRouteOf } from '../content/content-route.ts';
import type { LinkTargets } from './link-targets.ts';

interface Entries {
  /** Page-map routes (per locale, no prefix). */
  routes: string[];
  /** Link-item and menu hrefs, as written (URLs without base path). */
  hrefs: string[];
}

/** What the navigation shows: sidebar and navbar entries that are not hidden, and the hrefs of link items and menus. */
function navigationEntries(items: PageMapItem[], out: Entries = { routes: [], hrefs: [] }): Entries {
  for (const item of items) {
    if (item.kind === 'Meta' || item.display === 'hidden' || item.type === 'separator') continue;
    if (item.href) out.hrefs.push(item.href);
    for (const entry of Object.values(item.items ?? {})) out.hrefs.push(entry.href);
    if (item.kind === 'Folder') {
      if (item.withIndexPage && isNavigable(item.route)) out.routes.push(item.route);
      navigationEntries(item.children ?? [], out);
    } else if (item.route !== '#' && isNavigable(item.route)) out.routes.push(item.route);
  }
  return out;
}

/**
 * Pages no reader can get to: not in the sidebar or navbar (hidden, or in a hidden folder) and
 * not linked from any page that is. The home page and the config's navbar links are entry points,
 * and so are the special pages readers do not navigate to (`/404`, `/500`, `/search`: the server
 * or the search box shows them), listed or not.
 * Warnings: a page may be reached from outside on purpose.
 */
export function checkReachability(site: SiteData, targets: LinkTargets, options: { defaultLocale: string; entryPoints: string[] }): Diagnostic[] {
  const reached = new Set<RouteDefinition>();
  const queue: RouteDefinition[] = [];
  const reach = (definition: RouteDefinition | undefined) => {
    if (!definition || reached.has(definition)) return;
    reached.add(definition);
    queue.push(definition);
  };
  // resolveLink answers undefined for external links.
  const fromUrl = (href: string, pageRoute = '/', folderRoute = '/') => resolveLink(href, { pageRoute, folderRoute })?.route;
  for (const { locale, pageMap } of Object.values(site.navigation)) {
    reach(targets.route(locale, '/'));
    for (const route of Object.keys(SPECIAL_PAGES).filter((r) => !isNavigable(r))) reach(targets.route(locale, route));
    const { routes, hrefs } = navigationEntries(pageMap);
    for (const route of routes) reach(targets.route(locale, route));
    for (const href of [...hrefs, ...options.entryPoints]) {
      const route = fromUrl(href);
      if (route) reach(targets.atUrl(route));
    }
  }
  while (queue.length) {
    const page = queue.shift()!;
    const locale = page.locale ?? options.defaultLocale;
    for (const ref of page.references ?? []) {
      if (ref.kind !== 'link') continue;
      const route = fromUrl(ref.url, page.route, folderRouteOf(page));
      if (route) reach(targets.route(locale, route));
    }
  }
  return site.routes
    .filter((page) => page.sourcePath && !reached.has(page))
    .map((page) => ({
      severity: 'warning' as const,
      code: 'unreachable-page',
      message: `page ${page.route} is unreachable — no sidebar or navbar entry leads to it, and no reachable page links to it`,
      file: page.sourcePath,
      line: 1,
      column: 1,
      hint: 'list it in a _meta file, or link to it from a page readers can reach',
    }));
}
