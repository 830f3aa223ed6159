import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { join, relative, resolve } from 'node:path';
import { build as esbuild, transform } from 'esbuild';
import { toolRoot } from '../util/tool-root.ts';
import { islandsVirtualModule } from './islands.ts';

export const ASSET_DIR = '_docs-gen';

/** The theme's stylesheets, concatenated in this order into the one CSS file every page loads. */
export const STYLESHEETS = ['main.css', 'nextra-components.css'];

export interface ClientAssets {
  /** URLs (with base path) every page loads. */
  scripts: string[];
  styles: string[];
  /** Gzipped bytes a typical page loads up front (lazy chunks excluded). */
  jsGzipBytes: number;
  cssGzipBytes: number;
}

/**
 * Bundles the theme's client (esbuild, minified, code-split so rarely needed parts such as
 * search load on demand) and the stylesheet, with content hashes in the names.
 */
export async function buildClientAssets(outDir: string, options: { basePath: string; root: string; islands: Record<string, string> }): Promise<ClientAssets> {
  const { basePath } = options;
  const themeDir = join(toolRoot(), 'theme');
  const assetDir = join(outDir, ASSET_DIR);
  await mkdir(assetDir, { recursive: true });
  const result = await esbuild({
    entryPoints: { client: join(themeDir, 'client', 'main.ts') },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    outdir: assetDir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    metafile: true,
    write: true,
    logLevel: 'silent',
    legalComments: 'none',
    jsx: 'automatic',
    // React (for islands) in its production build.
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [islandsVirtualModule(options.islands, options.root)],
  });
  const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint);
  if (!entry) throw new Error('client bundle has no entry output');
  const [entryPath, entryOutput] = entry;
  // Static imports of the entry load with it; dynamic ones only when used.
  const upFront = [entryPath, ...entryOutput.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path)];
  let jsGzipBytes = 0;
  for (const path of upFront) jsGzipBytes += gzipSync(await readFile(path)).length;

  // One stylesheet: the theme's, then the styles of the Nextra components' stand-ins (a few hundred bytes).
  const sheets = await Promise.all(STYLESHEETS.map((name) => readFile(join(themeDir, 'styles', name), 'utf8')));
  const css = await transform(sheets.join('\n'), { loader: 'css', minify: true });
  const cssName = `style-${createHash('sha256').update(css.code).digest('hex').slice(0, 8)}.css`;
  await writeFile(join(assetDir, cssName), css.code);
  const url = (file: string) => `${basePath}/${relative(outDir, file).split('\\').join('/')}`;
  return {
    scripts: [url(resolve(entryPath))],
    styles: [`${basePath}/${ASSET_DIR}/${cssName}`],
    jsGzipBytes,
    cssGzipBytes: gzipSync(css.code).length,
  };
}
