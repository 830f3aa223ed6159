import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { INTERRUPT_BUDGET, LARGE_BUILD_INTERRUPT_BUDGET, LARGE_BUILD_PAGES, REGEXP_FLAG, SMALL_YOUNG_GENERATION_PAGES, v8FlagsFor, WORKER_SEMI_SPACE_MB } from '../../../src/util/v8-tuning.ts';

// The flags were measured on Node 20 alone (bench/README.md, "V8's interrupt budget" and "Regular
// expressions compiled once"): the CLI sets them there, for the commands each paid for, and
// leaves V8 as it is everywhere else.
describe('the V8 flags the CLI sets', () => {
  const budget = `--interrupt-budget=${INTERRUPT_BUDGET}`;
  const semiSpace = `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`;
  const markdownPages = (pages: number) => () => ({ pages, mdxPages: 0 });

  test('for build on Node 20, the interrupt budget and regular expressions compiled once; for check, the budget; wherever their options are', () => {
    expect(v8FlagsFor('20.20.2', [], ['build'])).toEqual([budget, REGEXP_FLAG]);
    expect(v8FlagsFor('20.19.0', ['--enable-source-maps'], ['check', '--root', 'site'])).toEqual([budget]);
    expect(v8FlagsFor('20.20.2', [], ['--debug', 'build', '--keep-going'])).toEqual([budget, REGEXP_FLAG]);
  });

  test('a build that compiles many pages gets the lower budget; a smaller one, check and the command line keep theirs', () => {
    const large = `--interrupt-budget=${LARGE_BUILD_INTERRUPT_BUDGET}`;
    expect(LARGE_BUILD_INTERRUPT_BUDGET).toBeLessThan(INTERRUPT_BUDGET);
    expect(v8FlagsFor('20.20.2', [], ['build'], markdownPages(LARGE_BUILD_PAGES))).toEqual([large, REGEXP_FLAG, semiSpace]);
    expect(v8FlagsFor('20.20.2', [], ['build', '--root', 'site'], markdownPages(10_000))).toEqual([large, REGEXP_FLAG]);
    expect(v8FlagsFor('20.20.2', [], ['build'], markdownPages(LARGE_BUILD_PAGES - 1))).toEqual([budget, REGEXP_FLAG, semiSpace]);
    expect(v8FlagsFor('20.20.2', [], ['check'], markdownPages(10_000))).toEqual([budget]);
    expect(v8FlagsFor('20.20.2', ['--interrupt-budget=67584'], ['build'], markdownPages(10_000))).toEqual([REGEXP_FLAG]);
    expect(v8FlagsFor('22.12.0', [], ['build'], markdownPages(10_000))).toEqual([]);
  });

  test("a build that compiles fewer pages than SMALL_YOUNG_GENERATION_PAGES gets the workers' smaller semi-space, counted once; a rebuild, check and the command line do not", () => {
    let counts = 0;
    const counted = (pages: number) => () => {
      counts++;
      return markdownPages(pages)();
    };
    expect(v8FlagsFor('20.20.2', [], ['build'], counted(250))).toEqual([budget, REGEXP_FLAG, semiSpace]);
    expect(counts).toBe(1);
    expect(v8FlagsFor('20.20.2', [], ['build'], markdownPages(SMALL_YOUNG_GENERATION_PAGES - 1))).toContain(semiSpace);
    expect(v8FlagsFor('20.20.2', [], ['build'], markdownPages(SMALL_YOUNG_GENERATION_PAGES))).not.toContain(semiSpace);
    // One `.mdx` page among them, and the workers keep V8's semi-space: the MDX compiler's trees outlive a smaller one.
    expect(v8FlagsFor('20.20.2', [], ['build'], () => ({ pages: 250, mdxPages: 1 }))).toEqual([budget, REGEXP_FLAG]);
    expect(v8FlagsFor('20.20.2', [], ['build'], () => ({ pages: 999, mdxPages: 999 }))).toEqual([budget, REGEXP_FLAG]);
    // A build with the compile cache counts 0 pages (content-pages.ts): a rebuild keeps V8's default.
    expect(v8FlagsFor('20.20.2', [], ['build'], markdownPages(0))).toEqual([budget, REGEXP_FLAG]);
    expect(v8FlagsFor('20.20.2', [], ['check'], markdownPages(250))).toEqual([budget]);
    for (const execArgv of [['--max-semi-space-size=16'], ['--max_semi_space_size=2']]) expect(v8FlagsFor('20.20.2', execArgv, ['build'], markdownPages(250))).toEqual([budget, REGEXP_FLAG]);
    // The budget set on the command line, the count still made for the semi-space.
    counts = 0;
    expect(v8FlagsFor('20.20.2', ['--interrupt-budget=67584'], ['build'], counted(250))).toEqual([REGEXP_FLAG, semiSpace]);
    expect(counts).toBe(1);
  });

  // What the flag relies on: set at run time, it sizes the young generation of the threads started
  // after it, and leaves the heap of the thread that set it as it was made (a process of its own,
  // so that this one's flags stay as they are).
  test('the semi-space set at run time holds for worker threads started later, not for the thread that set it', () => {
    const script = `
      const v8 = require('node:v8');
      const { Worker } = require('node:worker_threads');
      v8.setFlagsFromString('--max-semi-space-size=${WORKER_SEMI_SPACE_MB}');
      const fill = 'const kept = []; for (let i = 0; i < 2e6; i++) kept.push({ i }); const v8 = require("node:v8");';
      const newSpace = 'v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size';
      eval(fill);
      const main = eval(newSpace);
      const worker = new Worker(fill + 'require("node:worker_threads").parentPort.postMessage(' + newSpace + ')', { eval: true });
      worker.once('message', (inWorker) => { console.log(JSON.stringify({ main, inWorker })); worker.terminate(); });
    `;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const { main, inWorker } = JSON.parse(run.stdout) as { main: number; inWorker: number };
    const MiB = 1024 ** 2;
    // Two semi-spaces, grown to their most under this much allocation; V8's default is 16 MiB each here.
    expect(inWorker).toBe(2 * WORKER_SEMI_SPACE_MB * MiB);
    expect(main).toBeGreaterThan(inWorker);
  });

  test('none for the servers or without a command', () => {
    for (const args of [['dev'], ['preview', '--port', '4000'], [], ['--version'], ['--help']]) expect(v8FlagsFor('20.20.2', [], args)).toEqual([]);
  });

  test('none on other versions of Node', () => {
    for (const version of ['22.12.0', '24.0.0', '2.0.0', '200.1.0']) expect(v8FlagsFor(version, [], ['build'])).toEqual([]);
  });

  test('not the budget when the command line sets it, however it spells it', () => {
    for (const execArgv of [['--interrupt-budget=67584'], ['--interrupt_budget=1'], ['--cpu-prof', '--interrupt-budget=9']]) expect(v8FlagsFor('20.20.2', execArgv, ['build'])).toEqual([REGEXP_FLAG]);
  });

  test('not the regular-expression flag when the command line sets it either way', () => {
    for (const execArgv of [['--regexp-tier-up'], ['--no-regexp-tier-up'], ['--no_regexp_tier_up'], ['--regexp_tier_up'], ['--noregexp-tier-up']]) expect(v8FlagsFor('20.20.2', execArgv, ['build'])).toEqual([budget]);
  });

  test('a flag of a similar name is neither', () => {
    expect(v8FlagsFor('20.20.2', ['--interrupt-budget-for-feedback-allocation=940', '--regexp-tier-up-ticks=5'], ['build'])).toEqual([budget, REGEXP_FLAG]);
  });
});
