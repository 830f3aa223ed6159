import { setFlagsFromString } from 'node:v8';

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
 * The commands that run to an end: dev and preview serve for hours, where V8's default pays. The
 * command is the first argument that is not an option: no option before it takes a value
 * (`--debug` alone, src/cli.ts).
 */
const BATCH_COMMANDS = new Set(['build', 'check']);

/**
 * The V8 flags the CLI sets for its process, given its arguments (`process.argv.slice(2)`): the
 * interrupt budget above, for `build` and `check`, on Node 20 (V8 11.3), where it was measured.
 * Not for dev: its first page came 6 to 10 % sooner at 10 000 pages, but its first saves took
 * 95 to 114 ms to be on screen instead of 65 to 85, its per-save code optimised later. Not on
 * newer Node either: its V8 tiers up through another compiler first (Maglev), and a flag measured
 * for one tiering is not carried unmeasured to another. None when the command line sets the budget
 * itself (`node --interrupt-budget=67584 bin/docs-gen.js build`, V8's default, to compare).
 */
export function v8FlagsFor(nodeVersion: string, execArgv: readonly string[], args: readonly string[]): string[] {
  if (nodeVersion.split('.')[0] !== '20') return [];
  if (execArgv.some((arg) => /^--interrupt[-_]budget(=|$)/.test(arg))) return [];
  const command = args.find((arg) => !arg.startsWith('-'));
  return command !== undefined && BATCH_COMMANDS.has(command) ? [`--interrupt-budget=${INTERRUPT_BUDGET}`] : [];
}

/**
 * Sets `v8FlagsFor` this process. Called by `bin/docs-gen.js` before the CLI loads: V8 flags are
 * the process's, so the worker threads started later run with them too. Node warns that a flag
 * changed after start may do anything; this one is a number V8 reads each time it resets a
 * function's budget, and decides only when code is optimised, never what it computes. Set this
 * way it measured as the same flag on `node`'s command line did (cold 250 pages, 4 pairs:
 * 0.98–1.09 s either way), which `npx docs-gen` could not pass.
 */
export function tuneV8ForCommands(): void {
  for (const flag of v8FlagsFor(process.versions.node, process.execArgv, process.argv.slice(2))) setFlagsFromString(flag);
}
