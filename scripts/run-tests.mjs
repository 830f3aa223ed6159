// `npm test`: the tool's build, the type checks and vitest, with the type checks beside the other
// two. tsc needs nothing the build makes: run first, it would hold the rest back while it checks
// (about 2 s with TypeScript 7, which checks on both cores; 15 s of one core with 5.9). vitest
// needs dist/, so it starts once the build is done.
// The type checks' output is held and printed after vitest's, so the two never interleave. Extra
// arguments go to vitest (`npm test -- tests/unit/x.test.ts`). Exit code: vitest's, else tsc's.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
// TypeScript 7 exports no `bin/tsc` subpath: found from its package.json, as vitest below.
const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
const vitest = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');

/** Runs node with `args` in the repository; resolves to its exit code and, when `hold`, what it printed. */
function run(args, { hold = false } = {}) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const chunks = [];
  if (hold) {
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
  }
  const done = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() })));
  return { child, done };
}

/**
 * Incremental: tsc keeps what it checked in node_modules/.cache (gone with `npm ci`), and a run
 * after a small change checks less (TypeScript 7: 3.4 + 1.1 CPU s cold, 0.9 + 0.4 warm).
 */
const tscArgs = (project, name) => [tsc, '-p', project, '--noEmit', '--incremental', '--tsBuildInfoFile', join(root, 'node_modules', '.cache', 'docs-gen', `tsc-${name}.tsbuildinfo`)];

async function typecheck() {
  for (const [project, name] of [['tsconfig.json', 'main'], ['theme/tsconfig.json', 'theme']]) {
    const { code, output } = await run(tscArgs(project, name), { hold: true }).done;
    if (code !== 0) return { code, output: `tsc -p ${project} --noEmit failed:\n${output}` };
  }
  return { code: 0, output: 'typecheck: tsc -p tsconfig.json and -p theme/tsconfig.json found no errors\n' };
}

const typechecked = typecheck();
const built = await run([join(root, 'scripts', 'build-tool.mjs')]).done;
if (built.code !== 0) {
  process.stderr.write((await typechecked).output);
  process.exit(built.code);
}
const tested = await run([vitest, 'run', ...process.argv.slice(2)]).done;
const types = await typechecked;
(types.code === 0 ? process.stdout : process.stderr).write(types.output);
process.exit(tested.code !== 0 ? tested.code : types.code);
