// First: it records the child processes esbuild starts, so that each run can wait for them to end.
import { stopEsbuild } from './util/esbuild-children.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { build } from './build/build.ts';
import { formatTimings } from './build/build-timings.ts';
import { isDiagnosticError, dedupeDiagnostics, type Diagnostic } from './diagnostics/diagnostic.ts';
import { formatDiagnostic } from './diagnostics/format.ts';
import { sourceOf } from './diagnostics/source-of.ts';
import { toolRoot } from './util/tool-root.ts';

const color = process.stderr.isTTY === true && !process.env.NO_COLOR;
let debug = false;

export function printDiagnostics(root: string, diagnostics: Diagnostic[]): void {
  for (const d of dedupeDiagnostics(diagnostics)) console.error(formatDiagnostic(d, { color, source: sourceOf(root, d) }));
}

/** Exit codes of every command: 1 the site has problems, 2 internal error (as `check`: could not run). */
const EXIT_PROBLEMS = 1;
const EXIT_INTERNAL = 2;

/** Ends the process once esbuild's children have exited: a run leaves no process behind. */
async function exit(code: number): Promise<never> {
  await stopEsbuild();
  process.exit(code);
}

/** Diagnostics are the user's problem (exit 1); anything else is our bug, said as such (exit 2). */
async function fail(root: string, error: unknown): Promise<never> {
  if (isDiagnosticError(error)) {
    printDiagnostics(root, error.diagnostics);
    const errors = error.diagnostics.filter((d) => d.severity === 'error').length;
    console.error(`\n${errors} error${errors === 1 ? '' : 's'}; nothing was written.`);
  } else {
    console.error(`docs-gen: internal error: ${(error as Error)?.message ?? String(error)}`);
    if (debug) console.error((error as Error)?.stack);
    else console.error('Run again with --debug for the stack trace.');
  }
  return exit(isDiagnosticError(error) ? EXIT_PROBLEMS : EXIT_INTERNAL);
}

/** A server that could not start: its diagnostics without "nothing was written" (a server writes nothing), exit 1; anything else as {@link fail}. */
async function failToServe(root: string, error: unknown): Promise<never> {
  if (!isDiagnosticError(error)) return fail(root, error);
  printDiagnostics(root, error.diagnostics);
  return exit(EXIT_PROBLEMS);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const program = new Command()
  .name('docs-gen')
  .description('Build, serve and check a documentation site made of MDX pages.')
  .version((JSON.parse(readFileSync(join(toolRoot(), 'package.json'), 'utf8')) as { version: string }).version)
  // An option here that takes a value would need `v8FlagsFor` (src/util/v8-tuning.ts) to skip it to find the command;
  // `build`'s own `--root` and `--no-cache` are read there too (`pagesABuildCompiles`).
  .option('--debug', 'print stack traces of internal errors')
  .hook('preAction', (command) => {
    debug = Boolean(command.opts().debug);
  });

program
  .command('build')
  .description('build the static site into the output folder')
  .option('--root <dir>', 'site folder (holds docs-gen.config.ts, content/, public/)', '.')
  .option('--out <dir>', 'output folder (default: <root>/out)')
  .option('--keep-going', 'report a page that cannot be built and build the rest (exit 1 when a page was left out)', false)
  .option('--no-cache', 'compile and render every page afresh and link nothing from the old output (image sizes and variants are still reused)')
  .option('--timings', "print where the time went: each stage of the build, and each plugin's loadContent, contentLoaded and postBuild", false)
  .action(async (options: { root: string; out?: string; keepGoing: boolean; cache: boolean; timings: boolean }) => {
    const root = resolve(options.root);
    try {
      const result = await build({ root, outDir: options.out ? resolve(options.out) : undefined, keepGoing: options.keepGoing, cache: options.cache });
      printDiagnostics(root, [...result.warnings, ...result.failures]);
      console.log(
        `docs-gen: built ${result.pages} pages in ${(result.ms / 1000).toFixed(2)} s → ${result.outDir}\n` +
          `  a typical page loads ${kb(result.assets.jsGzipBytes)} JS and ${kb(result.assets.cssGzipBytes)} CSS (gzipped)`,
      );
      const leftOut = new Set(result.failures.map((d) => d.file)).size;
      if (leftOut) console.log(`  ${leftOut} page${leftOut === 1 ? '' : 's'} left out (--keep-going): ${result.failures.length} error${result.failures.length === 1 ? '' : 's'} above`);
      for (const line of result.notes) console.log(line);
      if (options.timings) for (const line of formatTimings(result.timings)) console.log(line);
      if (leftOut) process.exitCode = EXIT_PROBLEMS;
      if (process.env.DOCS_GEN_STATS_FILE) {
        writeFileSync(process.env.DOCS_GEN_STATS_FILE, JSON.stringify({ pages: result.pages, ms: result.ms, maxRssBytes: process.resourceUsage().maxRSS * 1024, cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000, timings: result.timings }));
      }
      await stopEsbuild();
    } catch (error) {
      await fail(root, error);
    }
  });

program
  .command('check')
  .description('check links, anchors, images, rel outputs and _meta links without writing a site (exit 0 clean, 1 findings, 2 could not run)')
  .option('--root <dir>', 'site folder', '.')
  .option('--format <format>', 'text or json', 'text')
  .option('--external', 'also request external links (HEAD, then GET; cached in .docs-gen-cache/)', false)
  .option('--external-timeout <ms>', 'per external request (0: no limit)', '10000')
  .option('--external-concurrency <n>', 'external requests at once', '8')
  .option('--keep-going', 'accepted for symmetry with build: check always reports every page and goes on', false)
  .action(async (options: { root: string; format: string; external: boolean; externalTimeout: string; externalConcurrency: string }) => {
    if (options.format !== 'text' && options.format !== 'json') {
      console.error(`docs-gen check: --format must be text or json, not ${options.format}`);
      return exit(2);
    }
    const { runCheckCommand } = await import('./check/check-command.ts');
    const code = await runCheckCommand({
      root: options.root,
      format: options.format,
      external: options.external,
      externalTimeout: Number(options.externalTimeout),
      externalConcurrency: Number(options.externalConcurrency),
      github: process.env.GITHUB_ACTIONS === 'true',
      color,
      debug,
    });
    await exit(code);
  });

program
  .command('dev')
  .description('serve the site with live reload while you write')
  .option('--root <dir>', 'site folder', '.')
  .option('--port <port>', 'port', '3000')
  .option('--host <host>', 'interface to listen on', '127.0.0.1')
  .action(async (options: { root: string; port: string; host: string }) => {
    const { startDevServer } = await import('./dev/dev-server.ts');
    const root = resolve(options.root);
    try {
      await startDevServer({ root, port: Number(options.port), host: options.host, color });
    } catch (error) {
      await failToServe(root, error);
    }
  });

program
  .command('preview')
  .description('serve a built output folder as a static host would (clean URLs, 404.html with status 404)')
  .option('--root <dir>', 'site folder (its config gives the base path)', '.')
  .option('--out <dir>', 'output folder (default: <root>/out)')
  .option('--port <port>', 'port', '4173')
  .option('--host <host>', 'interface to listen on', '127.0.0.1')
  .action(async (options: { root: string; out?: string; port: string; host: string }) => {
    const { startPreviewServer } = await import('./preview/preview-server.ts');
    const root = resolve(options.root);
    try {
      await startPreviewServer({ root, outDir: options.out ? resolve(options.out) : undefined, port: Number(options.port), host: options.host });
    } catch (error) {
      await failToServe(root, error);
    }
  });

await program.parseAsync(process.argv);
