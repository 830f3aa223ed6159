import { realpathSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { isAbsolute, join, relative, resolve } from 'node:path';
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

/**
 * Bundles the theme's client (esbuild, minified, code-split so rarely needed parts such as
 * search load on demand) and the stylesheet into `dir`, with content hashes in the names.
 */
async function bundleClient(dir: string, islands: Record<string, string>, root: string): Promise<ClientBundle> {
  const { build: esbuild, transform } = await import('esbuild');
  const themeDir = join(toolRoot(), 'theme');
  await mkdir(dir, { recursive: true });
  const mainModule = join(themeDir, 'client', 'main.ts');
  const result = await esbuild({
    entryPoints: { client: mainModule },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    outdir: dir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    metafile: true,
    write: true,
    logLevel: 'silent',
    legalComments: 'none',
    jsx: 'automatic',
    // React (for islands) in its production build.
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [islandsVirtualModule(islands, root)],
  });
  // Chunks of dynamic imports carry an `entryPoint` in the metafile too: the entry is the one of main.ts.
  // esbuild names it by its real path (relative to the working folder), which may differ from ours under a symlink.
  const mainPaths = new Set([mainModule, realpathSync(mainModule)]);
  const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint !== undefined && mainPaths.has(resolve(output.entryPoint)));
  if (!entry) throw new Error('client bundle has no entry output');
  const [entryPath, entryOutput] = entry;
  const name = (path: string) => relative(dir, resolve(path));
  // One stylesheet: the theme's, then the styles of the Nextra components' stand-ins (a few hundred bytes).
  const sheetFiles = STYLESHEETS.map((sheet) => join(themeDir, 'styles', sheet));
  const sheets = await Promise.all(sheetFiles.map((file) => readFile(file, 'utf8')));
  const css = await transform(sheets.join('\n'), { loader: 'css', minify: true });
  const stylesheet = `style-${createHash('sha256').update(css.code).digest('hex').slice(0, 8)}.css`;
  await writeFile(join(dir, stylesheet), css.code);
  return {
    files: [...Object.keys(result.metafile.outputs).map(name), stylesheet],
    entry: name(entryPath),
    // Static imports of the entry load with it; dynamic ones only when used.
    upFront: [entryPath, ...entryOutput.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path)].map(name),
    stylesheet,
    // Namespaced inputs are no files: the islands' virtual module (`docs-gen:islands`), a package's `(disabled):` stand-ins.
    inputs: [...Object.keys(result.metafile.inputs).filter((input) => !/^[^/]*:/.test(input)).map((input) => resolve(input)), ...sheetFiles],
  };
}

/** Where `npm run build:tool` leaves the client bundle of a site without islands. */
const prebuiltDir = () => join(toolRoot(), 'dist', 'client');

/** The prebuilt bundle and what it was made from: each input's content hash and esbuild's version. */
interface PrebuiltClient extends Omit<ClientBundle, 'inputs'> {
  esbuild: string;
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
  const manifest: PrebuiltClient = { ...bundle, esbuild: esbuildVersion(), inputs };
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // The chunks of earlier bundles go (their names are hashes: nothing else refers to them).
  const kept = new Set([...bundle.files, 'manifest.json']);
  for (const name of await readdir(dir)) if (!kept.has(name)) await rm(join(dir, name), { force: true });
}

/** The prebuilt bundle when it is the one this build would make (same sources, same esbuild), else undefined. */
async function currentPrebuiltClient(dir: string): Promise<PrebuiltClient | undefined> {
  const manifest = await readFile(join(dir, 'manifest.json'), 'utf8').then((text) => JSON.parse(text) as PrebuiltClient, () => undefined);
  if (!manifest || manifest.esbuild !== esbuildVersion()) return undefined;
  for (const [input, hash] of Object.entries(manifest.inputs)) {
    const path = isAbsolute(input) ? input : join(toolRoot(), input);
    const bytes = await readFile(path).catch(() => undefined);
    if (!bytes || sha256(bytes) !== hash) return undefined;
  }
  return manifest;
}

/**
 * The theme's client bundle and stylesheet in `<outDir>/_docs-gen/`: copied from the prebuilt
 * one when the site has no islands and the theme's sources are those it was made from, else
 * bundled by esbuild.
 */
export async function buildClientAssets(
  outDir: string,
  options: { basePath: string; root: string; islands: Record<string, string>; /** Tests point it elsewhere. @default dist/client */ prebuiltDir?: string },
): Promise<ClientAssets> {
  const { basePath } = options;
  const assetDir = join(outDir, ASSET_DIR);
  const fromDir = options.prebuiltDir ?? prebuiltDir();
  const prebuilt = Object.keys(options.islands).length === 0 ? await currentPrebuiltClient(fromDir) : undefined;
  let bundle: Omit<ClientBundle, 'inputs'>;
  if (prebuilt) {
    await mkdir(assetDir, { recursive: true });
    await Promise.all(prebuilt.files.map((file) => copyFile(join(fromDir, file), join(assetDir, file))));
    bundle = prebuilt;
  } else bundle = await bundleClient(assetDir, options.islands, options.root);
  let jsGzipBytes = 0;
  for (const file of bundle.upFront) jsGzipBytes += gzipSync(await readFile(join(assetDir, file))).length;
  const css = await readFile(join(assetDir, bundle.stylesheet));
  return {
    scripts: [`${basePath}/${ASSET_DIR}/${bundle.entry.split('\\').join('/')}`],
    styles: [`${basePath}/${ASSET_DIR}/${bundle.stylesheet}`],
    jsGzipBytes,
    cssGzipBytes: gzipSync(css).length,
  };
}
