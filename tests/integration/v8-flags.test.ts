// The CLI's shim sets V8's flags (src/util/v8-tuning.ts) for the process it runs in: checked from
// outside, with a preload that records every `v8.setFlagsFromString`, so that the wiring (the
// arguments the shim passes, and that it calls at all) is tested, not only the choice.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { INTERRUPT_BUDGET, LARGE_BUILD_INTERRUPT_BUDGET, LARGE_BUILD_PAGES, REGEXP_FLAG, SMALL_YOUNG_GENERATION_PAGES, v8FlagsFor, WORKER_SEMI_SPACE_MB } from '../../src/util/v8-tuning.ts';

const repoRoot = join(import.meta.dirname, '..', '..');
const cli = join(repoRoot, 'bin', 'docs-gen.js');
const dir = mkdtempSync(join(tmpdir(), 'v8-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const recorder = join(dir, 'record-flags.mjs');
writeFileSync(
  recorder,
  `import v8 from 'node:v8';
import { syncBuiltinESMExports } from 'node:module';
import { appendFileSync } from 'node:fs';
const set = v8.setFlagsFromString;
v8.setFlagsFromString = (flags) => { appendFileSync(process.env.FLAGS_LOG, flags + '\\n'); return set(flags); };
syncBuiltinESMExports();
`,
);

/** The flags the shim set for `args` (each command asked for its help: nothing is built or served). */
let runs = 0;

function flagsSet(args: string[], nodeFlags: string[] = []): string[] {
  // Numbered, not named after the arguments: a root among them is a path.
  const log = join(dir, `run-${++runs}.log`);
  writeFileSync(log, '');
  // In the temporary folder: a build's pages are counted in its root's content folder, `.` unless `--root` says.
  const run = spawnSync(process.execPath, [...nodeFlags, '--import', pathToFileURL(recorder).href, cli, ...args], { encoding: 'utf8', env: { ...process.env, FLAGS_LOG: log }, cwd: dir });
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

describe('the CLI sets V8 flags for its own process', () => {
  test('build gets the interrupt budget and regular expressions compiled once, check the budget, as this Node version is given', () => {
    const forBuild = v8FlagsFor(process.versions.node, [], ['build']);
    const forCheck = v8FlagsFor(process.versions.node, [], ['check']);
    if (process.versions.node.startsWith('20.')) {
      expect(forBuild).toEqual(['--interrupt-budget=1000000', '--no-regexp-tier-up']);
      expect(forCheck).toEqual(['--interrupt-budget=1000000']);
    }
    expect(flagsSet(['build', '--help'])).toEqual(forBuild);
    expect(flagsSet(['--debug', 'check', '--help'])).toEqual(forCheck);
  });

  test('a build of a site with many pages to compile gets the lower budget, and the workers a smaller semi-space until it has more: counted in its root, without a compile cache or with --no-cache', () => {
    const site = join(dir, 'large site');
    mkdirSync(join(site, 'content', 'guide'), { recursive: true });
    // Names alone are counted: empty pages, half of them in a folder; other files are not pages.
    const addPages = (from: number, to: number) => {
      for (let i = from; i < to; i++) writeFileSync(join(site, 'content', i % 2 ? 'guide' : '', `page-${i}.md`), '');
    };
    addPages(0, LARGE_BUILD_PAGES);
    writeFileSync(join(site, 'content', 'guide', 'notes.txt'), '');
    const large = `--interrupt-budget=${LARGE_BUILD_INTERRUPT_BUDGET}`;
    const small = `--interrupt-budget=${INTERRUPT_BUDGET}`;
    const semiSpace = `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`;
    if (!process.versions.node.startsWith('20.')) {
      expect(flagsSet(['build', '--root', site, '--help'])).toEqual([]);
      return;
    }
    expect(flagsSet(['build', '--root', site, '--help'])).toEqual([large, REGEXP_FLAG, semiSpace]);
    expect(flagsSet(['build', `--root=${site}`, '--help'])).toEqual([large, REGEXP_FLAG, semiSpace]);
    // One page fewer is a small build.
    rmSync(join(site, 'content', 'page-0.md'));
    expect(flagsSet(['build', '--root', site, '--help'])).toEqual([small, REGEXP_FLAG, semiSpace]);
    writeFileSync(join(site, 'content', 'page-0.md'), '');
    // As many pages as SMALL_YOUNG_GENERATION_PAGES: the workers keep V8's semi-space.
    addPages(LARGE_BUILD_PAGES, SMALL_YOUNG_GENERATION_PAGES);
    expect(flagsSet(['build', '--root', site, '--help'])).toEqual([large, REGEXP_FLAG]);
    rmSync(join(site, 'content', 'page-0.md'));
    expect(flagsSet(['build', '--root', site, '--help'])).toEqual([large, REGEXP_FLAG, semiSpace]);
    // An `.mdx` page is a page too, and one is enough for the workers to keep V8's semi-space.
    writeFileSync(join(site, 'content', 'guide', 'page-0.mdx'), '');
    expect(flagsSet(['build', '--root', site, '--help'])).toEqual([large, REGEXP_FLAG]);
    rmSync(join(site, 'content', 'guide', 'page-0.mdx'));
    // With a compile cache a build may compile nothing: unless it is told not to use it.
    mkdirSync(join(site, '.docs-gen-cache', 'compiled'), { recursive: true });
    expect(flagsSet(['build', '--root', site, '--help'])).toEqual([small, REGEXP_FLAG]);
    expect(flagsSet(['build', '--no-cache', '--root', site, '--help'])).toEqual([large, REGEXP_FLAG, semiSpace]);
    // check colours nothing and keeps its budget; another root's pages are not these.
    expect(flagsSet(['check', '--root', site, '--help'])).toEqual([small]);
    expect(flagsSet(['build', '--root', dir, '--help'])).toEqual([small, REGEXP_FLAG]);
  });

  test('dev and preview, and a flag set on the command line, are left alone', () => {
    expect(flagsSet(['dev', '--help'])).toEqual([]);
    expect(flagsSet(['preview', '--help'])).toEqual([]);
    expect(flagsSet(['build', '--help'], ['--interrupt-budget=67584', '--regexp-tier-up'])).toEqual([]);
    // A site of pages to compile, and V8's semi-space given on the command line: the workers take that too.
    const site = join(dir, 'small site');
    mkdirSync(join(site, 'content'), { recursive: true });
    writeFileSync(join(site, 'content', 'index.md'), '');
    expect(flagsSet(['build', '--root', site, '--help'], ['--interrupt-budget=67584', '--regexp-tier-up', '--max-semi-space-size=16'])).toEqual([]);
  });
});
