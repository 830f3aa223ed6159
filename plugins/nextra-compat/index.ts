import { existsSync, readFileSync } from 'node:fs';
import { copyFile, cp, mkdir, readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { realPathInside, workerModuleUrl, type ContentPage, type Plugin, type PluginContext, type SiteData } from 'docs-gen';
import { STATIC_FOLDER, staticCacheFolder, staticFilesIn, usesRecordPath, type CompatUses } from './bundler.ts';
import { migrationSummary } from './migration-summary.ts';

export const NEXTRA_COMPAT = 'docs-gen:nextra-compat';

/** A site with one of these is a Next.js/Nextra site. */
const NEXTRA_FILES = ['next.config.js', 'next.config.mjs', 'next.config.cjs', 'next.config.ts', 'theme.config.tsx', 'theme.config.jsx', 'theme.config.js', 'theme.config.ts'];

const MIME: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.avif': 'image/avif', '.svg': 'image/svg+xml' };

/** What `getPagesUnderRoute` reads: every content page's route, title and front matter. */
export interface NextraPageSummary {
  route: string;
  locale: string;
  name: string;
  title: string;
  frontMatter: ContentPage['frontMatter'];
}

/**
 * The Nextra compatibility layer: Nextra 2/3 sites build unchanged. Pages' imports of `nextra*` and
 * `next/*` resolve to server-rendered shims, images imported by pages become `{ src, width,
 * height }` (copied to `/_docs-gen/nextra/`), and the rest of a Next.js site's module habits
 * are accepted (see `bundler.ts`). Harmless for other sites: it only acts on what they import.
 */
export default function nextraCompat(): Plugin {
  // Each page object's summary (dev hands over the same object while the page is unchanged).
  const summaryByPage = new WeakMap<ContentPage, { title: string; frontMatter: ContentPage['frontMatter']; summary: NextraPageSummary }>();
  // Each page's summary in the last list, by file: a page compiled anew (a new object, its front
  // matter parsed again) whose summary reads the same keeps it, so the list stays the same array.
  let lastBySource = new Map<string, NextraPageSummary>();
  const summaryOf = (p: ContentPage): NextraPageSummary => {
    const known = summaryByPage.get(p);
    if (known && known.title === p.title && known.frontMatter === p.frontMatter) return known.summary;
    const last = lastBySource.get(p.sourcePath);
    const same = last && last.route === p.route && last.locale === p.locale && last.name === p.name && last.title === p.title && JSON.stringify(last.frontMatter) === JSON.stringify(p.frontMatter);
    const summary = same ? last : { route: p.route, locale: p.locale, name: p.name, title: p.title, frontMatter: p.frontMatter };
    summaryByPage.set(p, { title: p.title, frontMatter: p.frontMatter, summary });
    return summary;
  };
  let lastSummaries: NextraPageSummary[] = [];
  return {
    name: NEXTRA_COMPAT,
    bundlerPlugins: [{ module: workerModuleUrl(import.meta.url, './bundler.js'), exportName: 'nextraBundler' }],
    contentLoaded({ pages, actions, context }) {
      // The summary is for a site moving from Nextra; any other site hears nothing from the layer.
      if (NEXTRA_FILES.some((name) => existsSync(join(context.root, name)))) {
        for (const line of migrationSummary({ root: context.root, cacheDir: context.cacheDir, pages })) actions.note(line);
      }
      // Only code the site bundles can reach the shim that reads the list (`getPagesUnderRoute`):
      // a page with imports, or a component of the config or of a plugin of the site's. Any other
      // site's render workers are not sent every page's summary (at 10 000 pages, two fifths of
      // the snapshot dev sends them before its first page).
      const bundlesCode =
        pages.some((page) => page.compiled.kind === 'module') ||
        Object.keys(context.config.components).length > 0 ||
        context.config.plugins.some((plugin) => Object.keys(plugin.mdxComponents ?? {}).length > 0);
      if (!bundlesCode) {
        lastSummaries = [];
        lastBySource = new Map();
        return;
      }
      const summaries: NextraPageSummary[] = pages.map(summaryOf);
      // The last list again when no page's summary changed (a body edit in dev): dev compares the
      // theme data after every edit, the same array at once. A summary belongs to one source
      // file, so the same list has the same summaries by file too.
      if (lastSummaries.length === summaries.length && summaries.every((s, i) => s === lastSummaries[i])) actions.setThemeData({ nextraPages: lastSummaries });
      else {
        actions.setThemeData({ nextraPages: (lastSummaries = summaries) });
        lastBySource = new Map(pages.map((page, i) => [page.sourcePath, summaries[i]!]));
      }
    },
    async postBuild({ outDir, site, context }) {
      const folder = staticCacheFolder(context.cacheDir);
      if (!existsSync(folder)) return;
      // The folder keeps every image any version of a page imported: the output gets those the
      // site's pages and components import now, as a clean build of the same sources would.
      const inUse = await staticFilesInUse(site, context);
      if (inUse === 'unknown') return void (await cp(folder, join(outDir, STATIC_FOLDER), { recursive: true }));
      // A bundle is searched as text: a page that shows such a path in its prose names no file.
      const present = new Set(await readdir(folder));
      const names = [...inUse].filter((name) => present.has(name));
      if (names.length) await mkdir(join(outDir, STATIC_FOLDER), { recursive: true });
      await Promise.all(names.map((name) => copyFile(join(folder, name), join(outDir, STATIC_FOLDER, name))));
    },
    async devRequest({ url, response, context }) {
      const prefix = `${context.config.basePath}/${STATIC_FOLDER}/`;
      if (!url.pathname.startsWith(prefix)) return false;
      const folder = staticCacheFolder(context.cacheDir);
      const file = await realPathInside(folder, join(folder, decodeURIComponent(url.pathname.slice(prefix.length))));
      if (!file) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return true;
      }
      response.writeHead(200, { 'content-type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
      response.end(await readFile(file));
      return true;
    },
  };
}

/**
 * The static folder's files the site imports now: those each page's bundle refers to, and those
 * of the bundled components (the config's, a Nextra theme's, a site plugin's), which every run
 * bundles again and so records afresh. `'unknown'` when a bundle or record cannot be read.
 */
async function staticFilesInUse(site: SiteData, context: PluginContext): Promise<Set<string> | 'unknown'> {
  const bundles = new Set<string>();
  for (const route of site.routes) {
    if (route.content.type === 'mdx' && route.content.compiled.kind === 'module') bundles.add(route.content.compiled.code);
  }
  const components = [
    ...Object.values(context.config.components).map((target) => resolve(context.root, target.split('#')[0]!)),
    ...context.config.plugins.flatMap((plugin) => Object.values(plugin.mdxComponents ?? {}).map(({ module }) => (module.startsWith('file:') ? fileURLToPath(module) : module))),
  ];
  try {
    const fromPages = await Promise.all([...bundles].map(async (file) => staticFilesIn(await readFile(file, 'utf8'))));
    const fromComponents = components.map((file) => {
      const record = usesRecordPath(context.cacheDir, relative(context.root, file));
      // Only a bundled component has a record (the config's are all bundled; a plugin's in plain JavaScript is not, and imports no image through the layer).
      return existsSync(record) ? ((JSON.parse(readFileSync(record, 'utf8')) as Partial<CompatUses>).staticFiles ?? 'unknown') : [];
    });
    if (fromComponents.includes('unknown')) return 'unknown';
    return new Set([...fromPages, ...fromComponents].flat());
  } catch {
    return 'unknown';
  }
}
