import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { currentFolder } from '../util/current-folder.ts';
import type { Plugin as EsbuildPlugin } from 'esbuild';
import { DiagnosticError, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { writeAtomically } from '../util/write-atomically.ts';

/** Absolute module paths of the configured islands, checked to exist. */
export function resolveIslands(root: string, islands: Record<string, string>): Record<string, string> {
  const diagnostics: Diagnostic[] = [];
  const resolved: Record<string, string> = {};
  for (const [name, path] of Object.entries(islands)) {
    const file = resolve(root, path);
    if (!existsSync(file)) {
      diagnostics.push({ severity: 'error', code: 'island-missing', message: `Island ${name}: ${path} does not exist`, keyPath: `islands.${name}`, file: 'docs-gen.config.ts' });
    }
    resolved[name] = file;
  }
  if (diagnostics.length) throw new DiagnosticError(diagnostics);
  return resolved;
}

/**
 * The server side: one ES module re-exporting every island, for the render workers.
 * React stays external so the page and the renderer share one React.
 */
export async function buildServerIslands(islands: Record<string, string>, cacheDir: string): Promise<string | undefined> {
  const names = Object.keys(islands);
  if (!names.length) return undefined;
  const contents = names.map((name) => `export { default as ${name} } from ${JSON.stringify(islands[name])};`).join('\n');
  const outfile = join(cacheDir, 'islands', `server-${createHash('sha1').update(contents).digest('hex').slice(0, 12)}.mjs`);
  const { build: esbuild } = await import('esbuild');
  const { outputFiles } = await esbuild({
    // Written below through a temporary name: every render worker imports this file, and two
    // builds of one site write the same name (it is named by the islands, not their sources).
    write: false,
    stdin: { contents, resolveDir: cacheDir, loader: 'js' },
    // Not esbuild's first folder for good (current-folder.ts).
    absWorkingDir: currentFolder(),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    outfile,
    logLevel: 'silent',
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/server'],
  });
  await mkdir(dirname(outfile), { recursive: true });
  await Promise.all(outputFiles.map((output) => writeAtomically(output.path, output.contents)));
  return outfile;
}

/**
 * The browser side: `docs-gen:islands` is a virtual module mapping each island name to a
 * dynamic import, so each island is its own chunk, loaded only where it is used.
 */
export function islandsVirtualModule(islands: Record<string, string>, root: string): EsbuildPlugin {
  return {
    name: 'docs-gen-islands',
    setup(b) {
      b.onResolve({ filter: /^docs-gen:islands$/ }, () => ({ path: 'islands', namespace: 'docs-gen' }));
      b.onLoad({ filter: /.*/, namespace: 'docs-gen' }, () => ({
        contents: `export const islands = {${Object.entries(islands)
          .map(([name, file]) => `${JSON.stringify(name)}: () => import(${JSON.stringify(file)})`)
          .join(',')}};`,
        loader: 'js',
        resolveDir: root,
        watchFiles: Object.values(islands).map((f) => relative(root, f)),
      }));
    },
  };
}
