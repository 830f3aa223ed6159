import { mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFile } from 'node:fs/promises';
import { build, type Message, type Plugin as EsbuildPlugin } from 'esbuild';
import { DiagnosticError, type DiagnosticCode } from '../diagnostics/diagnostic.ts';
import { distUrl } from './dist-path.ts';

/**
 * `import { defineConfig } from 'docs-gen'` means this very copy of docs-gen, at run time; and
 * `docs-gen/theme` (hooks for MDX components) the very module the renderer provides them from.
 */
export const useThisDocsGen: EsbuildPlugin = {
  name: 'docs-gen-self',
  setup(b) {
    b.onResolve({ filter: /^docs-gen$/ }, () => ({ path: distUrl('src/index.js'), external: true }));
    b.onResolve({ filter: /^docs-gen\/theme$/ }, () => ({ path: distUrl('theme/route-data-context.js'), external: true }));
  },
};

/**
 * `import.meta.url` in a bundled file of the site stays that file's own URL (not the bundle's in
 * the cache folder), so `workerModuleUrl(import.meta.url, './task.js')` in a site's plugin
 * finds the task beside it.
 */
export const sourceImportMetaUrl: EsbuildPlugin = {
  name: 'docs-gen-source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const loader = /\.[cm]?tsx$/.test(args.path) ? 'tsx' : /\.[cm]?ts$/.test(args.path) ? 'ts' : /x$/.test(args.path) ? 'jsx' : 'js';
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader };
    });
  },
};

export interface ImportedModule {
  exports: Record<string, unknown>;
  /** Every local file the module pulled in (for dev's watcher). */
  dependencies: string[];
}

/**
 * Imports a `.ts`/`.js` file the user wrote (config, `_meta.ts`) without a compile step of
 * theirs: esbuild bundles it, and the result is imported from the site's cache folder, so
 * bare imports resolve from the site's own node_modules.
 */
export async function importModuleFile(file: string, options: { root: string; cacheDir: string; code: DiagnosticCode }): Promise<ImportedModule> {
  const relativeFile = relative(options.root, file);
  let text: string;
  let dependencies: string[];
  try {
    const result = await build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      metafile: true,
      logLevel: 'silent',
      plugins: [useThisDocsGen, sourceImportMetaUrl],
    });
    text = result.outputFiles[0]!.text;
    dependencies = Object.keys(result.metafile.inputs).map((input) => resolve(input));
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (!errors?.length) throw error;
    throw new DiagnosticError(
      errors.map((m) => ({
        severity: 'error' as const,
        code: options.code,
        message: m.text,
        file: m.location ? relative(options.root, resolve(m.location.file)) : relativeFile,
        line: m.location?.line,
        column: m.location ? m.location.column + 1 : undefined,
      })),
    );
  }
  mkdirSync(options.cacheDir, { recursive: true });
  const hash = createHash('sha1').update(file).update(text).digest('hex').slice(0, 12);
  const bundled = join(options.cacheDir, `module.${hash}.mjs`);
  writeFileSync(bundled, text);
  try {
    return { exports: (await import(pathToFileURL(bundled).href)) as Record<string, unknown>, dependencies };
  } catch (error) {
    throw new DiagnosticError([
      { severity: 'error', code: options.code, message: `${relativeFile} threw while loading: ${(error as Error).message}`, file: relativeFile },
    ]);
  }
}
