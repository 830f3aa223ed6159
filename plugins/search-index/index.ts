import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import {
  EncodingArena,
  EventLoopTurns,
  hiddenRoutes,
  isNavigable,
  localizedRoute,
  relOutputText,
  resolveRelOutputSrc,
  sectionsAsJson,
  searchDataPath,
  searchDocument,
  searchDocumentKey,
  searchDocumentOutline,
  searchHeadPath,
  searchTextPartName,
  sectionsSummary,
  splitSearchOutline,
  toolBuildId,
  type OutputFiles,
  type OutputPiece,
  type Plugin,
  type RouteDefinition,
  type SearchDocument,
  type SearchHead,
  type SearchHeadPage,
  type SearchOutlinePage,
  type SearchPartSpan,
  type SectionOutline,
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
    // Routes are final only once every plugin added its own, so the index is written in postBuild,
    // which reads the site alone: a build runs it while the pages render.
    postBuildReads: 'site',
    async postBuild({ site, context, output }) {
      const { config } = context;
      // Every piece's key holds the tool: a new docs-gen may spell the same data otherwise.
      const tool = await toolBuildId();
      const byLocale = new Map<string, Map<string, SearchPage>>();
      const hiddenByLocale = new Map<string, Set<string>>();
      for (const { locale } of config.locales) {
        byLocale.set(locale, new Map());
        hiddenByLocale.set(locale, hiddenRoutes(site.navigation[locale]?.pageMap ?? []));
      }
      // A build runs this while its pages render: each slice of routes lets the workers' answers through.
      const turns = new EventLoopTurns();
      for (const route of site.routes) {
        const locale = route.locale ?? config.defaultLocale;
        // `/404`, `/500` and `/search` are not pages to find; hidden pages are hidden from search too,
        // and so is a page whose front matter says `searchable: false`.
        if (!isNavigable(route.route) || hiddenByLocale.get(locale)?.has(route.route) || route.frontMatter?.searchable === false) continue;
        const localized = localizedRoute(route.route, locale, config.defaultLocale);
        const page = await turns.run(() => searchPage(`${tool}\0${locale}`, localized, route, site));
        // A route without sections (a plugin's, the theme's) is no page to find.
        if (page) byLocale.get(locale)!.set(localized, page);
      }
      await Promise.all([...byLocale].map(([locale, pages]) => writeSearchFiles(output, locale, pages, `${tool}\0${locale}`)));
    },
  };
}

/** A JSON string in the order its chunks are written, quotes included: JSON as text, and JSON as UTF-8 bytes. */
type JsonText = (string | Uint8Array)[];

/** A page of a locale's search data: its key among the pieces, its outline, and the text of each of its keys, made when first asked for. */
interface SearchPage extends SearchOutlinePage {
  key: string;
  /** Each key's text as JSON spells it, in the order of `keys`. */
  texts: () => JsonText[];
}

/**
 * A page's search data. Its key follows from its route, title and sections (by their digest,
 * `sectionsSummary`), and its text parts are split by its texts' lengths: a rebuild reads no text
 * of a page read from the compile cache whose pieces it copies. The texts of a page read from the
 * compile cache are its compile's bytes (`sectionsAsJson`), never parsed. A page with a section
 * whose Rel output adds the site's data to its text is keyed by the text.
 */
function searchPage(shared: string, route: string, definition: RouteDefinition, site: SiteData): SearchPage | undefined {
  const { title } = definition;
  const summary = sectionsSummary(definition);
  if (!summary) return undefined;
  if (!(site.themeData.relOutputs && summary.outline.some((section) => section.relOutputs?.length))) {
    const readJson = sectionsAsJson(definition);
    let texts: JsonText[] | undefined;
    const key = createHash('sha256').update(shared).update('\0sections\0').update(`${route.length}:${route}${title.length}:${title}`).update(summary.digest).digest('hex');
    const outline = searchDocumentOutline(title, summary.outline, (section) => section.trimmedLength);
    return { route, title, key, ...outline, texts: () => (texts ??= readJson ? keyedTexts(title, summary.outline, readJson()) : textsOf(searchDocument(title, definition.sections!))) };
  }
  const document = searchDocument(title, withOutputText(definition.sections!, definition.route, site));
  const keys = Object.keys(document.data);
  let texts: JsonText[] | undefined;
  return { route, title, key: documentKey(shared, route, document), keys, lengths: keys.map((key) => document.data[key]!.length), texts: () => (texts ??= textsOf(document)) };
}

/** A search document's texts, in its keys' order. */
const textsOf = (document: SearchDocument): JsonText[] => Object.values(document.data).map((text) => [JSON.stringify(text)]);

/**
 * What `searchDocument(title, sections)` gives each key, as JSON, from each section's text trimmed
 * as JSON bytes (`trimmed`, in the order of `outline`): the non-empty ones, joined by a newline.
 * JSON escapes a text code unit by code unit, so the spellings joined spell the texts joined.
 */
function keyedTexts(title: string, outline: readonly Pick<SectionOutline, 'id' | 'title'>[], trimmed: readonly Uint8Array[]): JsonText[] {
  const byKey = new Map<string, { text: JsonText; empty: boolean }>();
  outline.forEach((section, i) => {
    const key = searchDocumentKey(title, section);
    const text = trimmed[i]!;
    const joined = byKey.get(key);
    if (!joined) byKey.set(key, { text: ['"', text], empty: text.length === 0 });
    else if (text.length) {
      joined.text.push(...(joined.empty ? [text] : ['\\n', text]));
      joined.empty = false;
    }
  });
  return [...byKey.values()].map(({ text }) => [...text, '"']);
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
async function writeSearchFiles(output: OutputFiles, locale: string, byRoute: ReadonlyMap<string, SearchPage>, shared: string): Promise<void> {
  const file = searchDataPath(locale);
  // Routes in code-point order, as `serializeSearchData` spells the seed's file and the head.
  const documents = [...byRoute.values()].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  const { pages, parts } = splitSearchOutline(documents);
  const pageKeys = documents.map((page) => page.key);
  const partKeys = textPartKeys(shared, pages, pageKeys, parts);
  const partNames = parts.map((_part, n) => searchTextPartName(locale, n, partKeys[n]!.slice(0, 10)));
  const head: SearchHead = { pages, parts: partNames };
  // The pieces are bytes: the texts are mostly the compile's bytes, copied, and each piece is one view of a shared slab.
  const arena = new EncodingArena();
  const seed: OutputPiece[] = documents.map((page, i) => ({ key: `${i ? ',' : ''}${page.key}`, make: () => arena.compose(seedEntry(page, i === 0)) }));
  await Promise.all([
    // dev writes these again while a browser may be fetching them: its OutputFiles write atomically.
    output.writePieces(file, [{ key: '{', make: () => '{' }, ...seed, { key: '}', make: () => '}' }]),
    output.write(searchHeadPath(locale), JSON.stringify(head)),
    ...parts.map((part, n) => output.writePieces(posix.join(posix.dirname(file), partNames[n]!), [{ key: partKeys[n]!, make: () => arena.compose(partText(documents, part)) }])),
  ]);
}

/** A page of the seed's file as `searchDataEntry` spells it: a comma before every page but the first, the route, then the document (`{ title, data }`) as JSON. */
function seedEntry(page: SearchPage, first: boolean): JsonText {
  const texts = page.texts();
  const entry: JsonText = [`${first ? '' : ','}${JSON.stringify(page.route)}:{"title":${JSON.stringify(page.title)},"data":{`];
  page.keys.forEach((key, i) => entry.push(`${i ? ',' : ''}${JSON.stringify(key)}:`, ...texts[i]!));
  entry.push('}}');
  return entry;
}

/** A text part as JSON (`SearchTextPart`): the texts of its sections, from the pages that hold them (made only now, for a part whose key is new). */
function partText(documents: readonly SearchPage[], { first, count }: SearchPartSpan): JsonText {
  const json: JsonText = [`{"first":${first},"texts":[`];
  let pageFirst = 0;
  for (const page of documents) {
    const from = Math.max(first, pageFirst) - pageFirst;
    const to = Math.min(first + count, pageFirst + page.keys.length) - pageFirst;
    if (to > from) {
      for (const text of page.texts().slice(from, to)) json.push(...(json.length > 1 ? [','] : []), ...text);
    }
    pageFirst += page.keys.length;
    if (pageFirst >= first + count) break;
  }
  json.push(']}');
  return json;
}

/**
 * Each text part's key: where it starts, and the key of each page whose sections it holds with
 * the range of them it holds. A part's text follows from those alone.
 */
export function textPartKeys(shared: string, pages: readonly SearchHeadPage[], pageKeys: readonly string[], parts: readonly SearchPartSpan[]): string[] {
  const keys: string[] = [];
  let page = 0;
  // The first section of `page`, counted across the head.
  let pageFirst = 0;
  for (const part of parts) {
    const end = part.first + part.count;
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
