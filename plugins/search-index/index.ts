import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import {
  hiddenRoutes,
  isNavigable,
  localizedRoute,
  relOutputText,
  resolveRelOutputSrc,
  searchDataEntry,
  searchDataPath,
  searchDocument,
  searchHeadPath,
  searchTextPartName,
  splitSearchData,
  toolBuildId,
  type OutputFiles,
  type OutputPiece,
  type Plugin,
  type SearchData,
  type SearchDocument,
  type SearchHead,
  type SearchHeadPage,
  type SearchTextPart,
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
      // Every piece's key holds the tool: a new docs-gen may spell the same data otherwise.
      const tool = await toolBuildId();
      await Promise.all([...byLocale].map(([locale, documents]) => writeSearchFiles(output, locale, documents, `${tool}\0${locale}`)));
    },
  };
}

/**
 * A page's key among the search files' pieces: its route, title and sections, each text
 * length-prefixed (no two pages spell the same), hashed without making the JSON the files hold.
 */
export function documentKey(shared: string, route: string, document: SearchDocument): string {
  let text = `${route.length}:${route}${document.title.length}:${document.title}`;
  for (const key in document.data) {
    const value = document.data[key]!;
    text += `${key.length}:${key}${value.length}:${value}`;
  }
  return createHash('sha256').update(shared).update('\0').update(text).digest('hex');
}

/**
 * The seed's file, and the head and text parts the search box reads; every name and byte follows
 * from the data alone. Written in pieces keyed by the pages' data (OutputFiles): a rebuild after
 * one page changed makes that page's entry in the seed's file and the text part that holds its
 * sections, and copies or links the rest. A part is named by its key, which changes whenever its
 * text would: a head never meets another build's part.
 */
async function writeSearchFiles(output: OutputFiles, locale: string, documents: SearchData, shared: string): Promise<void> {
  const file = searchDataPath(locale);
  const { pages, parts } = splitSearchData(documents);
  // In head order (as the split took them): each page's key.
  const pageKeys = pages.map(([route]) => documentKey(shared, route, documents[route]!));
  const partKeys = textPartKeys(shared, pages, pageKeys, parts);
  const partNames = parts.map((_part, n) => searchTextPartName(locale, n, partKeys[n]!.slice(0, 10)));
  const head: SearchHead = { pages, parts: partNames };
  // The seed's file as `serializeSearchData` spells it: routes in code-point order, the head's.
  const seed: OutputPiece[] = pages.map(([route], i) => ({ key: `${i ? ',' : ''}${pageKeys[i]}`, make: () => searchDataEntry(route, documents[route]!, i === 0) }));
  await Promise.all([
    // dev writes these again while a browser may be fetching them: its OutputFiles write atomically.
    output.writePieces(file, [{ key: '{', make: () => '{' }, ...seed, { key: '}', make: () => '}' }]),
    output.write(searchHeadPath(locale), JSON.stringify(head)),
    ...parts.map((part, n) => output.writePieces(posix.join(posix.dirname(file), partNames[n]!), [{ key: partKeys[n]!, make: () => JSON.stringify(part) }])),
  ]);
}

/**
 * Each text part's key: where it starts, and the key of each page whose sections it holds with
 * the range of them it holds. A part's text follows from those alone.
 */
export function textPartKeys(shared: string, pages: readonly SearchHeadPage[], pageKeys: readonly string[], parts: readonly SearchTextPart[]): string[] {
  const keys: string[] = [];
  let page = 0;
  // The first section of `page`, counted across the head.
  let pageFirst = 0;
  for (const part of parts) {
    const end = part.first + part.texts.length;
    let text = `${part.first}`;
    while (page < pages.length && pageFirst < end) {
      const count = pages[page]![2].length;
      const from = Math.max(part.first, pageFirst) - pageFirst;
      const to = Math.min(end, pageFirst + count) - pageFirst;
      if (to > from) text += `|${pageKeys[page]}:${from}-${to}`;
      // The page goes on into the next part: keep it.
      if (pageFirst + count > end) break;
      pageFirst += count;
      page++;
    }
    keys.push(createHash('sha256').update(shared).update('\0part\0').update(text).digest('hex'));
  }
  return keys;
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
