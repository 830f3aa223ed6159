import { join, relative } from 'node:path';
import { compiledKeyOf, EncodingArena, EventLoopTurns, folderRouteOf, hiddenRoutes, sourceFolderOf, isNavigable, localizedRoute, throwFirstRejection, workerModuleUrl, type OutputFiles, type OutputPiece, type PageMapItem, type PluginContext, type RouteDefinition, type SiteData } from 'docs-gen';
import type { PageMarkdownInput } from './page-markdown.ts';
import { pageMarkdownCache, type MarkdownKeyInput, type RememberedMarkdown } from './page-markdown-cache.ts';

/**
 * Where a route's Markdown is written, relative to the output folder: `<route>.md`, and `/` is
 * `/index.md`. A route whose last segment is `index` (from `index/index.md`) gets
 * `<route>/index.md`: as `<route>.md` it would be the home page's file, or, below that, another
 * such route's, and one page's Markdown would replace the other's. No other route's path ends in
 * `/index.md`, so no two routes share a path.
 */
export function markdownPath(route: string, locale: string, defaultLocale: string): string {
  const localized = localizedRoute(route, locale, defaultLocale);
  if (route === '/') return `${localized === '/' ? '' : localized}/index.md`;
  return route.endsWith('/index') ? `${localized}/index.md` : `${localized}.md`;
}

/** Routes in sidebar order, each with the title of the top-level entry it is under (its llms.txt section). */
function sidebarOrder(pageMap: readonly PageMapItem[]): Map<string, { order: number; section?: string }> {
  const order = new Map<string, { order: number; section?: string }>();
  const visit = (items: readonly PageMapItem[], section: string | undefined) => {
    for (const item of items) {
      if ((item.kind === 'MdxPage' || item.withIndexPage) && !order.has(item.route)) order.set(item.route, { order: order.size, section });
      if (item.children) visit(item.children, section ?? item.title);
      // A top-level folder's own page heads its section.
      if (!section && item.kind === 'Folder' && order.has(item.route)) order.get(item.route)!.section = item.title;
    }
  };
  visit(pageMap, undefined);
  return order;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * AI-ready output (the llms.txt convention): per locale, `llms.txt` (the site's title and
 * description, then each page's title and description by section, linked to its Markdown),
 * `llms-full.txt` (every page's Markdown) and `<route>.md` for every page a reader can find:
 * hidden pages and `/404`, `/500`, `/search` are left out, as from search.
 */
export async function writeLlmsOutput({ site, context, output, bodies, cleanMarkdown, remembered }: {
  site: SiteData;
  context: PluginContext;
  output: OutputFiles;
  /** Each page's body by source path, read when its Markdown is made (a page from the compile cache reads its source then). */
  bodies: ReadonlyMap<string, () => string>;
  cleanMarkdown?: ReadonlyMap<string, string>;
  /** Each page's Markdown from the last run (dev's last postBuild): only pages changed since are read or converted. */
  remembered?: RememberedMarkdown;
}): Promise<void> {
  const { config } = context;
  const moduleUrl = workerModuleUrl(import.meta.url, './page-markdown.js');
  const origin = (config.siteUrl ?? '').replace(/\/+$/, '');
  const cache = await pageMarkdownCache(
    context,
    (input) => context.runInWorker<PageMarkdownInput, string>({ moduleUrl, exportName: 'pageMarkdown', input }),
    site.themeData.relOutputs,
    remembered,
  );
  const turns = new EventLoopTurns();
  const arena = new EncodingArena();
  for (const { locale } of config.locales) {
    const pageMap = site.navigation[locale]?.pageMap ?? [];
    const hidden = hiddenRoutes(pageMap);
    const order = sidebarOrder(pageMap);
    const rank = (route: RouteDefinition) => order.get(route.route)?.order ?? Number.MAX_SAFE_INTEGER;
    const pages = site.routes
      .filter((r) => (r.locale ?? config.defaultLocale) === locale && /\.mdx?$/.test(r.sourcePath ?? '') && bodies.has(r.sourcePath!) && isNavigable(r.route) && !hidden.has(r.route))
      .sort((a, b) => rank(a) - rank(b) || (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
    // Each page's input in a slice, as its files are asked for below: a build runs this while its pages render.
    const owns = await Promise.all(
      pages.map((page) =>
        turns.run(() => {
          const description = page.frontMatter?.description;
          // A page the locale lacks shows the default locale's compile, whose links are that locale's:
          // its Markdown is that page's too (the same key, made once), whichever way it is made.
          const bodyLocale = page.fallbackFrom ?? locale;
          return {
            format: page.sourcePath!.endsWith('.mdx') ? 'mdx' : 'md',
            title: page.title,
            description: typeof description === 'string' ? description : undefined,
            pageRoute: page.route,
            links: {
              pageRoute: page.route,
              folderRoute: folderRouteOf({ route: page.route, sourcePath: relative(context.contentDir, join(context.root, page.sourcePath!)).split('\\').join('/') }),
              hrefPrefix: `${config.basePath}${bodyLocale === config.defaultLocale ? '' : `/${bodyLocale}`}`,
              basePath: config.basePath,
              sourceFolder: sourceFolderOf(page.sourcePath!),
            },
            relOutputs: site.themeData.relOutputs,
          } satisfies MarkdownKeyInput;
        }),
      ),
    );
    const inputOf = (i: number): PageMarkdownInput => {
      const { sourcePath } = pages[i]!;
      return { ...owns[i]!, body: bodies.get(sourcePath!)!(), cleanMarkdown: cleanMarkdown?.get(sourcePath!) };
    };
    // Each page's Markdown is a piece of its `<route>.md` and of `llms-full.txt`, keyed by its
    // input (OutputFiles): a rebuild makes the Markdown of the pages that changed alone, and
    // links or copies the rest. Made once when both files ask. A key is hashed when the writer
    // first asks for it: dev's writer makes every piece, and asks for none. A page compiled under
    // a key is keyed by that, and its body is read only to make its Markdown.
    const keys: string[] = [];
    const keyOf = (i: number) => {
      if (keys[i] !== undefined) return keys[i];
      const { content } = pages[i]!;
      const compileKey = content.type === 'mdx' ? compiledKeyOf(content.compiled) : undefined;
      return (keys[i] = compileKey === undefined ? cache.keyOf(inputOf(i)) : cache.keyOf(owns[i]!, compileKey));
    };
    // Each page's Markdown encoded once, after a newline: `llms-full.txt` takes those bytes as they
    // are, and the page's `.md` file the same bytes without the newline. Made as text for both,
    // each page's Markdown (a string of joined parts) was flattened and encoded twice, and the
    // texts were held until both files were written, outliving the young generation: at 10 000
    // pages, 80 MB of them on the main thread while the pages render.
    const made: Promise<Uint8Array>[] = [];
    const markdownBytesOf = (i: number) => (made[i] ??= cache.markdownOf(inputOf(i), keys[i]).then((markdown) => arena.compose(['\n', markdown])));
    const paths = pages.map((page) => markdownPath(page.route, locale, config.defaultLocale));
    const prefix = locale === config.defaultLocale ? '' : `/${locale}`;
    const full = pages.map((_page, i): OutputPiece => {
      const newline = i ? '\n' : '';
      return {
        get key() {
          return `${newline}${keyOf(i)}`;
        },
        make: async () => {
          const bytes = await markdownBytesOf(i);
          return newline ? bytes : bytes.subarray(1);
        },
      };
    });
    // The pages' files asked for in slices: 10 000 asks in one go held the workers' answers, and
    // their next pages, for 0.1 s. The hook ends once every file was asked for and written (or
    // failed), as when all were asked for at once: a write asked for after it ended would be
    // refused, and blamed on the plugin, and each failed write is reported.
    const writes = [
      ...paths.map((path, i) =>
        turns.run(() =>
          output.writePieces(path, [
            {
              get key() {
                return keyOf(i);
              },
              make: async () => (await markdownBytesOf(i)).subarray(1),
            },
          ]),
        ),
      ),
      output.writePieces(`${prefix}/llms-full.txt`, full),
    ];
    throwFirstRejection(await Promise.allSettled(writes));
    const sections = new Map<string, string[]>();
    pages.forEach((page, i) => {
      const section = order.get(page.route)?.section ?? config.title;
      const description = page.frontMatter?.description;
      const entry = `- [${oneLine(page.title)}](${origin}${config.basePath}${paths[i]})${typeof description === 'string' && description.trim() ? `: ${oneLine(description)}` : ''}`;
      const entries = sections.get(section);
      if (entries) entries.push(entry);
      else sections.set(section, [entry]);
    });
    const intro = `# ${config.title}\n${config.description ? `\n> ${oneLine(config.description)}\n` : ''}`;
    const index = [intro, ...[...sections].map(([title, entries]) => `## ${oneLine(title)}\n\n${entries.join('\n')}\n`)].join('\n');
    await output.write(`${prefix}/llms.txt`, index);
  }
  cache.finish();
}
