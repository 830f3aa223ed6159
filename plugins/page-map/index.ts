import type { Dirent } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { DiagnosticError, withLocaleFallbacks, withSections, type Diagnostic, type Plugin } from 'docs-gen';
import { buildPageMap } from './build-page-map.ts';
import { metaFileNames, readMeta, type ReadMeta } from './read-meta.ts';
import { loadMetaVerdicts } from './meta-verdicts.ts';

export const PAGE_MAP = 'docs-gen:page-map';

interface LoadedMeta {
  /** locale → folder route → meta */
  byLocale: Map<string, Map<string, ReadMeta>>;
  /** `_meta` files that are never read (reported in `contentLoaded`: `loadContent` has no `report`). */
  warnings: Diagnostic[];
}

/**
 * The content folder's folders as routes (`/` first; none under a `.` or `_` folder), and the
 * names of the `_meta.*` entries in each, from the run's one listing of the folder
 * (`context.listContent`), not one more listing per folder.
 */
function contentFolders(contentDir: string, entries: readonly Dirent[]): { folders: string[]; metaNames: Map<string, string[]> } {
  const base = resolve(contentDir);
  const routeOf = (path: string) => (path === base ? '/' : `/${path.slice(base.length + 1).split('\\').join('/')}`);
  const folders = ['/'];
  const metaNames = new Map<string, string[]>();
  for (const entry of entries) {
    if (entry.name.startsWith('_meta.')) {
      const folder = routeOf(entry.parentPath);
      metaNames.set(folder, [...(metaNames.get(folder) ?? []), entry.name]);
    }
    if (!entry.isDirectory()) continue;
    const route = routeOf(join(entry.parentPath, entry.name));
    if (!route.split('/').some((segment) => segment.startsWith('.') || segment.startsWith('_'))) folders.push(route);
  }
  return { folders, metaNames };
}

const META_FILE = /^_meta(?:\.([^.]+))?\.(?:json|ts|js)$/;

/**
 * `_meta` files that are never read, each a warning at the file: one for a locale the config
 * does not list, and one beside another of the same locale that takes precedence (a broken
 * `_meta.js` beside `_meta.json` would otherwise go unnoticed).
 */
export function ignoredMetaFiles(options: { names: string[]; folderPath: string; locales: string[] }): Diagnostic[] {
  const { names, folderPath, locales } = options;
  const diagnostics: Diagnostic[] = [];
  const at = (name: string) => (folderPath ? `${folderPath}/${name}` : name);
  for (const name of names.filter((n) => META_FILE.test(n)).sort()) {
    const locale = META_FILE.exec(name)![1];
    if (locale !== undefined && !locales.includes(locale)) {
      diagnostics.push({
        severity: 'warning',
        code: 'meta-ignored',
        message: `${name} is for the locale ${locale}, which the config does not list, and is ignored`,
        file: at(name),
        line: 1,
        column: 1,
        hint: `add { locale: '${locale}' } to \`locales\` in the config, or rename the file`,
      });
      continue;
    }
    // The same precedence as reading: the locale's own files, or the shared ones.
    const order = locale === undefined ? metaFileNames('').slice(3) : metaFileNames(locale).slice(0, 3);
    const used = order.find((candidate) => names.includes(candidate));
    if (used && used !== name) {
      diagnostics.push({ severity: 'warning', code: 'meta-ignored', message: `${name} is ignored: ${used} beside it is used (one _meta file per folder and locale)`, file: at(name), line: 1, column: 1 });
    }
  }
  return diagnostics;
}

/**
 * Nextra 3's `children: {…}` on a folder's entry: that folder's entries, as if from a `_meta`
 * inside it (which, when there is one, wins). Nested `children` go deeper the same way.
 */
export function expandChildren(metas: Map<string, ReadMeta>): void {
  const queue = [...metas.entries()];
  while (queue.length) {
    const [folder, read] = queue.shift()!;
    for (const [name, entry] of Object.entries(read.meta)) {
      if (typeof entry !== 'object' || !entry.children) continue;
      const child = folder === '/' ? `/${name}` : `${folder}/${name}`;
      if (metas.has(child)) continue;
      const expanded: ReadMeta = { meta: entry.children, sourcePath: read.sourcePath, keyPositions: {} };
      metas.set(child, expanded);
      queue.push([child, expanded]);
    }
  }
}

/**
 * The page map: `_meta.json|js|ts` files (per locale, falling back to the shared one) and
 * the content loader's pages become each locale's navigation tree.
 */
export default function pageMap(): Plugin<LoadedMeta> {
  return {
    name: PAGE_MAP,
    // The page map reads each page's route, locale, title and front matter, never its body:
    // dev keeps the navigation of the last run after a body edit.
    contentLoadedReads: 'outline',
    async loadContent({ context }) {
      const byLocale = new Map<string, Map<string, ReadMeta>>();
      const diagnostics: Diagnostic[] = [];
      const { folders, metaNames } = contentFolders(context.contentDir, context.listContent());
      const cacheDir = join(context.cacheDir, 'meta');
      const verdicts = context.persistentCache ? await loadMetaVerdicts(context.cacheDir) : undefined;
      const locales = context.config.locales.map((l) => l.locale);
      const warnings = await Promise.all(
        folders.map(async (folder) => {
          const dir = join(context.contentDir, folder);
          const names = metaNames.get(folder) ?? [];
          return ignoredMetaFiles({ names, folderPath: relative(context.root, dir).split('\\').join('/'), locales });
        }),
      );
      await Promise.all(
        context.config.locales.map(async ({ locale }) => {
          const metas = new Map<string, ReadMeta>();
          byLocale.set(locale, metas);
          await Promise.all(
            folders.map(async (folder) => {
              const dir = join(context.contentDir, folder);
              const name = metaFileNames(locale).find((n) => metaNames.get(folder)?.includes(n));
              if (!name) return;
              const file = join(dir, name);
              try {
                metas.set(folder, await readMeta(file, { root: context.root, cacheDir, sourcePath: relative(context.root, file), timeoutMs: context.config.evaluationTimeoutMs, verdicts }));
              } catch (error) {
                const list = (error as { diagnostics?: Diagnostic[] }).diagnostics;
                if (!list) throw error;
                diagnostics.push(...list);
              }
            }),
          );
        }),
      );
      if (diagnostics.length) throw new DiagnosticError(diagnostics);
      await verdicts?.save();
      for (const metas of byLocale.values()) expandChildren(metas);
      return { byLocale, warnings: warnings.flat() };
    },
    contentLoaded({ content, pages, actions, context }) {
      for (const warning of content.warnings) actions.report(warning);
      for (const { locale } of context.config.locales) {
        const result = buildPageMap({
          locale,
          // Pages this locale has not translated are listed too: the build writes them with the default locale's content.
          pages: withLocaleFallbacks(pages, { locale, defaultLocale: context.config.defaultLocale, copy: withSections }),
          metaByFolder: content.byLocale.get(locale) ?? new Map(),
        });
        for (const diagnostic of result.diagnostics) actions.report(diagnostic);
        const metas = content.byLocale.get(locale) ?? new Map<string, ReadMeta>();
        const sourceByFolder = Object.fromEntries([...metas].map(([folder, meta]) => [folder, meta.sourcePath.split('\\').join('/')]));
        actions.setNavigation({ locale, pageMap: result.pageMap, themeByRoute: result.themeByRoute, sourceByFolder });
      }
    },
  };
}
