import type { Navigation, RouteDefinition } from '../pipeline/plugin.ts';
import type { ModuleExport } from '../pipeline/plugin.ts';
import type { LinkTarget, PageMapItem, RouteData, ThemeConfig, ThemeData } from '../shared/types.ts';
import { isNavigable, SPECIAL_PAGES } from '../shared/special-pages.ts';
import { resolveTheme } from '../shared/theme-options.ts';
import { documentTitle } from '../shared/page-title.ts';
import { folderRouteOf, localizedRoute } from '../content/content-route.ts';
import { breadcrumbsFor, navbarItems, readingOrder, sectionFor, sidebarTree } from './navigation.ts';
import { SidebarRenderer } from '../../theme/components/SidebarTree.tsx';
import { pageHref, routeHref } from '../shared/page-href.ts';
import type { SidebarEntry } from '../shared/types.ts';
import { uiStrings, type UiStrings } from '../shared/ui-strings.ts';

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
  /** The server bundle of the config's islands, when there are any. */
  islandsModule?: string;
  /** What plugins gave the theme (`actions.setThemeData`). */
  themeData: ThemeData;
  /** MDX components registered by plugins (the theme's own among them), by JSX name; modules as `file:` URLs of JavaScript. */
  mdxComponents: Record<string, ModuleExport>;
}

/** Per-locale structures derived once per worker from the snapshot. */
export class SiteIndex {
  private readonly order = new Map<string, LinkTarget[]>();
  /** `locale section-route` → the section's sidebar tree, shared by all its pages. */
  private readonly sidebars = new Map<string, SidebarEntry[]>();
  private readonly renderer = new SidebarRenderer();
  private readonly routeSets: Record<string, Set<string>>;
  private readonly fallbackSets: Record<string, Set<string>>;

  constructor(readonly snapshot: SiteSnapshot) {
    this.routeSets = Object.fromEntries(Object.entries(snapshot.routesByLocale).map(([l, r]) => [l, new Set(r)]));
    this.fallbackSets = Object.fromEntries(Object.entries(snapshot.fallbackRoutesByLocale).map(([l, r]) => [l, new Set(r)]));
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
    const theme = resolveTheme(route, { fromMeta: navigation.themeByRoute[route], fromRoute: definition.theme });
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
      documentTitle: documentTitle(config.titleTemplate, definition.title),
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
        .map((l) => ({
          locale: l.locale,
          text: l.text,
          href: routeHref(route, `${config.basePath}${l.locale === config.defaultLocale ? '' : `/${l.locale}`}`),
          translated: !this.fallbackSets[l.locale]?.has(route),
        })),
      strings: localeStrings(config, locale),
      banner: localeBanner(config, locale),
      fallbackFrom: definition.fallbackFrom,
      sourcePath: definition.sourcePath,
      noindex: special?.noindex ?? false,
      hideFeedback: !config.feedback.enabled || (special?.hideFeedback ?? false) || frontMatter.rai_hide_feedback_ux === true,
      special: special?.special,
      homeSections: special?.special === 'home' && definition.content.type === 'theme' ? topLevelSections(navigation.pageMap) : undefined,
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
