import { setFlagsFromString } from 'node:v8';
import { buildRootOf, commandOf, countPagesAhead, NO_PAGES, type PageCount } from './content-pages.ts';

/**
 * V8 hands a function to its optimising compiler (TurboFan) once the function has run a set
 * amount of bytecode, its interrupt budget. A docs-gen command runs most of its functions a few
 * hundred to a few thousand times (once or a few times per page) and then ends, and with V8's
 * default budget (66 KB of bytecode in Node 20) TurboFan spent CPU on many functions that ended
 * before the optimised code repaid it, on the two cores the worker threads share. With about
 * fifteen times the default, only the really hot code (markdown-it's and shiki's inner loops)
 * is optimised: on the bench's corpora (medians of alternating runs), cold builds of 250 pages
 * took 22 % less time and 24 % less CPU, of 2000 pages 5 % less time and 7 % less CPU, a
 * one-page rebuild at 2000 pages 5 % less time and 15 % less CPU, and 10 000 pages the same
 * within the machine's noise (bench/README.md, "V8's interrupt budget"). The
 * output is byte for byte the same: a tier changes how fast code runs, not what it computes.
 */
export const INTERRUPT_BUDGET = 1_000_000;

/**
 * A build that compiles this many pages or more (`pagesABuildCompiles`) runs with
 * `LARGE_BUILD_INTERRUPT_BUDGET` instead. Its functions that run once a page (a compile's, a
 * render's, the main thread's look-ups and search pieces) run thousands of times: with a budget of
 * 1 000 000 many were still unoptimised after a thousand calls, and a loop of compiles of the same
 * 1000 pages took 0.53 ms a page against 0.39 with V8's default. With 400 000 for the whole
 * process, cold builds of 10 000 `.md` pages were faster in 7 of 8 alternating pairs (by 0.5 s,
 * the median of the pairs' differences, of 10.5 to 12.2 s) and of 2000 pages in 9 of 16 (about
 * 3 %); at 1000 pages the two were the same (10 pairs, 5 faster). For the workers alone at 2000 pages, 200 000 measured the same as 400 000, and both
 * 3 000 000 and V8's default slower than 1 000 000 (3.03 and 3.23 s against 2.91 and 2.95). At
 * 250 pages 400 000 was slower (0.81 → 0.89 s, 10 pairs): smaller builds keep 1 000 000
 * (bench/README.md, "V8's budget by the pages a build compiles").
 */
export const LARGE_BUILD_PAGES = 1000;
export const LARGE_BUILD_INTERRUPT_BUDGET = 400_000;

/**
 * The commands that run to an end (`commandOf`): dev and preview serve for hours, where V8's
 * default pays.
 */
const BATCH_COMMANDS = new Set(['build', 'check']);

/**
 * V8 compiles a regular expression the first time it runs to bytecode, and the second time to
 * machine code (`--regexp-tier-up`). shiki runs each grammar expression it needs at once on every
 * code block of a language, and its grammars' expressions are large (JavaScript's longest are
 * 6 KB of Unicode classes), so every worker of every build paid to compile each one twice: the
 * JavaScript grammar's 381, run on one line, took 158 ms with V8's default and 60 ms compiled to
 * machine code at once. On this repository's site (Rel, Bash, Python, JavaScript, Julia, Go and
 * more) cold builds took 5 % less time and CPU (bench/README.md, "Regular expressions compiled
 * once"); on the bench's corpora, of Rel, Python and JSON alone, the same within the
 * noise. Matches are the same: a tier changes how an expression runs, not what it matches.
 */
export const REGEXP_FLAG = '--no-regexp-tier-up';

/** The commands that colour code: a build's compiles (check colours none, a server few). */
const HIGHLIGHTING_COMMANDS = new Set(['build']);

/**
 * The worker threads' semi-space, in MiB, for a build that compiles fewer than
 * `SMALL_YOUNG_GENERATION_PAGES` pages. V8 lets each thread's young generation grow to two
 * semi-spaces of 16 MiB, and touching memory for the first time costs about 15 µs a 4 KiB page on
 * this machine (bench/README.md, "Memory touched for the first time"). A worker's garbage is a
 * page's compile and render, and most of it dies young: with 4 MiB, cold builds of 2000 `.md`
 * pages made 12 000 fewer page faults and took 0.26 s less (9 faster of 10 alternating pairs,
 * CPU 9.96 → 9.32 s), and of 250 pages 0.02 s less (6 of 10, CPU −3 %). At 3000 pages it was the
 * same (5 pairs), and at 5000 and 10 000 slower (3 of 4 and 2 of 3 pairs, by 2–5 %): a larger
 * site keeps more in each worker between pages, which then survives more collections
 * (bench/README.md, "The workers' young generation"). Not for a site with an `.mdx` page: a page
 * the MDX compiler takes keeps its syntax trees (mdast, hast, estree) alive across many more
 * allocations than a Markdown page's, and with 4 MiB they survive scavenges and are copied: a
 * cold build of 2000 `.mdx` pages with a component each took 19.9 s against 14.6 (4 of 4 pairs,
 * CPU 37.2 → 27.5 s; "The semi-space kept for `.mdx` sites"). Which `.mdx` pages the MDX compiler
 * takes is known only once they are read, and one such page costs about 25 times what the
 * smaller semi-space saves a Markdown page. The main thread's heap is made before the flag is
 * set, and keeps V8's default.
 */
export const WORKER_SEMI_SPACE_MB = 4;
export const SMALL_YOUNG_GENERATION_PAGES = 3000;

/**
 * The V8 flags the CLI sets for its process, given its arguments (`process.argv.slice(2)`), on
 * Node 20 (V8 11.3), where they were measured:
 * - the interrupt budget above, for `build` and `check`; for a `build` that compiles
 *   `LARGE_BUILD_PAGES` or more (`pagesItCompiles`, counted by `pagesABuildCompiles`),
 *   `LARGE_BUILD_INTERRUPT_BUDGET`. Not for dev: its first page came 6 to
 *   10 % sooner at 10 000 pages, but its first saves took 95 to 114 ms to be on screen instead of
 *   65 to 85, its per-save code optimised later;
 * - `REGEXP_FLAG`, for `build`;
 * - `WORKER_SEMI_SPACE_MB` as the worker threads' semi-space, for a `build` that compiles at least
 *   one page and fewer than `SMALL_YOUNG_GENERATION_PAGES`, none of them `.mdx` (a rebuild with
 *   the compile cache counts none: its young generation measured the same either way).
 *
 * Not on newer Node: its V8 tiers up through another compiler first (Maglev), and a flag measured
 * for one tiering is not carried unmeasured to another. No flag when the command line sets it
 * itself (`node --interrupt-budget=67584 --regexp-tier-up --max-semi-space-size=16 bin/docs-gen.js
 * build`, V8's defaults, to compare).
 */
export function v8FlagsFor(nodeVersion: string, execArgv: readonly string[], args: readonly string[], pagesItCompiles: () => PageCount = () => NO_PAGES): string[] {
  if (nodeVersion.split('.')[0] !== '20') return [];
  const command = commandOf(args);
  if (command === undefined) return [];
  const flags: string[] = [];
  // Counted once, and only for a build with a flag that is the tool's to set (a listing of `content/`).
  let counted: PageCount | undefined;
  const count = () => (counted ??= pagesItCompiles());
  const pages = () => count().pages;
  if (BATCH_COMMANDS.has(command) && !setsFlag(execArgv, 'interrupt-budget')) {
    flags.push(`--interrupt-budget=${command === 'build' && pages() >= LARGE_BUILD_PAGES ? LARGE_BUILD_INTERRUPT_BUDGET : INTERRUPT_BUDGET}`);
  }
  if (HIGHLIGHTING_COMMANDS.has(command) && !setsFlag(execArgv, 'regexp-tier-up')) flags.push(REGEXP_FLAG);
  if (command === 'build' && !setsFlag(execArgv, 'max-semi-space-size') && pages() > 0 && pages() < SMALL_YOUNG_GENERATION_PAGES && count().mdxPages === 0) flags.push(`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`);
  return flags;
}

/** Whether `execArgv` sets the V8 flag `name` (dashes or underscores, `--no-`, `--no` or neither, with a value or not). */
function setsFlag(execArgv: readonly string[], name: string): boolean {
  const spelt = name.replaceAll('-', '[-_]');
  return execArgv.some((arg) => new RegExp(`^--(?:no[-_]?)?${spelt}(=|$)`).test(arg));
}

/**
 * Sets `v8FlagsFor` this process. Called by `bin/docs-gen.js` before the CLI loads: V8 flags are
 * the process's, so the worker threads started later run with them too. Node warns that a flag
 * changed after start may do anything; the budget and the expressions' tier are read each time V8
 * decides how to run code (when it resets a function's budget, when it compiles an expression),
 * before any of the CLI's code or a build's expressions run (only the count of a build's pages,
 * `pagesABuildCompiles`, runs first), and the semi-space when a thread's heap is made (this
 * thread's was made before, so only the workers take it); they decide only how, never what is
 * computed. A thread takes the budget in force when it starts: the worker threads, started later,
 * run with it. Set this way each
 * measured as the same flag on `node`'s command line did (the budget: cold 250 pages, 4 pairs,
 * 0.98–1.09 s either way; the expressions: this repository's site, 4 pairs, 5 % less time each),
 * which `npx docs-gen` could not pass.
 */
export function tuneV8ForCommands(): void {
  const args = process.argv.slice(2);
  for (const flag of v8FlagsFor(process.versions.node, process.execArgv, args, () => pagesABuildCompiles(args))) setFlagsFromString(flag);
}

/**
 * The pages a `build` with these arguments compiles (`countPagesAhead`, which keeps the count for
 * the build to take): its root as `--root` gives it (`.` by default, as the CLI's), with or
 * without the cache (`--no-cache`). Asked by `v8FlagsFor`, once, only for a `build` with a flag
 * that is the tool's to set (Node 20; the budget or the semi-space not on the command line).
 */
export function pagesABuildCompiles(args: readonly string[]): PageCount {
  return countPagesAhead(buildRootOf(args), !args.includes('--no-cache'));
}
