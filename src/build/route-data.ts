import type { Navigation, RouteDefinition } from '../pipeline/plugin.ts';
import type { ImageTable, LinkTarget, PageMapItem, RelOutputData, ResolvedThemeOptions, RouteData, ThemeConfig } from '../shared/types.ts';
import { folderRouteOf, localizedRoute } from '../content/content-route.ts';
import { breadcrumbsFor, navbarItems, readingOrder, sectionFor, sidebarTree } from './navigation.ts';
import { SidebarRenderer } from './sidebar-html.ts';
import { pageHref, routeHref } from '../shared/page-href.ts';
import type { SidebarEntry } from '../shared/types.ts';

export const DEFAULT_THEME: ResolvedThemeOptions = {
  breadcrumb: true,
  footer: true,
  layout: 'default',
  navbar: true,
  pagination: true,
  sidebar: true,
  timestamp: true,
  toc: true,
  typesetting: 'default',
};

import { SPECIAL_PAGES, isNavigable } from '../shared/special-pages.ts';

export { SPECIAL_PAGES, isNavigable };

/** What every worker receives once per build: all it needs to place any route in the site. */
export interface SiteSnapshot {
  config: ThemeConfig;
  navigation: Record<string, Navigation>;
  assets: { scripts: string[]; styles: string[] };
  /** locale → routes that exist in it (for the language switcher). */
  routesByLocale: Record<string, string[]>;
  /** The server bundle of the config's islands, when there are any. */
  islandsModule?: string;
  /** The image-size table (global data of `docs-gen:image-size`). */
  images?: ImageTable;
  /** Decoded Rel outputs (global data of `docs-gen:rel-output`). */
  relOutputs?: RelOutputData;
}

/** What the theme's MDX components read from plugins' global data, picked out for the snapshot. */
export function componentData(globalData: Record<string, unknown>): Pick<SiteSnapshot, 'images' | 'relOutputs'> {
  return {
    images: globalData['docs-gen:image-size'] as ImageTable | undefined,
    relOutputs: globalData['docs-gen:rel-output'] as RelOutputData | undefined,
  };
}

/** Per-locale structures derived once per worker from the snapshot. */
export class SiteIndex {
  private readonly order = new Map<string, LinkTarget[]>();
  /** `locale section-route` → the section's sidebar tree, shared by all its pages. */
  private readonly sidebars = new Map<string, SidebarEntry[]>();
  private readonly renderer = new SidebarRenderer();
  private readonly routeSets: Record<string, Set<string>>;

  constructor(readonly snapshot: SiteSnapshot) {
    this.routeSets = Object.fromEntries(Object.entries(snapshot.routesByLocale).map(([l, r]) => [l, new Set(r)]));
  }

  private navigation(locale: string): Navigation {
    return this.snapshot.navigation[locale] ?? { locale, pageMap: [], themeByRoute: {} };
  }

  private readingOrder(locale: string): LinkTarget[] {
    let order = this.order.get(locale);
    if (!order) {
      order = readingOrder(this.navigation(locale).pageMap).filter((t) => isNavigable(t.route));
      this.order.set(locale, order);
    }
    return order;
  }

  /** The sidebar tree of a section, built once and shared by its pages (the renderer caches by identity). */
  private sidebar(locale: string, route: string): SidebarEntry[] {
    const section = sectionFor(this.navigation(locale).pageMap, route);
    const key = `${locale} ${section.route}`;
    let tree = this.sidebars.get(key);
    if (!tree) {
      tree = sidebarTree(section.items).filter((e) => isNavigable(e.route));
      this.sidebars.set(key, tree);
    }
    return tree;
  }

  routeData(definition: RouteDefinition): RouteData {
    const { config } = this.snapshot;
    const locale = definition.locale ?? config.defaultLocale;
    const route = definition.route;
    const navigation = this.navigation(locale);
    const special = SPECIAL_PAGES[route];
    const theme: ResolvedThemeOptions = { ...DEFAULT_THEME, ...navigation.themeByRoute[route], ...special?.theme, ...definition.theme };
    const hrefPrefix = `${config.basePath}${locale === config.defaultLocale ? '' : `/${locale}`}`;
    const href = (r: string) => routeHref(r, hrefPrefix);
    const order = this.readingOrder(locale);
    const position = order.findIndex((t) => t.route === route);
    const frontMatter = definition.frontMatter ?? {};
    const headings = definition.headings ?? [];
    return {
      route,
      locale,
      title: definition.title,
      documentTitle: config.titleTemplate.replace('%s', definition.title),
      description: frontMatter.description ?? config.description,
      frontMatter,
      headings,
      theme,
      breadcrumbs: theme.breadcrumb ? breadcrumbsFor(navigation.pageMap, route) : [],
      prev: theme.pagination && position > 0 ? order[position - 1] : undefined,
      next: theme.pagination && position >= 0 ? order[position + 1] : undefined,
      sidebarHtml: theme.sidebar
        ? this.renderer.render(this.sidebar(locale, route), {
            activeRoute: route,
            collapseLevel: config.sidebar.defaultMenuCollapseLevel,
            href,
            // `_meta` hrefs are links as written, from the root: `/a%23b` must not be encoded again.
            linkHref: (written) => pageHref(written, { pageRoute: '/', folderRoute: '/', hrefPrefix, basePath: config.basePath }),
            anchors: headings,
          })
        : '',
      navbar: navbarItems(navigation.pageMap, config.navbar.items),
      hrefPrefix,
      folderRoute: folderRouteOf(definition),
      url: href(route),
      alternates: config.locales
        .filter((l) => l.locale === locale || this.routeSets[l.locale]?.has(route))
        .map((l) => ({ locale: l.locale, text: l.text, href: routeHref(route, `${config.basePath}${l.locale === config.defaultLocale ? '' : `/${l.locale}`}`) })),
      sourcePath: definition.sourcePath,
      noindex: special?.noindex ?? false,
      hideFeedback: !config.feedback.enabled || (special?.hideFeedback ?? false) || frontMatter.rai_hide_feedback_ux === true,
      special: special?.special,
      homeSections: special?.special === 'home' && definition.content.type === 'theme' ? topLevelSections(navigation.pageMap) : undefined,
      assets: this.snapshot.assets,
      config,
      images: this.snapshot.images,
      relOutputs: this.snapshot.relOutputs,
    };
  }
}

/** The first page of each visible top-level item: what a generated home page links to. */
function topLevelSections(pageMap: PageMapItem[]): LinkTarget[] {
  const sections: LinkTarget[] = [];
  for (const item of pageMap) {
    if (item.kind === 'Meta' || item.display === 'hidden' || item.href || item.type === 'separator' || item.type === 'menu' || item.route === '/') continue;
    const first = item.kind === 'Folder' && !item.withIndexPage ? readingOrder(item.children ?? [])[0] : item;
    if (first) sections.push({ title: item.title, route: first.route });
  }
  return sections;
}

/** `rel/primer/index.html` for `/rel/primer`; other locales under their prefix. */
export function outputPathFor(route: string, locale: string, defaultLocale: string): string {
  const localized = localizedRoute(route, locale, defaultLocale);
  return localized === '/' ? 'index.html' : `${localized.slice(1)}/index.html`;
}
