import { readFileSync, realpathSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import type { BuildOptions, Metafile, Plugin as EsbuildPlugin } from 'esbuild';
import { toolRoot } from '../util/tool-root.ts';
import { bundleInputFiles } from '../util/import-module.ts';
import { islandsVirtualModule } from './islands.ts';
import type { KeepsCopy } from '../util/symlink-policy.ts';

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

/** What one bundle of the client wrote into a folder, by file name. */
interface ClientBundle {
  /** Every file written (JS chunks and the stylesheet). */
  files: string[];
  /** The entry of `main.ts`. */
  entry: string;
  /** The entry and its static imports: what a page loads up front. */
  upFront: string[];
  stylesheet: string;
  /** Every source file the bundle was made from, absolute. */
  inputs: string[];
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
 * The lazy modules in the order of their paths from the tool's folder. esbuild's chunks (their
 * split, their bytes, their hashed names) follow the order of its entry points, and the plugin
 * below meets the modules in the order esbuild's threads finish resolving them: on a busy machine
 * the same sources got other chunk names, and the prebuilt bundle was not what a build made (CI).
 */
const lazyEntryPoints = (modules: Iterable<string>, workingDir: string): string[] =>
  [...modules].map((module) => [relative(workingDir, module).split('\\').join('/'), module] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, module]) => module);

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
async function dropBareRuntimeImports(metafile: Metafile, workingDir: string): Promise<void> {
  const outputs = Object.entries(metafile.outputs);
  const runtimeOnly = outputs.filter(([path, output]) => path.endsWith('.js') && !Object.keys(output.inputs).length && !output.imports.length).map(([path]) => basename(path));
  if (!runtimeOnly.length) return;
  for (const [path] of outputs) {
    if (!path.endsWith('.js')) continue;
    const code = await readFile(resolve(workingDir, path), 'utf8');
    const kept = runtimeOnly.reduce((text, name) => text.split(`import"./${name}";`).join(''), code);
    if (kept !== code) await writeFile(resolve(workingDir, path), kept);
  }
}


/** What the lazy modules' code-split build wrote. */
interface LazyChunks {
  /** Every file written into the folder, in name order. */
  files: string[];
  /** The file name of a module's own chunk (the module by its absolute path). */
  chunkOf: (module: string) => string | undefined;
  /** Every source file read, absolute. */
  inputs: string[];
}

/**
 * The lazy modules (search, the modal, islands…) code-split among themselves into
 * `chunk-[hash].js` files in `dir`. The files are the same bytes in whatever order the modules
 * come.
 */
export async function bundleLazyModules(dir: string, modules: Iterable<string>, islands: Record<string, string>, root: string): Promise<LazyChunks> {
  const { build: esbuild } = await import('esbuild');
  const workingDir = toolRoot();
  const chunks = await esbuild({
    ...BUNDLE_OPTIONS,
    absWorkingDir: workingDir,
    entryPoints: lazyEntryPoints(modules, workingDir),
    splitting: true,
    outdir: dir,
    entryNames: 'chunk-[hash]',
    chunkNames: 'chunk-[hash]',
    metafile: true,
    write: true,
    plugins: [islandsVirtualModule(islands, root)],
  });
  await dropBareRuntimeImports(chunks.metafile, workingDir);
  // The metafile names entry points relative to the working folder, by their real path (which may differ under a symlink).
  const outputOf = new Map<string, string>();
  for (const [output, { entryPoint }] of Object.entries(chunks.metafile.outputs)) if (entryPoint !== undefined) outputOf.set(resolve(workingDir, entryPoint), basename(output));
  return {
    // Sorted: esbuild lists its outputs in the order its threads finish them, and the list is in
    // the prebuilt manifest, which the tool's build id hashes (a rebuilt dist/ of the same sources
    // had another id, and every site's cache started afresh), and in every page's render key.
    files: Object.keys(chunks.metafile.outputs).map((path) => relative(dir, resolve(workingDir, path))).sort(),
    chunkOf: (module) => outputOf.get(module) ?? outputOf.get(realpathSync(module)),
    inputs: bundleInputFiles(chunks.metafile, workingDir),
  };
}

/**
 * Bundles the theme's client and the stylesheet into `dir`, with content hashes in the names.
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
async function bundleClient(dir: string, islands: Record<string, string>, root: string): Promise<ClientBundle> {
  const { build: esbuild, transform } = await import('esbuild');
  const themeDir = join(toolRoot(), 'theme');
  await mkdir(dir, { recursive: true });
  const mainModule = join(themeDir, 'client', 'main.ts');

  const lazy = new Map<string, string>();
  // The tool's folder, not the current one: esbuild's chunk hashes follow the paths of their
  // modules relative to its working folder, and with the current folder a site with islands got
  // other chunk names, and so other pages, from another folder (found by a differential fuzzer).
  // The tool's, not the site's, so that a site without islands gets from esbuild the very files
  // of the prebuilt bundle. Nor esbuild's first folder for good (current-folder.ts). The
  // metafile's paths are relative to it.
  const workingDir = toolRoot();
  const entry = await esbuild({ ...BUNDLE_OPTIONS, absWorkingDir: workingDir, entryPoints: [mainModule], write: false, metafile: true, outdir: dir, plugins: [externalizeLazyModules(lazy)] });
  let code = entry.outputFiles[0]!.text;
  const inputs = bundleInputFiles(entry.metafile, workingDir);
  const chunkFiles: string[] = [];
  if (lazy.size) {
    const chunks = await bundleLazyModules(dir, lazy.keys(), islands, root);
    inputs.push(...chunks.inputs);
    chunkFiles.push(...chunks.files);
    for (const [module, placeholder] of lazy) {
      const output = chunks.chunkOf(module);
      if (!output) throw new Error(`client bundle: no chunk for ${module}`);
      const quoted = JSON.stringify(placeholder);
      if (!code.includes(quoted)) throw new Error(`client bundle: the entry does not import ${placeholder} as a string`);
      code = code.split(quoted).join(JSON.stringify(`./${output}`));
    }
  }
  const entryName = `client-${createHash('sha256').update(code).digest('hex').slice(0, 8).toUpperCase()}.js`;
  await writeFile(join(dir, entryName), code);

  // One stylesheet: the theme's, then the styles of the Nextra components' stand-ins (a few hundred bytes).
  const sheetFiles = STYLESHEETS.map((sheet) => join(themeDir, 'styles', sheet));
  const sheets = await Promise.all(sheetFiles.map((file) => readFile(file, 'utf8')));
  const css = await transform(sheets.join('\n'), { loader: 'css', minify: true });
  const stylesheet = `style-${createHash('sha256').update(css.code).digest('hex').slice(0, 8)}.css`;
  await writeFile(join(dir, stylesheet), css.code);
  return {
    files: [entryName, ...chunkFiles, stylesheet],
    entry: entryName,
    // The entry imports nothing statically: it is all a page loads up front.
    upFront: [entryName],
    stylesheet,
    inputs: [...new Set([...inputs, ...sheetFiles])],
  };
}

/** Where `npm run build:tool` leaves the client bundle of a site without islands. */
const prebuiltDir = () => join(toolRoot(), 'dist', 'client');

/** The prebuilt bundle and what it was made from: each input's content hash and esbuild's version. */
export interface PrebuiltClient extends Omit<ClientBundle, 'inputs'> {
  esbuild: string;
  /** What the summary reports: the gzipped bytes of the up-front JavaScript and of the stylesheet (a build then loads no zlib). */
  gzipBytes?: GzipBytes;
  /** Path relative to the tool's folder → sha256 of its content. */
  inputs: Record<string, string>;
}

const esbuildVersion = () => (createRequire(import.meta.url)('esbuild/package.json') as { version: string }).version;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Bundles the client of a site without islands into `dist/client/` (run by `npm run build:tool`):
 * a build then copies it instead of running esbuild over the theme (a third of a CPU second).
 */
export async function prebuildClient(): Promise<void> {
  const dir = prebuiltDir();
  const bundle = await bundleClient(dir, {}, toolRoot());
  const inputs: Record<string, string> = {};
  for (const input of bundle.inputs.sort()) inputs[relative(toolRoot(), input)] = sha256(await readFile(input));
  const manifest: PrebuiltClient = { ...bundle, esbuild: esbuildVersion(), inputs, gzipBytes: await gzipBytesOf(dir, bundle) };
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // The chunks of earlier bundles go (their names are hashes: nothing else refers to them).
  // inline-scripts.json is the inline scripts' (`prebuildInlineScripts`).
  const kept = new Set([...bundle.files, 'manifest.json', 'inline-scripts.json']);
  for (const name of await readdir(dir)) if (!kept.has(name)) await rm(join(dir, name), { force: true });
}

/** The file's bytes, or undefined when it cannot be read. */
function readIfThere(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** The prebuilt bundle when it is the one this build would make (same sources, same esbuild), else undefined. */
async function currentPrebuiltClient(dir: string): Promise<PrebuiltClient | undefined> {
  const manifest = await readFile(join(dir, 'manifest.json'), 'utf8').then((text) => JSON.parse(text) as PrebuiltClient, () => undefined);
  if (!manifest || manifest.esbuild !== esbuildVersion()) return undefined;
  // Read synchronously: two hundred small files, each a wait on the file-system threads when
  // read in turn asynchronously, were 40 ms of every build's wall time.
  for (const [input, hash] of Object.entries(manifest.inputs)) {
    const path = isAbsolute(input) ? input : join(toolRoot(), input);
    const bytes = readIfThere(path);
    if (!bytes || sha256(bytes) !== hash) return undefined;
  }
  return manifest;
}

/**
 * The prebuilt bundle a site with `islands` can take (none with islands: those are bundled with
 * the theme), when it is current (`currentPrebuiltClient`). It reads the two hundred files the
 * bundle was made from: a build asks while its pages compile, when this thread has little to do,
 * rather than between the last compile and the first render, when the workers wait for it.
 */
export async function usablePrebuiltClient(islands: Record<string, string>, dir = prebuiltDir()): Promise<PrebuiltClient | undefined> {
  return Object.keys(islands).length === 0 ? currentPrebuiltClient(dir) : undefined;
}

/**
 * The theme's client bundle and stylesheet in `<outDir>/_docs-gen/`: copied from the prebuilt
 * one when the site has no islands and the theme's sources are those it was made from, else
 * bundled by esbuild.
 */
export async function buildClientAssets(
  outDir: string,
  options: {
    basePath: string;
    root: string;
    islands: Record<string, string>;
    /** Tests point it elsewhere. @default dist/client */ prebuiltDir?: string;
    /** `usablePrebuiltClient` of these islands and `prebuiltDir`, asked already. */ prebuilt?: Promise<PrebuiltClient | undefined>;
    /** Asked before each prebuilt file is copied: true leaves it uncopied (`copyFolderWithoutLinksOut`'s `keeps`). */ keepsCopy?: KeepsCopy;
  },
): Promise<ClientAssets> {
  const { basePath } = options;
  const assetDir = join(outDir, ASSET_DIR);
  const fromDir = options.prebuiltDir ?? prebuiltDir();
  const prebuilt = await (options.prebuilt ?? usablePrebuiltClient(options.islands, fromDir));
  let bundle: Omit<ClientBundle, 'inputs'>;
  if (prebuilt) {
    await mkdir(assetDir, { recursive: true });
    await Promise.all(prebuilt.files.map((file) => (options.keepsCopy?.(join(ASSET_DIR, file), join(fromDir, file)) ? undefined : copyFile(join(fromDir, file), join(assetDir, file)))));
    bundle = prebuilt;
  } else bundle = await bundleClient(assetDir, options.islands, options.root);
  const recorded = prebuilt?.gzipBytes;
  // Measured on the prebuilt files, when copied: a file kept in the output is not in `assetDir`.
  const { js, css } = recorded && Number.isInteger(recorded.js) && Number.isInteger(recorded.css) ? recorded : await gzipBytesOf(prebuilt ? fromDir : assetDir, bundle);
  return {
    scripts: [`${basePath}/${ASSET_DIR}/${bundle.entry.split('\\').join('/')}`],
    styles: [`${basePath}/${ASSET_DIR}/${bundle.stylesheet}`],
    jsGzipBytes: js,
    cssGzipBytes: css,
  };
}

interface GzipBytes {
  js: number;
  css: number;
}

/** The gzipped bytes of what a page loads up front from the bundle in `dir`. */
async function gzipBytesOf(dir: string, bundle: Pick<ClientBundle, 'upFront' | 'stylesheet'>): Promise<GzipBytes> {
  const { gzipSync } = await import('node:zlib');
  let js = 0;
  for (const file of bundle.upFront) js += gzipSync(await readFile(join(dir, file))).length;
  return { js, css: gzipSync(await readFile(join(dir, bundle.stylesheet))).length };
}
