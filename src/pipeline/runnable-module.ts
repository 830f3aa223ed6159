import { readFileSync, realpathSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BundlerSite, UnifiedPluginRef } from './plugin.ts';
import type { Message, Plugin as EsbuildPlugin } from 'esbuild';
import { DiagnosticError, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { bundledModuleName, esbuildDiagnostics, inPackage, missingImportPath, siteInputFiles, userModuleBuildOptions } from '../util/import-module.ts';
import { toolRoot } from '../util/tool-root.ts';
import { writeAtomically } from '../util/write-atomically.ts';

const TYPESCRIPT = /\.(?:ts|tsx|mts|cts|jsx)$/;

/** docs-gen's own module folders (its built-in plugins and theme, built or as source): never a site's file, even when the site is the tool's checkout. */
const TOOL_FOLDERS = ['dist', 'src', 'plugins', 'theme'];

/** Each site root's real path: a module's URL names the file's real path (the config's `import.meta.url`), which a root reached through a link does not start. */
const realRoots = new Map<string, string>();

function realRootOf(root: string): string {
  let real = realRoots.get(root);
  if (real === undefined) {
    try {
      real = realpathSync.native(root);
    } catch {
      real = root;
    }
    realRoots.set(root, real);
  }
  return real;
}

/** Whether `file` (absolute) is one of the site's own files: under its root (or the root's real path), in no package, not made by docs-gen (its cache) and in none of docs-gen's own folders. */
export function isSiteFile(file: string, root: string): boolean {
  if (inPackage(file) || file.includes(`${sep}.docs-gen-cache${sep}`) || ![root, realRootOf(root)].some((folder) => file.startsWith(folder + sep))) return false;
  const tool = toolRoot();
  return !TOOL_FOLDERS.some((folder) => file.startsWith(join(tool, folder) + sep));
}

const bundled = new Map<string, Promise<string>>();
/** The files each bundle above was made from (its module and what it imports), by the bundle's URL. */
const inputsOf = new Map<string, string[]>();
/** For a module whose last bundle failed: the site's cache folder, and the files the failure names (and the module). */
const failedInputsOf = new Map<string, { cacheDir: string; inputs: string[] }>();

/** A `file:` URL from a URL or an absolute path. */
export function moduleUrlOf(module: string): string {
  return module.startsWith('file:') ? module : pathToFileURL(module).href;
}

/**
 * A URL worker threads can import for `module`: JavaScript as it is (with `bundleJavaScript`,
 * bundled too); TypeScript or JSX (a plugin file in the site, a component) bundled once by esbuild
 * into `cacheDir`, bare imports left to the site's node_modules, `docs-gen` and React shared with
 * the renderer, and `import.meta.url` still the source file's own, so a task module beside it is
 * found there.
 */
export function runnableModuleUrl(module: string, cacheDir: string, plugins: EsbuildPlugin[] = [], options: { bundleJavaScript?: boolean } = {}): Promise<string> {
  const url = moduleUrlOf(module);
  if (!options.bundleJavaScript && !TYPESCRIPT.test(url)) return Promise.resolve(url);
  const key = `${cacheDir}\u0000${url}\u0000${plugins.map((p) => p.name).join(',')}`;
  let running = bundled.get(key);
  if (!running) {
    running = bundleModule(fileURLToPath(url), cacheDir, plugins);
    // A failed bundle is tried again next time (the file may have been fixed).
    running.catch(() => bundled.delete(key));
    bundled.set(key, running);
  }
  return running;
}

async function bundleModule(file: string, cacheDir: string, plugins: EsbuildPlugin[]): Promise<string> {
  const { build } = await import('esbuild');
  const options = { ...userModuleBuildOptions(file, plugins), metafile: true as const };
  const workingDir = options.absWorkingDir;
  let result: Awaited<ReturnType<typeof build<typeof options>>>;
  try {
    result = await build(options);
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (!errors?.length) throw error;
    failedInputsOf.set(file, { cacheDir, inputs: [...new Set([file, ...filesNamedBy(errors, workingDir)])] });
    // A site's cache folder is `<root>/.docs-gen-cache`: its files are named from the root, as every diagnostic's are.
    const root = dirname(cacheDir);
    throw new DiagnosticError(esbuildDiagnostics(errors, { code: 'module-bundle', root, workingDir, file: relative(root, file), message: (text) => `Cannot bundle ${relative(root, file)}: ${text}` }));
  }
  failedInputsOf.delete(file);
  const text = result.outputFiles[0]!.text;
  const dir = join(cacheDir, 'modules');
  await mkdir(dir, { recursive: true });
  const out = join(dir, bundledModuleName(file, text));
  // Through a temporary name: a worker of another build importing this module must never see half of it.
  await writeAtomically(out, text);
  const url = pathToFileURL(out).href;
  inputsOf.set(url, siteInputFiles(result.metafile, workingDir));
  return url;
}

/**
 * The files esbuild's errors name (one with a syntax error, the one that imports a missing file,
 * and where that missing file would be): a failed build has no metafile, and dev watches these
 * for the fix (a missing file's folder, for it to be made).
 */
function filesNamedBy(errors: Message[], workingDir: string | undefined): string[] {
  return errors.flatMap((m) => {
    if (!m.location || workingDir === undefined) return [];
    const at = resolve(workingDir, m.location.file);
    const missing = missingImportPath(m.text, at);
    return missing ? [at, missing] : [at];
  });
}

/** What esbuild found reading a site's module: its files, and its syntax errors as diagnostics. */
export interface SiteModuleScan {
  files: string[];
  errors: Diagnostic[];
}

const scanned = new Map<string, Promise<SiteModuleScan>>();

/**
 * The site's own files `module` is made from: the module and every file of the site it imports,
 * at any depth (packages left out); none when it is not a site file ({@link isSiteFile}: a
 * package's module, or docs-gen's own). A site's JavaScript plugin module is imported as it is
 * (bundled, a CommonJS module, `import.meta.dirname`, a dynamic import or state shared with
 * another of its modules would break), so esbuild only reads it here, to name its files: the
 * compile cache keys pages by their text, and dev reloads the site when one changes. A module
 * esbuild cannot read gives the files its errors name, and its syntax errors at their place
 * (imported, it would fail with none: `Unexpected token '}'`). An import esbuild cannot find is
 * left to Node, which may never make it (a dynamic import in a `try`).
 */
export function scanSiteModule(module: string, root: string): Promise<SiteModuleScan> {
  const url = moduleUrlOf(module);
  const file = url.startsWith('file:') ? fileURLToPath(url) : undefined;
  if (file === undefined || !isSiteFile(file, root)) return Promise.resolve({ files: [], errors: [] });
  let scan = scanned.get(file);
  if (!scan) {
    scan = scanModule(file, root);
    scanned.set(file, scan);
  }
  return scan;
}

/** The files of {@link scanSiteModule}. */
export const siteModuleFiles = async (module: string, root: string): Promise<string[]> => (await scanSiteModule(module, root)).files;

async function scanModule(file: string, root: string): Promise<SiteModuleScan> {
  const { build } = await import('esbuild');
  // Read as Node will run it: a CommonJS module in sloppy mode (a `with` statement, `delete` of a
  // bare name), not as an ES module, which esbuild's ES output would make strict.
  const options = { ...userModuleBuildOptions(file, [leaveToNode]), format: isCommonJs(file) ? ('cjs' as const) : ('esm' as const), metafile: true as const };
  const workingDir = options.absWorkingDir;
  try {
    return { files: siteInputFiles((await build(options)).metafile, workingDir), errors: [] };
  } catch (error) {
    const messages = (error as { errors?: Message[] }).errors;
    if (!messages?.length) throw error;
    return {
      files: [...new Set([file, ...filesNamedBy(messages, workingDir)])],
      errors: esbuildDiagnostics(messages, { code: 'module-bundle', root, workingDir, file: relative(root, file), message: (text) => `Cannot read ${relative(root, file)}: ${text}` }),
    };
  }
}

/** The files esbuild has a loader for; any other a module loads (a native addon, a `require`d `.conf` file) is Node's. */
const READABLE = /\.(?:[cm]?[jt]sx?|json)$/;
const PROBE = Symbol('probe');

/**
 * What the scan leaves to Node, as external, so the rest of the module is still read (one failed
 * import loses the whole metafile): a dynamic import or `require` esbuild cannot find (Node may
 * never make it: behind a condition, in a `try`), and a file esbuild cannot read. A static import
 * it cannot find stays an error: Node fails on it too, with no place.
 */
const leaveToNode: EsbuildPlugin = {
  name: 'docs-gen:leave-to-node',
  setup(build) {
    build.onResolve({ filter: /^\.{0,2}\// }, async (args) => {
      if (args.pluginData === PROBE) return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: PROBE });
      if (found.errors.length) return args.kind === 'dynamic-import' || args.kind === 'require-call' || args.kind === 'require-resolve' ? { path: args.path, external: true } : undefined;
      return READABLE.test(found.path) ? undefined : { path: args.path, external: true };
    });
  },
};

/** Whether Node runs `file` as CommonJS: `.cjs`, or a `.js` file whose nearest package.json does not say `"type": "module"` (TypeScript is bundled as an ES module). */
function isCommonJs(file: string): boolean {
  if (file.endsWith('.cjs')) return true;
  if (!/\.jsx?$/.test(file)) return false;
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    try {
      return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { type?: unknown }).type !== 'module';
    } catch {
      if (dirname(dir) === dir) return true;
    }
  }
}

/**
 * The files the modules bundled into `cacheDir` (one site's) in this process were made from (a
 * component and what it imports, packages left out; older versions' too; for a module whose last
 * bundle failed, the files the failure names): dev watches them.
 */
export function runnableModuleInputs(cacheDir: string): string[] {
  const folder = `${pathToFileURL(join(cacheDir, 'modules')).href}/`;
  const failed = [...failedInputsOf.values()].filter((f) => f.cacheDir === cacheDir).flatMap((f) => f.inputs);
  return [...new Set([...[...inputsOf].filter(([url]) => url.startsWith(folder)).flatMap(([, inputs]) => inputs), ...failed])];
}

/**
 * Forgets every module bundled so far (and the files {@link siteModuleFiles} found): the next {@link runnableModuleUrl} bundles it again. A
 * build or a dev reload starts with this, and dev calls it when a file outside the content
 * folder changes: a component's source (or a file it imports) edited since its bundle was made.
 * The bundle is named by its text, so a new one gets a new URL and render workers import it anew.
 */
export function forgetRunnableModules(): void {
  bundled.clear();
  scanned.clear();
  // The inputs stay: dev asks for them while it bundles the components again, and a file missing
  // from what it watches meanwhile would go unseen. A bundle made again from the same text has the
  // same URL, so they are replaced; an older version's are few, and cost a watched file at most.
}

/** The same references with each module made runnable in a worker ({@link runnableModuleUrl}). */
export async function runnableRefs<Ref extends { module: string }>(refs: Ref[], cacheDir: string, plugins: EsbuildPlugin[] = [], options: { bundleJavaScript?: boolean } = {}): Promise<Ref[]> {
  return Promise.all(refs.map(async (ref) => ({ ...ref, module: await runnableModuleUrl(ref.module, cacheDir, plugins, options) })));
}

/** Each named reference made runnable, by name. */
export async function runnableRefsByName<Ref extends { module: string }>(refs: Record<string, Ref>, cacheDir: string, plugins: EsbuildPlugin[] = [], options: { bundleJavaScript?: boolean } = {}): Promise<Record<string, Ref>> {
  const names = Object.keys(refs);
  const runnable = await runnableRefs(Object.values(refs), cacheDir, plugins, options);
  return Object.fromEntries(names.map((name, i) => [name, runnable[i]!]));
}

/** The registered bundler plugins, each factory called with its options and the site (as content sources do in workers). */
export async function bundlerPluginsOf(refs: UnifiedPluginRef[], site: BundlerSite): Promise<EsbuildPlugin[]> {
  return Promise.all(
    refs.map(async (ref) => {
      const exports = (await import(ref.module)) as Record<string, (options: unknown, site: BundlerSite) => EsbuildPlugin>;
      return exports[ref.exportName ?? 'default']!(ref.options, site);
    }),
  );
}
