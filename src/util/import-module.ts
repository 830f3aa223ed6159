import { createHash } from 'node:crypto';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mkdir, readFile } from 'node:fs/promises';
import { sharedReact } from '../pipeline/shared-react.ts';
import type { BuildOptions, Message, Plugin as EsbuildPlugin } from 'esbuild';
import { DiagnosticError, type DiagnosticCode } from '../diagnostics/diagnostic.ts';
import { spawn } from 'node:child_process';
import { distPath, distUrl } from './dist-path.ts';
import { isInertModule } from './inert-module.ts';
import { writeAtomically } from './write-atomically.ts';

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
  let text: string;
  let dependencies: string[];
  let sourceMap: SourceMapPayload;
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
  await mkdir(options.cacheDir, { recursive: true });
  const bundled = join(options.cacheDir, bundledModuleName(file, text));
  // Through a temporary name: a build or `check` of the site loading this module at the same time must never import half of it.
  await writeAtomically(bundled, text);
  // A module of literals alone (`export default { title: 'Docs' }`) cannot loop: no probe process.
  if (options.timeoutMs !== undefined && !isInertModule(text) && !(await loadsWithin(bundled, options.timeoutMs))) {
    throw new DiagnosticError([
      {
        severity: 'error',
        code: 'evaluation-timeout',
        message: `${relativeFile} did not finish loading within ${options.timeoutMs} ms: is there an endless loop in it?`,
        file: relativeFile,
        hint: 'code that is just slow can be given longer with `evaluationTimeoutMs` in the config',
      },
    ]);
  }
  try {
    return { exports: (await import(pathToFileURL(bundled).href)) as Record<string, unknown>, dependencies };
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
    const child = spawn(process.execPath, [...process.execArgv, distPath('src/util/probe-module-process.js'), pathToFileURL(bundled).href], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
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
