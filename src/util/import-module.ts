import { mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Message } from 'esbuild';
import { DiagnosticError } from '../diagnostics/diagnostic.ts';
import { distUrl } from './dist-path.ts';

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
export async function importModuleFile(file: string, options: { root: string; cacheDir: string; code: string }): Promise<ImportedModule> {
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
      plugins: [
        {
          // `import { defineConfig } from 'docs-gen'` means this very copy of docs-gen, at run time.
          name: 'docs-gen-self',
          setup(b) {
            b.onResolve({ filter: /^docs-gen$/ }, () => ({ path: distUrl('src/index.js'), external: true }));
          },
        },
      ],
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
