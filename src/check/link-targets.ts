import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteDefinition, SiteData } from '../pipeline/plugin.ts';

/**
 * Ids the theme puts on every page (`theme/layouts/DocsLayout.tsx`, `theme/components/Navbar.tsx`),
 * so `#content` is a valid anchor anywhere.
 */
export const THEME_IDS = ['content', 'search-input', 'search-results'];

/** Ids the Markdown pipeline itself makes besides headings: GFM footnotes and their label. */
const GENERATED_ID = /^(?:user-content-fn|footnote-label$)/;

/** `id="…"` and `name="…"` written in a page's own HTML or JSX. */
const WRITTEN_ID = /\b(?:id|name)\s*=\s*(?:"([^"]+)"|'([^']+)'|\{\s*["']([^"']+)["']\s*\})/g;

/** Files every build writes beside the pages. */
const SITE_FILES = ['/sitemap.xml', '/robots.txt', '/404.html'];

export interface LinkTargetsOptions {
  site: SiteData;
  defaultLocale: string;
  root: string;
  publicDir: string;
  /** Output-relative paths plugins emit. */
  emitted: Set<string>;
  /** Source paths of pages that did not compile. */
  failedPages: Set<string>;
  /** The config's redirects: a link to a source is good (the destination is checked once, on its own). */
  redirectSources?: string[];
}

/** What internal links may point at on the built site: routes per locale, ids per route, files. */
export class LinkTargets {
  private readonly byLocale = new Map<string, Map<string, RouteDefinition>>();
  private readonly ids = new Map<RouteDefinition, Set<string>>();

  constructor(private readonly options: LinkTargetsOptions) {
    for (const route of options.site.routes) {
      const locale = route.locale ?? options.defaultLocale;
      if (!this.byLocale.has(locale)) this.byLocale.set(locale, new Map());
      this.byLocale.get(locale)!.set(route.route, route);
    }
  }

  /** The route a URL path (without base path) shows: `/fr-FR/x` is `/x` in fr-FR, anything else the default locale's. */
  atUrl(urlPath: string): RouteDefinition | undefined {
    const [, first] = urlPath.split('/');
    if (first && first !== this.options.defaultLocale && this.byLocale.has(first)) return this.route(first, urlPath.slice(first.length + 1) || '/');
    return this.route(this.options.defaultLocale, urlPath);
  }

  route(locale: string, route: string): RouteDefinition | undefined {
    return this.byLocale.get(locale)?.get(route);
  }

  routes(locale: string): string[] {
    return [...(this.byLocale.get(locale)?.keys() ?? [])];
  }

  /** False when the page did not compile: its ids are unknown, so no anchor on it is reported. */
  idsKnown(definition: RouteDefinition): boolean {
    return !definition.sourcePath || !this.options.failedPages.has(definition.sourcePath);
  }

  /** Heading ids (rehype-slug / github-slugger), ids written in the source, and the theme's. */
  idsOf(definition: RouteDefinition): Set<string> {
    let ids = this.ids.get(definition);
    if (!ids) {
      ids = new Set([...(definition.headings ?? []).map((h) => h.id), ...THEME_IDS]);
      if (definition.sourcePath) {
        const source = readSource(join(this.options.root, definition.sourcePath));
        for (const match of source.matchAll(WRITTEN_ID)) ids.add(match[1] ?? match[2] ?? match[3]!);
      }
      this.ids.set(definition, ids);
    }
    return ids;
  }

  hasId(definition: RouteDefinition, id: string): boolean {
    return GENERATED_ID.test(id) || this.idsOf(definition).has(id);
  }

  /** True when `urlPath` (no base path) is a file of the output: public/, emitted, or written by every build. */
  isFile(urlPath: string): boolean {
    if (SITE_FILES.includes(urlPath) || this.options.emitted.has(urlPath.slice(1))) return true;
    if (this.options.redirectSources?.includes(urlPath.replace(/(.)\/$/, '$1'))) return true;
    return urlPath.length > 1 && isFile(join(this.options.publicDir, urlPath));
  }
}

export function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

function readSource(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
