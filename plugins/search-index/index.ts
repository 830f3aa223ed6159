import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import {
  hiddenRoutes,
  isNavigable,
  localizedRoute,
  relOutputText,
  resolveRelOutputSrc,
  searchDataPath,
  searchDocument,
  searchHeadPath,
  searchTextPartName,
  serializeSearchData,
  splitSearchData,
  type OutputFiles,
  type Plugin,
  type SearchData,
  type SearchHead,
  type SiteData,
  type TextSection,
} from 'docs-gen';

export const SEARCH_INDEX = 'docs-gen:search-index';

/**
 * The local search data (seed §7): per locale, a map from route to title and text by section,
 * written to `_next/static/chunks/nextra-data-{locale}.json` and fetched lazily by the search box.
 * The shape and its bytes come from the shared format module, which the browser reads with.
 * Beside it, the same data as the browser downloads it: a head of titles and headings and the
 * text in parts (`src/shared/search-parts.ts`).
 */
export default function searchIndex(): Plugin {
  return {
    name: SEARCH_INDEX,
    // Routes are final only once every plugin added its own, so the index is written in postBuild.
    async postBuild({ site, context, output }) {
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
        byLocale.get(locale)![localizedRoute(route.route, locale, config.defaultLocale)] = searchDocument(route.title, withOutputText(route.sections, route.route, site));
      }
      await Promise.all([...byLocale].map(([locale, documents]) => writeSearchFiles(output, locale, documents)));
    },
  };
}

/** The seed's file, and the head and text parts the search box reads; every name and byte follows from the data alone. */
async function writeSearchFiles(output: OutputFiles, locale: string, documents: SearchData): Promise<void> {
  const file = searchDataPath(locale);
  const { pages, parts } = splitSearchData(documents);
  const partFiles = parts.map((part, n) => {
    // Encoded once, for the name's hash and the write's.
    const bytes = Buffer.from(JSON.stringify(part));
    return { name: searchTextPartName(locale, n, createHash('sha256').update(bytes).digest('hex').slice(0, 10)), bytes };
  });
  const head: SearchHead = { pages, parts: partFiles.map((part) => part.name) };
  await Promise.all([
    // dev writes these again while a browser may be fetching them: its OutputFiles write atomically.
    output.write(file, serializeSearchData(documents)),
    output.write(searchHeadPath(locale), JSON.stringify(head)),
    ...partFiles.map((part) => output.write(posix.join(posix.dirname(file), part.name), part.bytes)),
  ]);
}

/** Each section with the cell text of its `<RelOutput>`s (decoded by the rel-output plugin, in theme data) after its own. */
function withOutputText(sections: readonly TextSection[], pageRoute: string, site: SiteData): TextSection[] {
  const outputs = site.themeData.relOutputs;
  if (!outputs) return [...sections];
  return sections.map((section) => {
    if (!section.relOutputs?.length) return section;
    const tables = section.relOutputs.map((src) => {
      const target = resolveRelOutputSrc(src, { pageRoute, relOutputPath: outputs.path });
      // An output the build does not have (an external URL) is fetched by the browser: no text to index.
      return target.kind === 'local' ? relOutputText(outputs.files[target.path] ?? []) : '';
    });
    return { ...section, text: [section.text.trim(), ...tables].filter(Boolean).join('\n') };
  });
}
