// docs-gen on this repository's own site (the Rel docs: 564 pages, MDX with components, code in a
// dozen languages, a config with an expression): cold builds, rebuilds with nothing changed,
// rebuilds after one page's edit, and `check`. Medians with min–max, wall time and CPU (user +
// system), and the one-page rebuild's stages as `build --timings` counts them.
// Usage: node bench/real-site.mjs [--runs 5]   (needs dist/: node scripts/build-tool.mjs; BENCH_CLI as below)
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { argument } from './lib/arguments.mjs';
import { makeGraveyard, removeGraveyard } from './lib/graveyard.mjs';
import { median } from './lib/report.mjs';

const repoDir = dirname(dirname(fileURLToPath(import.meta.url)));
// BENCH_CLI=path/to/bin/docs-gen.js times another copy of the tool (one before a change).
const cli = process.env.BENCH_CLI ?? join(repoDir, 'bin', 'docs-gen.js');
const runs = Number(argument('runs', 5));
/** The page each one-page rebuild edits: an MDX page of prose, code and components. */
const EDITED_PAGE = join('content', 'rel', 'primer', 'basic-syntax.mdx');
const GNU_TIME = '/usr/bin/time';

if (!existsSync(join(dirname(dirname(cli)), 'dist', 'src', 'cli.js'))) throw new Error('run `node scripts/build-tool.mjs` first');
const tmp = mkdtempSync(join(os.tmpdir(), 'docs-gen-bench-real-'));
const graveyard = makeGraveyard(tmp);
const site = join(tmp, 'site');
// Copied: a build must not replace the repository's out/ or cache.
for (const name of ['content', 'public', 'docs-gen.config.ts']) cpSync(join(repoDir, name), join(site, name), { recursive: true });

/** One run of the CLI: wall ms, CPU s (GNU time, when there), and the build's stages (its stats file). */
function run(command) {
  const stats = join(tmp, `stats-${process.hrtime.bigint()}.json`);
  const timeFile = join(tmp, 'time.txt');
  const args = [cli, command, '--root', site];
  const withTime = existsSync(GNU_TIME);
  const started = performance.now();
  const result = spawnSync(withTime ? GNU_TIME : process.execPath, withTime ? ['-f', '%U %S', '-o', timeFile, process.execPath, ...args] : args, {
    encoding: 'utf8',
    env: { ...process.env, DOCS_GEN_STATS_FILE: stats },
  });
  const wallMs = performance.now() - started;
  if (result.status !== 0) throw new Error(`docs-gen ${command} exited ${result.status}:\n${result.stderr.slice(-2000)}`);
  const cpuS = withTime ? readFileSync(timeFile, 'utf8').trim().split('\n').at(-1).split(' ').map(Number).reduce((a, b) => a + b, 0) : null;
  const stages = existsSync(stats) ? (JSON.parse(readFileSync(stats, 'utf8')).timings?.stages ?? null) : null;
  return { wallMs, cpuS, stages };
}

/** `median s (min–max), CPU median s` of some runs. */
function summary(list) {
  const walls = list.map((r) => r.wallMs / 1000);
  const cpus = list.map((r) => r.cpuS).filter((s) => s !== null);
  const range = `${Math.min(...walls).toFixed(2)}–${Math.max(...walls).toFixed(2)}`;
  return `${median(walls).toFixed(2)} s (${range})${cpus.length ? `, CPU ${median(cpus).toFixed(2)} s` : ''}`;
}

try {
  console.log(`docs-gen on this repository's site: ${runs} run(s) of each; node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const cold = [];
  for (let i = 0; i < runs; i++) {
    // The last build and its cache moved aside, not deleted (lib/graveyard.mjs).
    graveyard.bury(join(site, 'out'));
    graveyard.bury(join(site, '.docs-gen-cache'));
    cold.push(run('build'));
  }
  console.log(`cold build            ${summary(cold)}`);
  const warm = Array.from({ length: runs }, () => run('build'));
  console.log(`nothing changed       ${summary(warm)}`);
  const onePage = Array.from({ length: runs }, (_, i) => {
    appendFileSync(join(site, EDITED_PAGE), `\nOne more sentence, edit ${i + 1}.\n`);
    return run('build');
  });
  console.log(`one page changed      ${summary(onePage)}`);
  const names = onePage.find((r) => r.stages)?.stages.map((s) => s.stage) ?? [];
  const stageLine = names.map((stage) => `${stage} ${Math.round(median(onePage.map((r) => r.stages?.find((s) => s.stage === stage)?.ms ?? 0)))} ms`);
  if (stageLine.length) console.log(`  by stage (medians): ${stageLine.join(' · ')}`);
  // check keys its compiles without colour: its first run compiles every page, and is not counted.
  run('check');
  const check = Array.from({ length: runs }, () => run('check'));
  console.log(`check, cache warm     ${summary(check)}`);
} finally {
  removeGraveyard(graveyard);
  rmSync(tmp, { recursive: true, force: true });
}
