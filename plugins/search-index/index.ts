import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { hiddenRoutes, isNavigable, localizedRoute, searchDataPath, searchDocument, serializeSearchData, type Plugin, type SearchData } from 'docs-gen';

export const SEARCH_INDEX = 'docs-gen:search-index';

/**
 * The local search data (seed §7): per locale, a map from route to title and text by section,
 * written to `_next/static/chunks/nextra-data-{locale}.json` and fetched lazily by the search box.
 * The shape and its bytes come from the shared format module, which the browser reads with.
 */
export default function searchIndex(): Plugin {
  return {
    name: SEARCH_INDEX,
    // Routes are final only once every plugin added its own, so the index is written in postBuild.
    async postBuild({ outDir, site, context }) {
      const { config } = context;
      const byLocale = new Map<string, SearchData>();
      const hiddenByLocale = new Map<string, Set<string>>();
      for (const { locale } of config.locales) {
        byLocale.set(locale, {});
        hiddenByLocale.set(locale, hiddenRoutes(site.navigation[locale]?.pageMap ?? []));
      }
      for (const route of site.routes) {
        const locale = route.locale ?? config.defaultLocale;
        // `/404`, `/500` and `/search` are not pages to find; hidden pages are hidden from search too,
        // and so is a page whose front matter says `searchable: false`.
        if (!route.sections || !isNavigable(route.route) || hiddenByLocale.get(locale)?.has(route.route) || route.frontMatter?.searchable === false) continue;
        byLocale.get(locale)![localizedRoute(route.route, locale, config.defaultLocale)] = searchDocument(route.title, route.sections);
      }
      await Promise.all(
        [...byLocale].map(async ([locale, documents]) => {
          const file = join(outDir, searchDataPath(locale));
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, serializeSearchData(documents));
        }),
      );
    },
  };
}
