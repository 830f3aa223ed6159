import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { DiagnosticError, type Diagnostic, type Plugin } from 'docs-gen';
import { buildPageMap } from './build-page-map.ts';
import { metaFileNames, readMeta, type ReadMeta } from './read-meta.ts';

export const PAGE_MAP = 'docs-gen:page-map';

interface LoadedMeta {
  /** locale → folder route → meta */
  byLocale: Map<string, Map<string, ReadMeta>>;
}

async function folderRoutes(contentDir: string): Promise<string[]> {
  const entries = await readdir(contentDir, { recursive: true, withFileTypes: true });
  const folders = entries
    .filter((e) => e.isDirectory())
    .map((e) => relative(contentDir, join(e.parentPath, e.name)).split('\\').join('/'))
    .filter((p) => !p.split('/').some((s) => s.startsWith('.') || s.startsWith('_')));
  return ['/', ...folders.map((f) => `/${f}`)];
}

/**
 * The page map: `_meta.json|js|ts` files (per locale, falling back to the shared one) and
 * the content loader's pages become each locale's navigation tree.
 */
export default function pageMap(): Plugin<LoadedMeta> {
  return {
    name: PAGE_MAP,
    async loadContent({ context }) {
      const byLocale = new Map<string, Map<string, ReadMeta>>();
      const diagnostics: Diagnostic[] = [];
      const folders = await folderRoutes(context.contentDir);
      const cacheDir = join(context.cacheDir, 'meta');
      await Promise.all(
        context.config.locales.map(async ({ locale }) => {
          const metas = new Map<string, ReadMeta>();
          byLocale.set(locale, metas);
          await Promise.all(
            folders.map(async (folder) => {
              const dir = join(context.contentDir, folder);
              const name = metaFileNames(locale).find((n) => existsSync(join(dir, n)));
              if (!name) return;
              const file = join(dir, name);
              try {
                metas.set(folder, await readMeta(file, { root: context.root, cacheDir, sourcePath: relative(context.root, file) }));
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
      return { byLocale };
    },
    contentLoaded({ content, pages, actions, context }) {
      for (const { locale } of context.config.locales) {
        const result = buildPageMap({
          locale,
          pages: pages.filter((p) => p.locale === locale),
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
