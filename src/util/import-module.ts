import { createHash } from 'node:crypto';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mkdir, readFile } from 'node:fs/promises';
import { sharedReact } from '../pipeline/shared-react.ts';
import type { BuildOptions, Message, Metafile, Plugin as EsbuildPlugin } from 'esbuild';
import { DiagnosticError, type Diagnostic, type DiagnosticCode } from '../diagnostics/diagnostic.ts';
import { spawn } from 'node:child_process';
import { currentFolder } from './current-folder.ts';
import { distPath, distUrl } from './dist-path.ts';
import { isInertModule } from './inert-module.ts';
import { writeAtomically } from './write-atomically.ts';
import { writeCacheFile } from './cache-entry.ts';
import { toolBuildId } from './tool-build-id.ts';

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

/**
 * How a file the user wrote (config, `_meta.ts`, a plugin or component for the workers) is bundled
 * to be imported by Node: one ES module in memory, bare imports left to the site's node_modules,
 * `docs-gen` and React the renderer's own, `import.meta.url` the source file's.
 */
export function userModuleBuildOptions(file: string, plugins: EsbuildPlugin[] = []): BuildOptions & { write: false } {
  return {
    entryPoints: [file],
    // esbuild's own default is the folder the process was in when esbuild was first imported, for
    // good: a folder a caller left (and removed) since made every later build fail to resolve its
    // entry. Paths in the metafile and messages are resolved against the current folder here too.
    absWorkingDir: currentFolder(),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // JSX in a `.tsx`/`.jsx` file (a Nextra `theme.config.tsx`) needs no `React` in scope.
    jsx: 'automatic',
    packages: 'external',
    logLevel: 'silent',
    // Bundler plugins (the Nextra layer's shims) come before `packages: 'external'` applies.
    plugins: [useThisDocsGen, sharedReact, ...plugins, sourceImportMetaUrl],
  };
}

/**
 * Source files a bundle was made from, absolute. Namespaced inputs are no files (the islands'
 * virtual module `docs-gen:islands`, a package's `(disabled):` stand-ins), and nor is a page's `<stdin>`.
 */
export function bundleInputFiles(metafile: Metafile, workingDir: string): string[] {
  return Object.keys(metafile.inputs)
    .filter((input) => !/^[^/]*:/.test(input) && input !== '<stdin>')
    .map((input) => resolve(workingDir, input));
}

/**
 * The site's files a bundle was made from: {@link bundleInputFiles} without packages, which dev
 * does not watch. None when esbuild's working folder is unknown (the current folder was removed):
 * its paths are relative to it.
 */
export function siteInputFiles(metafile: Metafile, workingDir: string | undefined): string[] {
  return workingDir === undefined ? [] : bundleInputFiles(metafile, workingDir).filter((file) => !inPackage(file));
}

/** Whether `file` (absolute) is a package's: somewhere under a `node_modules` folder. */
export const inPackage = (file: string) => file.includes(`${sep}node_modules${sep}`);

/** The package a bare import esbuild could not find names (`Could not resolve "pkg/sub"` → `pkg`, `"@scope/pkg"` → `@scope/pkg`). */
export function missingPackageName(message: string): string | undefined {
  const specifier = /Could not resolve "([^".\/][^"]*)"/.exec(message)?.[1];
  return specifier?.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
}

/** Where a relative import esbuild could not find (`Could not resolve "./x"`) would be, from the file that imports it. */
export function missingImportPath(message: string, importer: string): string | undefined {
  const specifier = /Could not resolve "(\.{1,2}\/[^"]+)"/.exec(message)?.[1];
  return specifier === undefined ? undefined : resolve(dirname(importer), specifier);
}

/**
 * esbuild's messages as diagnostics, each at the file, line and column esbuild names (relative to
 * `root`), or at `file` when it names none or its working folder is unknown.
 */
export function esbuildDiagnostics(messages: Message[], options: { code: DiagnosticCode; root: string; workingDir: string | undefined; file: string; message?: (text: string) => string }): Diagnostic[] {
  return messages.map((m) => ({
    severity: 'error',
    code: options.code,
    message: options.message ? options.message(m.text) : m.text,
    file: m.location && options.workingDir !== undefined ? relative(options.root, resolve(options.workingDir, m.location.file)) : options.file,
    line: m.location?.line,
    column: m.location ? m.location.column + 1 : undefined,
  }));
}

/** Whether an import a bundle left external is a module of this docs-gen's `dist/`, which its build id covers (`..` resolved). */
function isToolModule(specifier: string): boolean {
  try {
    return new URL(specifier).href.startsWith(`${distUrl('.')}/`);
  } catch {
    // A package or a built-in: no URL.
    return false;
  }
}

/**
 * Code a bundle could load or run that no import names, so that esbuild's list of its imports
 * misses it: `import(…)` and `require(…)` of a name made at run time, `eval`, `Function` and its
 * other spellings (`[].map.constructor`), the ways Node gives a module without an import
 * (`process.getBuiltinModule`, `process.binding`, `process.dlopen`), WebAssembly, and docs-gen's
 * own `importModuleFile`. A token in a string or a comment counts as well: then the bundle is
 * probed, which costs a process, never a loop unbounded.
 */
const LOADS_CODE_UNSEEN = /\b(?:import|require)\s*\(|\b(?:eval|Function|constructor|getBuiltinModule|binding|dlopen|WebAssembly|importModuleFile)\b/;

/** The settings files esbuild reads for a file, in its folder and each above (`SelfContained`). */
const SETTINGS_FILES = ['tsconfig.json', 'jsconfig.json', 'package.json'];

/** What `bundledModuleName` names: a file of the cache folder itself. */
const BUNDLED_MODULE_NAME = /^module\.[0-9a-f]{12}\.mjs$/;

/** The cache file name of a bundled module: the same source and bundle give the same name. */
export function bundledModuleName(file: string, text: string): string {
  return `module.${createHash('sha1').update(file).update(text).digest('hex').slice(0, 12)}.mjs`;
}

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
export async function importModuleFile(file: string, options: { root: string; cacheDir: string; code: DiagnosticCode; timeoutMs?: number; plugins?: EsbuildPlugin[] }): Promise<ImportedModule> {
  const relativeFile = relative(options.root, file);
  // Read once for both ways round a bundle below; unreadable, the bundle reports it.
  const source = options.plugins?.length ? undefined : await readFile(file, 'utf8').catch(() => undefined);
  const literal = source === undefined ? undefined : await importLiteralModule(file, source, options.cacheDir);
  if (literal) return { exports: literal, dependencies: [resolve(file)] };
  // A file that imports no file of the site (a config of options, a `_meta.ts`) bundles the
  // same from the same text: its last bundle serves, without loading esbuild (SelfContained below).
  const selfContained = source === undefined ? undefined : await SelfContained.of(file, options.cacheDir, source);
  const reused = await selfContained?.reuse((bundled, text) => probeForEndlessLoop(bundled, text, relativeFile, options.timeoutMs), options.timeoutMs);
  if (reused) return { exports: reused, dependencies: [resolve(file)] };
  let text: string;
  let dependencies: string[];
  let sourceMap: SourceMapPayload;
  let runsOnlyItsOwnAndToolCode = false;
  try {
    // esbuild loads here, not with this module: a worker reaches this module through `docs-gen`
    // (plugins import it) but never bundles, and loading esbuild costs a worker 60 CPU ms.
    const { build } = await import('esbuild');
    const result = await build({
      ...userModuleBuildOptions(file, options.plugins),
      metafile: true,
      // Not written: a throw while loading is mapped back to the user's line and column.
      sourcemap: 'external',
      outfile: join(options.cacheDir, 'module.mjs'),
    });
    text = result.outputFiles.find((f) => f.path.endsWith('.mjs'))!.text;
    sourceMap = JSON.parse(result.outputFiles.find((f) => f.path.endsWith('.map'))!.text) as SourceMapPayload;
    dependencies = Object.keys(result.metafile.inputs).map((input) => resolve(input));
    runsOnlyItsOwnAndToolCode = !LOADS_CODE_UNSEEN.test(text) && Object.values(result.metafile.outputs).every((output) => output.imports.every((imported) => !imported.external || isToolModule(imported.path)));
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (!errors?.length) throw error;
    throw new DiagnosticError(esbuildDiagnostics(errors, { code: options.code, root: options.root, workingDir: currentFolder(), file: relativeFile }));
  }
  await mkdir(options.cacheDir, { recursive: true });
  const bundled = join(options.cacheDir, bundledModuleName(file, text));
  // Through a temporary name: a build or `check` of the site loading this module at the same time must never import half of it.
  await writeAtomically(bundled, text);
  await probeForEndlessLoop(bundled, text, relativeFile, options.timeoutMs);
  let exports: Record<string, unknown>;
  try {
    exports = (await import(pathToFileURL(bundled).href)) as Record<string, unknown>;
  } catch (error) {
    const place = placeOfThrow(error, bundled, sourceMap, options.root);
    throw new DiagnosticError([
      {
        severity: 'error',
        code: options.code,
        message: `${relativeFile} threw while loading: ${(error as Error)?.message ?? String(error)}`,
        file: place?.file ?? relativeFile,
        line: place?.line,
        column: place?.column,
      },
    ]);
  }
  if (dependencies.length === 1 && dependencies[0] === resolve(file)) {
    // Probed within this bound (none ran without one), and all the code it runs is in the key: the next load of the same key may skip the probe (`reuse`).
    const probedWithin = options.timeoutMs !== undefined && runsOnlyItsOwnAndToolCode ? options.timeoutMs : undefined;
    await selfContained?.remember(bundled, sourceMap.sources.length === 1 ? sourceMap.sourcesContent?.[0] : undefined, probedWithin);
  }
  return { exports, dependencies };
}

/** `import { defineConfig } from 'docs-gen'` as a file of literals spells it (quotes either way, a semicolon or the line's end after it), after any line comments. */
const DEFINE_CONFIG_IMPORT = /^((?:\s*\/\/[^\n\r\u2028\u2029]*[\n\r\u2028\u2029])*\s*)import \{ defineConfig \} from (['"])docs-gen\2(?:;|(?=[ \t]*[\n\r\u2028\u2029]))/;

/**
 * The text of a file that is already a module of literals as written (`export default { title: 'Docs' }`,
 * or `defineConfig({...})` of this docs-gen), with its import of `docs-gen` pointed at this copy:
 * what esbuild would make of it, less its source map. Undefined for anything else, and for any
 * `as` (`{…} as const` passes the literal check and is TypeScript, not JavaScript).
 */
function literalModuleText(source: string): string | undefined {
  if (/\bas\b/.test(source)) return undefined;
  const text = source.replace(DEFINE_CONFIG_IMPORT, (_, lead: string) => `${lead}import { defineConfig } from ${JSON.stringify(distUrl('src/index.js'))};`);
  return isInertModule(text) ? text : undefined;
}

/**
 * The exports of a file of literals, imported as written (`literalModuleText`): no bundle and no
 * probe, so a cold build of a site whose config is a few options loads no esbuild and starts no
 * process for it (a tenth of a CPU second of a one-page build's 0.8). Undefined when the file is
 * no such module, or its import throws (a syntax of TypeScript's own): the file is then bundled,
 * and esbuild reports what is wrong, placed.
 */
async function importLiteralModule(file: string, source: string, cacheDir: string): Promise<Record<string, unknown> | undefined> {
  const text = literalModuleText(source);
  if (text === undefined) return undefined;
  try {
    await mkdir(cacheDir, { recursive: true });
    // The same name a bundle of the same text would have: a build loading it at the same time imports it whole (writeAtomically).
    const module = join(cacheDir, bundledModuleName(file, text));
    // Written only when not there as it is: a rebuild makes no file for its config.
    if ((await readFile(module, 'utf8').catch(() => undefined)) !== text) await writeAtomically(module, text);
    return (await import(pathToFileURL(module).href)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** With a time limit, a bundled module is first loaded in a child process: one that does not finish is an `evaluation-timeout` error. */
async function probeForEndlessLoop(bundled: string, text: string, relativeFile: string, timeoutMs: number | undefined): Promise<void> {
  // A module of literals alone (`export default { title: 'Docs' }`) cannot loop: no probe process.
  if (timeoutMs !== undefined && !isInertModule(text) && !(await loadsWithin(bundled, timeoutMs))) {
    throw new DiagnosticError([
      {
        severity: 'error',
        code: 'evaluation-timeout',
        message: `${relativeFile} did not finish loading within ${timeoutMs} ms: is there an endless loop in it?`,
        file: relativeFile,
        hint: 'code that is just slow can be given longer with `evaluationTimeoutMs` in the config',
      },
    ]);
  }
}

/**
 * The last bundle of a file that imported no file of the site, in `<cacheDir>/bundles/<hash of
 * its path>.json`: its key and the bundled module's name. Bundling costs a build 35 ms on its main
 * thread (loading esbuild, starting its process, the bundle), the config's every time. esbuild
 * bundles such a file from its text, its path (`import.meta.url`), this docs-gen (its code, and
 * its place: the bundle imports `docs-gen` by path) and the settings files it looks for in the
 * file's folder and every folder above: `tsconfig.json` and `jsconfig.json` (`paths` and
 * `baseUrl` can turn an import of a package into one of a site file, `verbatimModuleSyntax` or
 * `useDefineForClassFields` change the code) and `package.json` (`imports`). The key holds all of
 * them, each file's bytes or its absence; a settings file that `extends` another puts the file
 * out of this (what it extends may be anywhere). A file that imports one of the site's is
 * bundled every time: a file added beside it can change what an import resolves to. The bundle
 * is used only while its name still matches its bytes (`bundledModuleName`).
 */
class SelfContained {
  private constructor(
    private readonly file: string,
    private readonly cacheDir: string,
    private readonly source: string,
    private readonly key: string,
  ) {}

  /**
   * The file's entry; undefined when the file cannot be read (the bundle then reports it), a settings file extends another, or the tool has no build id (run from its sources).
   * `read`: its text as the caller just read it; without it, the file is read now (`remember` reads it again to see it unchanged).
   */
  static async of(file: string, cacheDir: string, read?: string): Promise<SelfContained | undefined> {
    const source = read ?? (await readFile(file, 'utf8').catch(() => undefined));
    const tool = await toolBuildId().catch(() => undefined);
    if (source === undefined || tool === undefined) return undefined;
    const hash = createHash('sha256').update(tool).update('\0').update(distUrl('src/index.js')).update('\0').update(file).update('\0').update(source);
    for (let dir = dirname(file); ; dir = dirname(dir)) {
      for (const name of SETTINGS_FILES) {
        const text = await readFile(join(dir, name), 'utf8').catch(() => undefined);
        if (text !== undefined && name !== 'package.json' && /"extends"/.test(text)) return undefined;
        hash.update(`\0${join(dir, name)}\0${text === undefined ? '-' : `${text.length}:${text}`}`);
      }
      if (dirname(dir) === dir) break;
    }
    return new SelfContained(file, cacheDir, source, hash.digest('hex'));
  }

  private get record(): string {
    return join(this.cacheDir, 'bundles', `${createHash('sha256').update(this.file).digest('hex').slice(0, 16)}.json`);
  }

  /**
   * The exports of the remembered bundle, or undefined when there is none for this key, or its
   * import throws (the caller bundles again and reports the throw from there, placed). Probed for
   * an endless loop first (`probe`), as a fresh bundle is, unless the record says it was probed
   * within `timeoutMs` or less and imported: a bundle is remembered only once its import ended on
   * the main thread, and the key holds its text and everything esbuild made it from. Probed
   * again, it started a process at every build of a config with one expression in it (`new
   * Date()`), about 90 ms of the 450 of a rebuild of this repository's site with nothing changed.
   * Only a bundle that imports nothing but docs-gen's own modules (which the tool's build id in
   * the key covers), and loads no code its imports do not name (`LOADS_CODE_UNSEEN`), is recorded
   * so: a package, or a built-in that runs code from elsewhere (`vm`, `child_process`), could do
   * otherwise after an `npm update`, and loop. What the probe would still catch is a module that
   * loops only on some runs (by the clock, the environment or a file it reads): such a build
   * waits, as a build of Nextra's, Docusaurus' or VitePress' does for any config that loops.
   */
  async reuse(probe: (bundled: string, text: string) => Promise<void>, timeoutMs: number | undefined): Promise<Record<string, unknown> | undefined> {
    let entry: { key?: unknown; module?: unknown; probedWithin?: unknown } | undefined;
    try {
      entry = JSON.parse(await readFile(this.record, 'utf8')) as typeof entry;
    } catch {
      // None, or torn: bundled again.
      return undefined;
    }
    if (entry?.key !== this.key || typeof entry.module !== 'string' || !BUNDLED_MODULE_NAME.test(entry.module)) return undefined;
    const bundled = join(this.cacheDir, entry.module);
    const text = await readFile(bundled, 'utf8').catch(() => undefined);
    if (text === undefined || bundledModuleName(this.file, text) !== entry.module) return undefined;
    const probed = timeoutMs === undefined || (typeof entry.probedWithin === 'number' && entry.probedWithin <= timeoutMs);
    if (!probed) await probe(bundled, text);
    try {
      return (await import(pathToFileURL(bundled).href)) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }

  /**
   * Remembers `bundled` (a module this file bundled to, and that loaded) for the next load of the
   * same key: when esbuild bundled the very text the key was made from (`bundledFrom`, the
   * source map's copy of it) and the key is still the file's.
   */
  async remember(bundled: string, bundledFrom: string | undefined, probedWithin: number | undefined): Promise<void> {
    // What esbuild was given: the text, with `import.meta.url` spelt out (`sourceImportMetaUrl`).
    const given = this.source.includes('import.meta.url') ? this.source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(this.file).href)) : this.source;
    if (bundledFrom !== given) return;
    const again = await SelfContained.of(this.file, this.cacheDir);
    if (again?.key !== this.key) return;
    await writeCacheFile(this.record, JSON.stringify({ key: this.key, module: basename(bundled), ...(probedWithin === undefined ? {} : { probedWithin }) })).catch(() => {
      // Not remembered: the next load bundles again.
    });
  }
}

/**
 * Whether the module loads within `timeoutMs`, tried in a child process first: a load on the main
 * thread cannot be interrupted, and a thread cannot always be either — a loop inside a built-in
 * (`Array.prototype.indexOf` over a huge `length`, reached through a coercion) never sees
 * `terminate()`, and Node's exit then waits for that thread forever. A process can be killed. The
 * clock starts once the child runs. The main thread then imports it again for real (its values,
 * functions included, cannot cross processes).
 */
function loadsWithin(bundled: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    // The parent's flags (source maps, module hooks of a test) apply to the probe too.
    const child = spawn(process.execPath, [...flagsForChild(process.execArgv), distPath('src/util/probe-module-process.js'), pathToFileURL(bundled).href], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const finish = (loaded: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolvePromise(loaded);
    };
    child.on('message', (message: string) => {
      if (message === 'started') timer = setTimeout(() => finish(false), timeoutMs);
      else finish(true);
    });
    // A child that could not start or crashed: let the real import say what is wrong.
    child.on('error', () => finish(true));
    child.on('exit', () => finish(true));
  });
}

/** Flags that give Node something else to run than the script named after them, each with the value it takes, if any. */
const RUNS_OTHER_CODE = new Map<string, boolean>([
  ['-e', true], ['--eval', true], ['-p', true], ['--print', true], ['-pe', true], ['-ep', true], ['--input-type', true],
  ['-i', false], ['--interactive', false], ['-c', false], ['--check', false], ['--test', false], ['--watch', false], ['--watch-path', true], ['--watch-preserve-output', false],
]);

/**
 * The parent's flags for a child Node process (source maps, a test's module hooks), without
 * those that make Node run something other than the child's script: a program run as `node -e`
 * that loads a config would have each probe run that program again, and so probe again, without end.
 */
export function flagsForChild(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i]!;
    const name = flag.startsWith('--') ? flag.split('=')[0]! : flag;
    const takesValue = RUNS_OTHER_CODE.get(name);
    if (takesValue === undefined) kept.push(flag);
    else if (takesValue && name === flag) i++;
  }
  return kept;
}

/** The user's file, line and column of the first stack frame in the bundled module. */
export function placeOfThrow(error: unknown, bundled: string, payload: SourceMapPayload, root: string): { file: string; line: number; column: number } | undefined {
  const stack = typeof (error as Error)?.stack === 'string' ? (error as Error).stack! : '';
  // Node names the module by its URL; a test runner evaluating it itself (vitest) by its path.
  const names = [pathToFileURL(bundled).href, bundled];
  for (const match of stack.matchAll(/((?:file:\/\/)?\/[^\s)]+):(\d+):(\d+)/g)) {
    if (!names.includes(match[1]!)) continue;
    // Stack places are 1-based; SourceMap.findEntry takes and gives 0-based ones.
    const entry = new SourceMap(payload).findEntry(Number(match[2]) - 1, Number(match[3]) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
    if (entry.originalSource === undefined || entry.originalLine === undefined) return undefined;
    const source = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : resolve(dirname(bundled), entry.originalSource);
    return { file: relative(root, source), line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
  }
  return undefined;
}
