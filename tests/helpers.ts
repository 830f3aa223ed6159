import { createHash } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { build, type BuildOptions, type BuildResult } from '../src/build/build.ts';
import { checkSite } from '../src/check/check.ts';
import type { CheckReport } from '../src/check/report.ts';
import type { Diagnostic } from '../src/diagnostics/diagnostic.ts';
import { runSitesDir } from './global-setup.ts';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const fixture = (name: string) => join(repoRoot, 'tests', 'fixtures', name);

/**
 * Every file of a built site, path → SHA-256 of its bytes. Digests, not the bytes: `toEqual` walks
 * a Buffer byte by byte (1.8 s for one 760 KB site), and a differing file is still named by path.
 */
export function filesOf(out: string): Map<string, string> {
  const paths = readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return new Map(paths.sort().map((path) => [path.slice(out.length + 1), createHash('sha256').update(readFileSync(path)).digest('hex')]));
}

/** Every folder of a built site, empty ones too. */
export function foldersOf(out: string): string[] {
  return readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(e.parentPath, e.name).slice(out.length + 1)).sort();
}

/** Every file's and folder's permission bits: a rebuild gives each the mode a fresh build would. */
export function modesOf(out: string): Map<string, string> {
  const entries = readdirSync(out, { recursive: true, withFileTypes: true }).map((e) => join(e.parentPath, e.name));
  return new Map(entries.sort().map((path) => [path.slice(out.length + 1), (lstatSync(path).mode & 0o7777).toString(8)]));
}

/** The permission bits a file made now gets (the process's umask), found by making one in `dir`. */
export function newFileMode(dir: string): number {
  const probe = join(dir, `.mode-probe-${process.pid}`);
  writeFileSync(probe, '');
  const mode = lstatSync(probe).mode & 0o777;
  rmSync(probe);
  return mode;
}

/** A temporary site folder and what removes it. */
export interface TempSite {
  root: string;
  cleanup: () => void;
}

/** Writes `files` (path → contents) into a fresh temporary site folder inside the repo (so `docs-gen` resolves). */
export function tempSite(files: Record<string, string>): TempSite {
  const base = runSitesDir(inject('testRunDir'));
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, 'site-'));
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** A maker of temporary sites for a test file, each removed after the test that made it. */
export function tempSitesEachTest(): (files: Record<string, string>) => string {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    while (cleanups.length) cleanups.pop()!();
  });
  return (files) => {
    const { root, cleanup } = tempSite(files);
    cleanups.push(cleanup);
    return root;
  };
}

/** A new empty folder in the run's folder, which goes when the run ends (tests/global-setup.ts). */
export const tmp = () => mkdtempSync(join(inject('testRunDir'), 'tmp-'));

/**
 * An MDX page whose render writes the file `signal`, then throws: a plugin's hook in the test
 * learns from the file that the build is failing, while the build goes on.
 */
export const pageThatFails = (signal: string) => `import { writeFileSync } from 'node:fs'

# Throws

{(() => { writeFileSync(${JSON.stringify(signal)}, ''); throw new Error('the widget count is unknown') })()}
`;

/** Resolves once `path` exists: a file a plugin writes when its work ends, which may be after the build did. */
export async function fileMade(path: string): Promise<void> {
  while (!existsSync(path)) await new Promise((done) => setTimeout(done, 5));
}

/**
 * A copy of the fixture `name` for the calling file or block alone, inside the repository (so
 * `docs-gen` resolves), without the fixture's cache: made in a beforeAll, removed in an afterAll
 * (so a run whose `-t` leaves out every test of the block makes none). For a test that edits the
 * site, runs dev on it (dev keeps its output in the site's cache folder) or removes or counts its
 * cache: other files may build the fixture itself at the same time. Returns the copy's folder, to
 * call once the block's beforeAll hooks ran; pass it to `useDevServer` as it is. Call it before
 * that `useDevServer`, so the copy is made before the server starts and removed after it closed
 * (after-hooks run in reverse).
 */
export function useFixtureCopy(name: string): () => string {
  let root: string | undefined;
  beforeAll(() => {
    const base = join(repoRoot, 'tests', '.tmp');
    mkdirSync(base, { recursive: true });
    root = mkdtempSync(join(base, `${name.slice(0, 40)}-`));
    // With the fixture's mtimes: files written a moment before dev starts are "racy" to it (they
    // may be saved again within their mtime tick), so a config import copied just now counted as
    // changed once dev watched, and dev reloaded the config as the first page was asked for.
    cpSync(fixture(name), root, { recursive: true, preserveTimestamps: true, filter: (source) => !source.split(/[\\/]/).includes('.docs-gen-cache') });
  });
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });
  return () => {
    if (!root) throw new Error(`the copy of ${name} is made in a beforeAll: read it in a test or a later hook`);
    return root;
  };
}

/** The diagnostics `running` rejects with; fails the test when it resolves, or rejects with anything else. `what` names it in the failure. */
export async function rejectionDiagnostics(running: Promise<unknown>, what: string): Promise<Diagnostic[]> {
  const error = await running.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `${what} should fail`).toBeDefined();
  const diagnostics = (error as { diagnostics?: Diagnostic[] }).diagnostics;
  expect(diagnostics, `the failure should carry diagnostics, got: ${String(error)}`).toBeInstanceOf(Array);
  return diagnostics!;
}

/** Builds with `options` and returns the diagnostics the build rejects with; fails the test when it succeeds. */
export function buildFailure(options: BuildOptions): Promise<Diagnostic[]> {
  return rejectionDiagnostics(build(options), `building ${options.root}`);
}

/** A site built and checked once for the tests of a describe block. */
export interface BuiltAndCheckedSite {
  readonly outDir: string;
  /** Set by the block's beforeAll, so read it inside a test. */
  result: BuildResult;
  /** `docs-gen check` of the same site without external links; set by the block's beforeAll. */
  report: CheckReport;
  /** The text of a built file, `path` relative to the output folder. */
  page(path: string): string;
}

/** Builds and checks the site at `root` in a beforeAll of the calling block, and removes its output in an afterAll. */
export function buildAndCheckOnce(root: string): BuiltAndCheckedSite {
  const outDir = join(tmp(), 'out');
  // result and report stay unset until the beforeAll below runs, before any test reads them.
  const site = { outDir, page: (path: string) => readFileSync(join(outDir, path), 'utf8') } as BuiltAndCheckedSite;
  beforeAll(async () => {
    site.result = await build({ root, outDir });
    site.report = await checkSite({ root, external: false });
  });
  afterAll(() => rmSync(join(outDir, '..'), { recursive: true, force: true }));
  return site;
}
