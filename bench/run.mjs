// docs-gen build benchmark: cold builds of generated corpora, timed and checked against targets.
// Usage: node bench/run.mjs [--pages 250,2000] [--runs 3] [--keep] [--strict] [--verbose]
// Env: BENCH_PAGES, BENCH_RUNS (flags win); BENCH_CLI runs another docs-gen entry point
// instead of <repo>/bin/docs-gen.js (e.g. another checkout). See bench/README.md.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './corpus.mjs';
import { printTable, summarize } from './lib/report.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const repoDir = dirname(benchDir);
const defaultCli = join(repoDir, 'bin', 'docs-gen.js');
const cliPath = process.env.BENCH_CLI ? resolve(process.env.BENCH_CLI) : defaultCli;
const resultsDir = join(benchDir, 'results');

function parseArgs(argv) {
  const opts = { pages: process.env.BENCH_PAGES || '250,2000', runs: process.env.BENCH_RUNS || '3', keep: false, strict: false, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--pages') opts.pages = value();
    else if (flag === '--runs') opts.runs = value();
    else if (flag === '--keep') opts.keep = true;
    else if (flag === '--strict') opts.strict = true;
    else if (flag === '--verbose') opts.verbose = true;
    else if (flag === '--help' || flag === '-h') {
      console.log('usage: node bench/run.mjs [--pages 250,2000] [--runs 3] [--keep] [--strict] [--verbose]');
      process.exit(0);
    } else fail(`unknown argument ${argv[i]}`);
  }
  const pages = String(opts.pages).split(',').map((s) => Number(s.trim()));
  const runs = Number(opts.runs);
  if (!pages.length || pages.some((n) => !Number.isInteger(n) || n < 3)) fail(`--pages must be integers >= 3, got "${opts.pages}"`);
  if (!Number.isInteger(runs) || runs < 1) fail(`--runs must be a positive integer, got "${opts.runs}"`);
  return { ...opts, pages, runs };
}

let options = null;
const tempDirs = [];
let child = null;
function cleanup() {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (options?.keep) {
    if (tempDirs.length) console.log(`kept: ${tempDirs.splice(0).join(' ')}`);
  } else for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
function fail(message, details = '') {
  console.error(`\nbench: ${message}${details ? `\n${details}` : ''}`);
  cleanup();
  process.exit(1);
}
process.on('SIGINT', () => { cleanup(); process.exit(130); });
process.on('SIGTERM', () => { cleanup(); process.exit(143); });

/** Runs one cold build; resolves with wall time and the CLI's stats. */
function coldBuild(siteDir, statsFile) {
  for (const dir of ['out', '.docs-gen-cache', join('node_modules', '.cache')]) rmSync(join(siteDir, dir), { recursive: true, force: true });
  rmSync(statsFile, { force: true });
  const args = [cliPath, 'build', '--root', siteDir, '--out', join(siteDir, 'out')];
  return new Promise((resolve) => {
    const stdout = [];
    const stderr = [];
    const start = performance.now();
    child = spawn(process.execPath, args, {
      cwd: siteDir,
      env: { ...process.env, DOCS_GEN_STATS_FILE: statsFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => { stdout.push(d); if (options.verbose) process.stdout.write(d); });
    child.stderr.on('data', (d) => { stderr.push(d); if (options.verbose) process.stderr.write(d); });
    child.on('error', (err) => fail(`could not start ${args.join(' ')}: ${err.message}`));
    child.on('close', (code, signal) => {
      const wallMs = performance.now() - start;
      child = null;
      const out = Buffer.concat(stdout).toString();
      const err = Buffer.concat(stderr).toString();
      if (code !== 0) {
        fail(`build of ${siteDir} exited with ${signal ?? `code ${code}`}: node ${args.join(' ')}`, `--- stderr ---\n${err}${out ? `--- stdout (last 2000 chars) ---\n${out.slice(-2000)}` : ''}`);
      }
      if (!existsSync(statsFile)) fail(`build succeeded but wrote no stats to DOCS_GEN_STATS_FILE (${statsFile})`, err);
      let stats;
      try {
        stats = JSON.parse(readFileSync(statsFile, 'utf8'));
      } catch (e) {
        fail(`stats file ${statsFile} is not valid JSON: ${e.message}`);
      }
      for (const key of ['pages', 'ms', 'maxRssBytes']) {
        if (typeof stats[key] !== 'number') fail(`stats file lacks a numeric "${key}": ${JSON.stringify(stats)}`);
      }
      resolve({ wallMs, stats });
    });
  });
}

options = parseArgs(process.argv.slice(2));
if (!existsSync(cliPath)) fail(`${cliPath} not found`);
if (cliPath === defaultCli && !existsSync(join(repoDir, 'dist', 'src', 'cli.js'))) fail('dist/src/cli.js not found: run `node scripts/build-tool.mjs` first (npm run bench does)');

const statsDir = mkdtempSync(join(os.tmpdir(), 'docs-gen-bench-stats-'));
tempDirs.push(statsDir);
console.log(`docs-gen bench: pages ${options.pages.join(', ')}; ${options.runs} cold run(s) each; node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`);

const results = [];
for (const pages of options.pages) {
  const siteDir = mkdtempSync(join(os.tmpdir(), `docs-gen-bench-${pages}-`));
  tempDirs.push(siteDir);
  const t0 = performance.now();
  const corpus = generateCorpus({ dir: siteDir, pages });
  console.log(`\n[${pages} pages] corpus: ${corpus.folders} folders, written in ${(performance.now() - t0).toFixed(0)} ms → ${siteDir}`);
  const runs = [];
  for (let i = 1; i <= options.runs; i++) {
    const run = await coldBuild(siteDir, join(statsDir, `stats-${pages}-${i}.json`));
    runs.push(run);
    const rssMB = Math.round(run.stats.maxRssBytes / 1024 ** 2);
    console.log(`  run ${i}: wall ${run.wallMs.toFixed(0)} ms, CLI ${Math.round(run.stats.ms)} ms, ${run.stats.pages} pages built, max RSS ${rssMB} MB`);
    if (run.stats.pages < pages) console.warn(`  warning: the CLI reports ${run.stats.pages} pages built, the corpus has ${pages}`);
  }
  const summary = summarize({ pages, runs });
  results.push(summary);
  const time = summary.time.limitMs === null ? 'no time target' : `${summary.time.pass ? 'PASS' : 'MISS'} (target ≤ ${summary.time.limitMs / 1000} s)`;
  console.log(
    `  median ${summary.medianMs} ms (${summary.medianS.toFixed(2)} s), ${summary.msPerPage.toFixed(2)} ms/page: ${time}; ` +
      `peak ${summary.peakRssMB} MB: ${summary.memory.pass ? 'PASS' : 'MISS'} (target < 1 GB)`,
  );
}

const growthRatio = printTable(results);
const pass = results.every((r) => r.time.pass !== false && r.memory.pass !== false);
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, '.gitignore'), '*\n!.gitignore\n');
const report = {
  generatedAt: new Date().toISOString(),
  node: process.version,
  platform: `${os.platform()} ${os.arch()}`,
  cpu: { count: os.cpus().length, model: os.cpus()[0]?.model ?? null },
  totalMemBytes: os.totalmem(),
  runsPerSize: options.runs,
  results,
  growthRatio,
  pass,
};
writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\n${pass ? 'all targets met' : 'some targets MISSED'}; results in ${join('bench', 'results', 'latest.json')}`);
cleanup();
if (options.strict && !pass) process.exit(2);
