import { realpathSync } from 'node:fs';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { basename, join, relative, resolve } from 'node:path';
import { build as esbuild, transform, type BuildOptions, type Metafile, type Plugin as EsbuildPlugin } from 'esbuild';
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

const BUNDLE_OPTIONS = {
  bundle: true,
  format: 'esm',
  minify: true,
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  logLevel: 'silent',
  legalComments: 'none',
  jsx: 'automatic',
  // React (for islands) in its production build.
  define: { 'process.env.NODE_ENV': '"production"' },
} satisfies BuildOptions;

/** What the entry's dynamic imports are while it is bundled: placeholders, replaced by the chunks' names once those exist. */
const lazyPlaceholder = (n: number) => `./docs-gen-lazy-${n}.js`;

/**
 * Makes each dynamic `import('./x.ts')` of the entry an external placeholder and records the
 * module it names (absolute path → placeholder). Imports with a computed URL (mermaid's) are left alone.
 */
function externalizeLazyModules(lazy: Map<string, string>): EsbuildPlugin {
  const resolving = Symbol('docs-gen-lazy');
  return {
    name: 'docs-gen-lazy-modules',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === resolving) return undefined;
        const resolved = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: resolving });
        if (resolved.errors.length || resolved.external) return undefined;
        if (!lazy.has(resolved.path)) lazy.set(resolved.path, lazyPlaceholder(lazy.size));
        return { path: lazy.get(resolved.path)!, external: true };
      });
    },
  };
}

/**
 * esbuild makes every entry of a code-split build import its runtime helpers' chunk for side
 * effects (`import"./chunk-X.js";`) once any chunk uses a helper (CommonJS interop for React, class
 * fields for the modal), so the TOC spy, loaded when a page is idle, brought 0.45 KB of helpers it
 * never calls. That chunk holds only declarations (no module of ours: no inputs, no imports), so
 * importing it only for its effects does nothing: those imports are dropped.
 */
async function dropBareRuntimeImports(metafile: Metafile): Promise<void> {
  const outputs = Object.entries(metafile.outputs);
  const runtimeOnly = outputs.filter(([path, output]) => path.endsWith('.js') && !Object.keys(output.inputs).length && !output.imports.length).map(([path]) => basename(path));
  if (!runtimeOnly.length) return;
  for (const [path] of outputs) {
    if (!path.endsWith('.js')) continue;
    const code = await readFile(resolve(path), 'utf8');
    const kept = runtimeOnly.reduce((text, name) => text.split(`import"./${name}";`).join(''), code);
    if (kept !== code) await writeFile(resolve(path), kept);
  }
}

/**
 * Bundles the theme's client and the stylesheet, with content hashes in the names.
 *
 * Two esbuild passes, so that a page's first script is one file holding only what every page
 * runs at once: the entry (main.ts, no code splitting), whose dynamic imports name the lazy
 * modules (search, the modal, the sidebar's whole tree, islands, outputs, mermaid…), and those
 * lazy modules, code-split among themselves. In one code-split pass esbuild makes the entry
 * import every chunk holding code it shares with a lazy module, and its runtime helpers' chunk
 * whenever a lazy chunk uses them (CommonJS interop for React): more requests and about 0.7 KB
 * gzipped that no plain page runs. A module both the entry and a lazy module import is bundled
 * into each: fine for a few stateless lines (`sidebar-geometry.ts`) or a read-once parse of the
 * page's own strings (`page-strings.ts`, which the modal reads), wrong for state that changes,
 * which lazy modules get from the entry as arguments.
 */
export async function buildClientAssets(outDir: string, options: { basePath: string; root: string; islands: Record<string, string> }): Promise<ClientAssets> {
  const { basePath } = options;
  const themeDir = join(toolRoot(), 'theme');
  const assetDir = join(outDir, ASSET_DIR);
  await mkdir(assetDir, { recursive: true });
  const mainModule = join(themeDir, 'client', 'main.ts');

  const lazy = new Map<string, string>();
  const entry = await esbuild({ ...BUNDLE_OPTIONS, entryPoints: [mainModule], write: false, outdir: assetDir, plugins: [externalizeLazyModules(lazy)] });
  let code = entry.outputFiles[0]!.text;

  if (lazy.size) {
    const chunks = await esbuild({
      ...BUNDLE_OPTIONS,
      entryPoints: [...lazy.keys()],
      splitting: true,
      outdir: assetDir,
      entryNames: 'chunk-[hash]',
      chunkNames: 'chunk-[hash]',
      metafile: true,
      write: true,
      plugins: [islandsVirtualModule(options.islands, options.root)],
    });
    await dropBareRuntimeImports(chunks.metafile);
    // The metafile names entry points relative to the working folder, by their real path (which may differ under a symlink).
    const outputOf = new Map<string, string>();
    for (const [output, { entryPoint }] of Object.entries(chunks.metafile.outputs)) if (entryPoint !== undefined) outputOf.set(resolve(entryPoint), resolve(output));
    for (const [module, placeholder] of lazy) {
      const output = outputOf.get(module) ?? outputOf.get(realpathSync(module));
      if (!output) throw new Error(`client bundle: no chunk for ${module}`);
      const quoted = JSON.stringify(placeholder);
      if (!code.includes(quoted)) throw new Error(`client bundle: the entry does not import ${placeholder} as a string`);
      code = code.split(quoted).join(JSON.stringify(`./${basename(output)}`));
    }
  }
  const entryName = `client-${createHash('sha256').update(code).digest('hex').slice(0, 8).toUpperCase()}.js`;
  await writeFile(join(assetDir, entryName), code);
  // The entry imports nothing statically: it is all a page loads up front.
  const jsGzipBytes = gzipSync(code).length;

  // One stylesheet: the theme's, then the styles of the Nextra components' stand-ins (a few hundred bytes).
  const sheets = await Promise.all(STYLESHEETS.map((name) => readFile(join(themeDir, 'styles', name), 'utf8')));
  const css = await transform(sheets.join('\n'), { loader: 'css', minify: true });
  const cssName = `style-${createHash('sha256').update(css.code).digest('hex').slice(0, 8)}.css`;
  await writeFile(join(assetDir, cssName), css.code);
  const url = (file: string) => `${basePath}/${relative(outDir, file).split('\\').join('/')}`;
  return {
    scripts: [url(join(assetDir, entryName))],
    styles: [`${basePath}/${ASSET_DIR}/${cssName}`],
    jsGzipBytes,
    cssGzipBytes: gzipSync(css.code).length,
  };
}
