import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isNavigable, localizedRoute, type Plugin } from 'docs-gen';

export const SEARCH_INDEX = 'docs-gen:search-index';

/** One page in `nextra-data-{locale}.json`: keys are `heading-id#Heading title`, values the text under it. */
export interface SearchDocument {
  title: string;
  data: Record<string, string>;
}

/**
 * The local search data (seed §7): per locale, a map from route to title and text by section,
 * written to `_next/static/chunks/nextra-data-{locale}.json` and fetched lazily by the search box.
 */
export default function searchIndex(): Plugin {
  return {
    name: SEARCH_INDEX,
    // Routes are final only once every plugin added its own, so the index is written in postBuild.
    async postBuild({ outDir, site, context }) {
      const { config } = context;
      const byLocale = new Map<string, Record<string, SearchDocument>>();
      for (const { locale } of config.locales) byLocale.set(locale, {});
      for (const route of site.routes) {
        if (!route.sections || !isNavigable(route.route)) continue;
        const locale = route.locale ?? config.defaultLocale;
        const data: Record<string, string> = {};
        for (const section of route.sections) {
          const key = section.id ? `${section.id}#${section.title}` : '';
          data[key] = (data[key] ? `${data[key]}\n` : '') + section.text.trim();
        }
        byLocale.get(locale)![localizedRoute(route.route, locale, config.defaultLocale)] = { title: route.title, data };
      }
      const dir = join(outDir, '_next', 'static', 'chunks');
      await mkdir(dir, { recursive: true });
      await Promise.all([...byLocale].map(([locale, documents]) => writeFile(join(dir, `nextra-data-${locale}.json`), JSON.stringify(documents))));
    },
  };
}
