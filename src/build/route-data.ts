import type { Navigation, RouteDefinition } from '../pipeline/plugin.ts';
import type { ModuleExport } from '../pipeline/plugin.ts';
import type { LinkTarget, NavItem, PageMapItem, RouteData, SidebarItem, ThemeConfig, ThemeData } from '../shared/types.ts';
import { isNavigable, SPECIAL_PAGES } from '../shared/special-pages.ts';
import { resolveTheme } from '../shared/theme-options.ts';
import { documentTitle } from '../shared/page-title.ts';
import { folderRouteOf, localizedRoute } from '../content/content-route.ts';
import { navbarItems, pathTo, readingOrder, sectionFor } from './navigation.ts';
import { anchorsMarkup, sidebarMarkup, sidebarSectionOf } from '../../theme/components/sidebar-markup.ts';
import { routeHref } from '../shared/page-href.ts';
import { hrefPrefixOf, sectionSidebar, tabRoutesOf } from './sidebar-data.ts';
import { uiStrings, type UiStrings } from '../shared/ui-strings.ts';

/** What of a route the renderer is given: all but the text by section (search's) and the references (`check`'s). */
export type RenderedDefinition = Omit<RouteDefinition, 'sections' | 'references'>;

/**
 * The route as the render worker gets it, and as the rendered-page cache keys it
 * (render-cache.ts): a page's search text is as long as its HTML, and a rebuild keyed it for
 * every page although no page's HTML shows it.
 */
export function renderedPart(definition: RouteDefinition): RenderedDefinition {
  // Not a destructuring: naming `sections` would read them (lazy-sections.ts).
  const rendered: Record<string, unknown> = {};
  for (const key of Object.keys(definition)) if (key !== 'sections' && key !== 'references') rendered[key] = definition[key as keyof RouteDefinition];
  return rendered as RenderedDefinition;
}

export { DEFAULT_THEME } from '../shared/theme-options.ts';
export { SPECIAL_PAGES, isNavigable } from '../shared/special-pages.ts';

/** What every worker receives once per build: all it needs to place any route in the site. */
export interface SiteSnapshot {
  config: ThemeConfig;
  navigation: Record<string, Navigation>;
  assets: { scripts: string[]; styles: string[] };
  /** locale → routes that exist in it (for the language switcher). */
  routesByLocale: Record<string, string[]>;
  /** locale → its routes that show the default locale's content (no translation: `RouteDefinition.fallbackFrom`). */
  fallbackRoutesByLocale: Record<string, string[]>;
  /** locale → URL of its sidebar JSON (the whole tree, which the browser loads once). */
  sidebarUrls: Record<string, string>;
  /** The server bundle of the config's islands, when there are any. */
  islandsModule?: string;
  /** What plugins gave the theme (`actions.setThemeData`). */
  themeData: ThemeData;
  /** MDX components registered by plugins (the theme's own among them), by JSX name; modules as `file:` URLs of JavaScript. */
  mdxComponents: Record<string, ModuleExport>;
}

/**
 * One locale's navigation, indexed once per worker, so that placing a page in the site
 * (prev/next, breadcrumbs, navbar, sidebar section) costs the same at 10 000 pages as at 10.
 */
class LocaleIndex {
  /** Navigable pages in reading order, and each one's place in it. */
  readonly order: LinkTarget[];
  private readonly position = new Map<string, number>();
  /** Each item's path from the root (what `pathTo` finds), by route: the first item of a route wins, as in `pathTo`. */
  private readonly paths = new Map<string, PageMapItem[]>();
  readonly navbar: NavItem[];
  readonly tabRoutes: Set<string>;
  /** The locale's strings (`localeStrings`), one object for every page: made for each, they were a copy of some 80 strings a page. */
  readonly strings: UiStrings;
  /** Each section's whole sidebar, built on first use. */
  private readonly sections = new Map<string, SidebarItem[]>();

  constructor(
    private readonly navigation: Navigation,
    config: ThemeConfig,
    locale: string,
    readonly hrefPrefix: string,
  ) {
    // Frozen: every page of the locale shares it, and the client strings' JSON and the navbar's markup are kept by it.
    this.strings = Object.freeze(localeStrings(config, locale));
    this.order = readingOrder(navigation.pageMap).filter((t) => isNavigable(t.route));
    this.order.forEach((target, index) => {
      if (!this.position.has(target.route)) this.position.set(target.route, index);
    });
    this.indexPaths(navigation.pageMap, []);
    this.navbar = navbarItems(navigation.pageMap, config.navbar.items);
    this.tabRoutes = tabRoutesOf(navigation.pageMap);
  }

  private indexPaths(items: PageMapItem[], above: PageMapItem[]): void {
    for (const item of items) {
      if (item.kind === 'Meta' || item.route === '#') continue;
      const path = [...above, item];
      if (!this.paths.has(item.route)) this.paths.set(item.route, path);
      if (item.kind === 'Folder') this.indexPaths(item.children ?? [], path);
    }
  }

  /** The pages before and after `route` in reading order (none for a page outside it). */
  neighbours(route: string): { prev?: LinkTarget; next?: LinkTarget } {
    const index = this.position.get(route);
    if (index === undefined) return {};
    return { prev: this.order[index - 1], next: this.order[index + 1] };
  }

  breadcrumbs(route: string): LinkTarget[] {
    // A route outside the page map (a theme page) may still sit in a folder: the slow walk finds that folder.
    const path = this.paths.get(route) ?? pathTo(this.navigation.pageMap, route);
    return path.map((item) => ({ title: item.title, route: item.kind === 'Folder' && !item.withIndexPage ? '' : item.route }));
  }

  /** The whole sidebar of the section holding `route`. */
  sidebar(route: string, basePath: string): { section: string; items: SidebarItem[] } {
    const section = sidebarSectionOf(route, this.tabRoutes);
    let items = this.sections.get(section);
    if (!items) {
      items = sectionSidebar(sectionFor(this.navigation.pageMap, section).items, this.hrefPrefix, basePath);
      this.sections.set(section, items);
    }
    return { section, items };
  }
}

/** Per-locale structures derived once per worker from the snapshot. */
export class SiteIndex {
  private readonly locales = new Map<string, LocaleIndex>();
  private readonly routeSets: Record<string, Set<string>>;
  private readonly fallbackSets: Record<string, Set<string>>;

  constructor(readonly snapshot: SiteSnapshot) {
    this.routeSets = Object.fromEntries(Object.entries(snapshot.routesByLocale).map(([l, r]) => [l, new Set(r)]));
    this.fallbackSets = Object.fromEntries(Object.entries(snapshot.fallbackRoutesByLocale).map(([l, r]) => [l, new Set(r)]));
  }

  /**
   * The index of `snapshot`, keeping this one's per-locale indexes (the reading order, the
   * sidebar sections) when its navigation and config are these same objects: dev's workers take
   * a new image table or route list without indexing 10 000 pages again.
   */
  withSnapshot(snapshot: SiteSnapshot): SiteIndex {
    const next = new SiteIndex(snapshot);
    if (snapshot.navigation === this.snapshot.navigation && snapshot.config === this.snapshot.config) for (const [locale, index] of this.locales) next.locales.set(locale, index);
    return next;
  }

  private locale(locale: string): LocaleIndex {
    let index = this.locales.get(locale);
    if (!index) {
      const navigation = this.snapshot.navigation[locale] ?? { locale, pageMap: [], themeByRoute: {} };
      index = new LocaleIndex(navigation, this.snapshot.config, locale, hrefPrefixOf(locale, this.snapshot.config));
      this.locales.set(locale, index);
    }
    return index;
  }

  routeData(definition: RenderedDefinition): RouteData {
    const { config } = this.snapshot;
    const locale = definition.locale ?? config.defaultLocale;
    const route = definition.route;
    const navigation = this.snapshot.navigation[locale];
    const index = this.locale(locale);
    const special = SPECIAL_PAGES[route];
    const theme = resolveTheme(route, { fromMeta: navigation?.themeByRoute[route], fromRoute: definition.theme });
    const { hrefPrefix } = index;
    const href = (r: string) => routeHref(r, hrefPrefix);
    const neighbours = theme.pagination ? index.neighbours(route) : {};
    const frontMatter = definition.frontMatter ?? {};
    const headings = definition.headings ?? [];
    const sidebar = theme.sidebar ? index.sidebar(route, config.basePath) : undefined;
    const sidebarUrl = this.snapshot.sidebarUrls[locale];
    return {
      route,
      locale,
      title: definition.title,
      documentTitle: documentTitle(config.titleTemplate, definition.title),
      description: frontMatter.description ?? config.description,
      frontMatter,
      headings,
      theme,
      breadcrumbs: theme.breadcrumb ? index.breadcrumbs(route) : [],
      prev: neighbours.prev,
      next: neighbours.next,
      sidebarHtml: sidebar
        ? sidebarMarkup(sidebar.items, { activeRoute: route, collapseLevel: config.sidebar.defaultMenuCollapseLevel, anchors: anchorsMarkup(headings), pathOnly: true })
        : '',
      sidebarSource: sidebar && sidebarUrl ? { url: sidebarUrl, section: sidebar.section } : undefined,
      navbar: index.navbar,
      hrefPrefix,
      folderRoute: folderRouteOf(definition),
      url: href(route),
      alternates: config.locales
        .filter((l) => l.locale === locale || this.routeSets[l.locale]?.has(route))
        .map((l) => ({
          locale: l.locale,
          text: l.text,
          href: routeHref(route, hrefPrefixOf(l.locale, config)),
          translated: !this.fallbackSets[l.locale]?.has(route),
        })),
      strings: index.strings,
      banner: localeBanner(config, locale),
      fallbackFrom: definition.fallbackFrom,
      sourcePath: definition.sourcePath,
      noindex: special?.noindex ?? false,
      hideFeedback: !config.feedback.enabled || (special?.hideFeedback ?? false) || frontMatter.rai_hide_feedback_ux === true,
      special: special?.special,
      homeSections: special?.special === 'home' && definition.content.type === 'theme' ? topLevelSections(navigation?.pageMap ?? []) : undefined,
      assets: this.snapshot.assets,
      config,
      themeData: this.snapshot.themeData,
      images: this.snapshot.themeData.images,
      relOutputs: this.snapshot.themeData.relOutputs,
    };
  }
}

/** The theme's strings for `locale`, with the config's overrides: the locale's own, then the site-wide one. */
export function localeStrings(config: ThemeConfig, locale: string): UiStrings {
  const strings = uiStrings(locale);
  const option = config.locales.find((l) => l.locale === locale);
  return {
    ...strings,
    tocTitle: option?.toc?.title ?? config.toc.title ?? strings.tocTitle,
    searchPlaceholder: option?.search?.placeholder ?? config.search.placeholder ?? strings.searchPlaceholder,
    feedbackQuestion: config.feedback.question ?? strings.feedbackQuestion,
  };
}

/** The banner in `locale`: its own text over the site's, or none when the locale says `false`. */
export function localeBanner(config: ThemeConfig, locale: string): RouteData['banner'] {
  const own = config.locales.find((l) => l.locale === locale)?.banner;
  if (!config.banner || own === false) return undefined;
  return own ? { ...config.banner, content: own.content } : config.banner;
}

/** The first page of each visible top-level item: what a generated home page links to (not `/404`, `/500`, `/search`: `isNavigable`). */
function topLevelSections(pageMap: PageMapItem[]): LinkTarget[] {
  const sections: LinkTarget[] = [];
  for (const item of pageMap) {
    if (item.kind === 'Meta' || item.display === 'hidden' || item.href || item.type === 'separator' || item.type === 'menu' || item.route === '/' || !isNavigable(item.route)) continue;
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
