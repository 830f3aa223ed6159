// docs-gen speed at scale (issue 13): cold, warm and one-page builds of generated `.md` and
// `.mdx` corpora, page bytes and output size by site size, start-up, and Hugo on the same
// corpus in the same run (when `hugo` is installed). Prints every target with met/missed.
// Usage: node bench/run.mjs [--pages 250,2000] [--large] [--runs 3] [--formats md,mdx,mdx-jsx] [--dev]
//                           [--no-hugo] [--no-floor] [--keep] [--strict] [--verbose]
// Beside the targets it prints what bounds them: a bare JavaScript build of the same corpus
// (bench/floor.mjs) and a one-page rebuild of a one-page site.
// Env: BENCH_PAGES, BENCH_RUNS (flags win); BENCH_CLI runs another docs-gen entry point.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './corpus.mjs';
import { makeGraveyard, removeGraveyard } from './lib/graveyard.mjs';
import { writeHugoSite } from './lib/hugo-site.mjs';
import { againstLimit, median } from './lib/report.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const repoDir = dirname(benchDir);
const defaultCli = join(repoDir, 'bin', 'docs-gen.js');
const cliPath = process.env.BENCH_CLI ? resolve(process.env.BENCH_CLI) : defaultCli;
const resultsDir = join(benchDir, 'results');
const GNU_TIME = '/usr/bin/time';
const MiB = 1024 ** 2;

function parseArgs(argv) {
  const opts = { pages: process.env.BENCH_PAGES || '250,2000', runs: process.env.BENCH_RUNS || '3', formats: 'md,mdx,mdx-jsx', large: false, hugo: true, floor: true, keep: false, strict: false, verbose: false, dev: false, devPages: '10000', devMemoryEdits: '1000' };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--pages') opts.pages = value();
    else if (flag === '--runs') opts.runs = value();
    else if (flag === '--formats') opts.formats = value();
    else if (flag === '--large') opts.large = true;
    else if (flag === '--no-hugo') opts.hugo = false;
    else if (flag === '--no-floor') opts.floor = false;
    else if (flag === '--keep') opts.keep = true;
    else if (flag === '--strict') opts.strict = true;
    else if (flag === '--verbose') opts.verbose = true;
    else if (flag === '--dev') opts.dev = true;
    else if (flag === '--dev-pages') opts.devPages = value();
    else if (flag === '--dev-memory-edits') opts.devMemoryEdits = value();
    else if (flag === '--help' || flag === '-h') {
      console.log('usage: node bench/run.mjs [--pages 250,2000] [--large] [--runs 3] [--formats md,mdx,mdx-jsx] [--no-hugo] [--no-floor] [--dev [--dev-pages 10000] [--dev-memory-edits 1000]] [--keep] [--strict] [--verbose]');
      process.exit(0);
    } else fail(`unknown argument ${argv[i]}`);
  }
  const pages = String(opts.pages).split(',').map((s) => Number(s.trim()));
  if (opts.large && !pages.includes(10_000)) pages.push(10_000);
  const runs = Number(opts.runs);
  const formats = String(opts.formats).split(',').map((s) => s.trim());
  if (!pages.length || pages.some((n) => !Number.isInteger(n) || n < 3)) fail(`--pages must be integers >= 3, got "${opts.pages}"`);
  if (!Number.isInteger(runs) || runs < 1) fail(`--runs must be a positive integer, got "${opts.runs}"`);
  if (!formats.includes('md') || formats.some((f) => !['md', 'mdx', 'mdx-jsx'].includes(f))) fail(`--formats must include md (and may add mdx, mdx-jsx), got "${opts.formats}"`);
  const devPages = Number(opts.devPages);
  const devMemoryEdits = Number(opts.devMemoryEdits);
  if (!Number.isInteger(devPages) || devPages < 3 || !Number.isInteger(devMemoryEdits) || devMemoryEdits < 0) fail('--dev-pages must be an integer >= 3 and --dev-memory-edits one >= 0');
  return { ...opts, pages: pages.sort((a, b) => a - b), runs, formats, devPages, devMemoryEdits };
}

let options;
const tempDirs = [];
/** Where each cold run's predecessor goes (lib/graveyard.mjs); in the bench's first temporary folder. */
let graveyard = null;
let child = null;
function cleanup() {
  // The whole group: killing GNU time alone left the build it runs writing into the folders removed below.
  if (child && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }
  // Never kept: old builds, gigabytes at 10 000 pages.
  if (graveyard) removeGraveyard(graveyard);
  if (options?.keep) {
    if (tempDirs.length) console.log(`kept: ${tempDirs.splice(0).join(' ')}`);
  } else for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
function fail(message, details = '') {
  console.error(`\nbench: ${message}${details ? `\n${details}` : ''}`);
  cleanup();
  process.exit(1);
}
process.on('SIGINT', () => { cleanup(); process.exit(130); });
process.on('SIGTERM', () => { cleanup(); process.exit(143); });

const hasGnuTime = existsSync(GNU_TIME);

/**
 * Runs a command to its end; resolves with wall ms and, through GNU time, CPU seconds (user +
 * system, threads included) and peak resident memory.
 */
function measure(command, args, cwd, statsFile) {
  const timeFile = join(tempDirs[0], `time-${process.hrtime.bigint()}.txt`);
  const [program, programArgs] = hasGnuTime ? [GNU_TIME, ['-f', '%U %S %M', '-o', timeFile, command, ...args]] : [command, args];
  return new Promise((done) => {
    const output = [];
    const start = performance.now();
    // A process group of its own (`detached`), so that an interrupted bench ends the run and what it started (cleanup).
    child = spawn(program, programArgs, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: statsFile ? { ...process.env, DOCS_GEN_STATS_FILE: statsFile } : process.env });
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => { output.push(d); if (options.verbose) process.stdout.write(d); });
    child.on('error', (error) => fail(`could not start ${command}: ${error.message}`));
    child.on('close', (code, signal) => {
      const wallMs = performance.now() - start;
      child = null;
      if (code !== 0) fail(`${command} ${args.join(' ')} exited with ${signal ?? `code ${code}`}`, Buffer.concat(output).toString().slice(-3000));
      let cpuS = null;
      let peakBytes = null;
      if (hasGnuTime) {
        const [user, system, maxKb] = readFileSync(timeFile, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
        cpuS = user + system;
        peakBytes = maxKb * 1024;
      }
      // The build's own account of its stages (`build --timings`), which docs-gen writes into the stats file.
      const stages = statsFile ? JSON.parse(readFileSync(statsFile, 'utf8')).timings?.stages ?? null : null;
      done({ wallMs, cpuS, peakBytes, stages });
    });
  });
}

/** A site's last build and caches, moved aside rather than deleted (lib/graveyard.mjs). */
const clean = (dir, names) => { for (const name of names) graveyard.bury(join(dir, name)); };
const docsGen = (siteDir) => measure(process.execPath, [cliPath, 'build', '--root', siteDir, '--out', join(siteDir, 'out')], siteDir, join(tempDirs[0], `stats-${process.hrtime.bigint()}.json`));

/** Each stage's median time over `runs` (their `stages`, from the build's timings), in the order the build went through them. */
function stageMedians(runs) {
  const names = runs.find((r) => r.stages)?.stages.map((s) => s.stage) ?? [];
  return names.map((stage) => ({ stage, ms: median(runs.map((r) => r.stages?.find((s) => s.stage === stage)?.ms).filter((ms) => ms !== undefined)) }));
}
const coldDocsGen = (siteDir) => { clean(siteDir, ['out', '.docs-gen-cache', join('node_modules', '.cache')]); return docsGen(siteDir); };
const coldHugo = (hugoDir) => { clean(hugoDir, ['public', 'resources', 'out']); return measure('hugo', ['--quiet', '-s', hugoDir, '-d', join(hugoDir, 'out')], hugoDir); };
/** A bare JavaScript build of `siteDir` into `outDir` in `threads` threads (bench/floor.mjs), its last output moved aside first. */
const floorBuild = (siteDir, outDir, threads) => { clean(dirname(outDir), [basename(outDir)]); return measure(process.execPath, [join(benchDir, 'floor.mjs'), siteDir, '--out', outDir, '--threads', String(threads)], siteDir); };
/** The pool sizes the floor is timed with: one thread (one warm-up of the compilers) and as many as docs-gen's pool on this machine. */
const FLOOR_THREADS = [...new Set([1, Math.max(1, Math.min(os.availableParallelism(), 8))])];
const threadsNamed = (count) => `${count} thread${count === 1 ? '' : 's'}`;

function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}
function folderBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  return total;
}

/** Median and range of one measure over runs (null when not measured). */
function stat(runs, key) {
  const values = runs.map((r) => r[key]).filter((v) => typeof v === 'number');
  if (!values.length) return null;
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}
const seconds = (s) => (s === null ? 'n/a' : `${(s.median / 1000).toFixed(2)} s (${(s.min / 1000).toFixed(2)}–${(s.max / 1000).toFixed(2)})`);
const cpu = (s) => (s === null ? 'n/a' : `${s.median.toFixed(2)} s`);

/** Cold builds at `pages` pages and their rebuilds, in rounds; `oneSite` is the one-page site benchStartUp made, rebuilt in each round too. */
async function benchSize(pages, statsDir, oneSite) {
  const sites = {};
  for (const format of options.formats) {
    const dir = mkdtempSync(join(os.tmpdir(), `docs-gen-bench-${pages}-${format}-`));
    tempDirs.push(dir);
    generateCorpus({ dir, pages, ext: extensionOf(format), component: format === 'mdx-jsx' });
    sites[format] = dir;
  }
  let hugoDir = null;
  if (options.hugo) {
    hugoDir = join(statsDir, `hugo-${pages}`);
    writeHugoSite(sites.md, hugoDir);
  }
  const floorOut = join(statsDir, `floor-${pages}`);
  await settle();
  console.log(`\n[${pages} pages] ${options.formats.join(' + ')} corpora${hugoDir ? ' + Hugo' : ''}${options.floor ? ' + the floor' : ''}; ${options.runs} round(s), each: a cold run of each in turn, then the warm and one-page rebuilds`);
  const cold = Object.fromEntries(options.formats.map((f) => [f, []]));
  const hugo = [];
  /** The floor's runs by its thread count. */
  const floor = new Map((options.floor ? FLOOR_THREADS : []).map((threads) => [threads, []]));
  // The rebuilds run in each round, after its cold runs, not in a series after them all: this
  // machine's speed drifts by a third over minutes, and a ratio to the cold build should divide
  // figures taken over the same stretch of time. The `mdx-jsx` site's are printed, not targets.
  const rebuilt = Object.fromEntries(['md', 'mdx-jsx'].filter((f) => sites[f]).map((f) => [f, { warm: [], onePage: [], edited: editedPage(sites[f], extensionOf(f)) }]));
  const onePageSite = [];
  let pageBytes = 0;
  let outputBytes = 0;
  for (let i = 1; i <= options.runs; i++) {
    for (const format of options.formats) cold[format].push(await coldDocsGen(sites[format]));
    if (hugoDir) hugo.push(await coldHugo(hugoDir));
    for (const [threads, runs] of floor) runs.push(await floorBuild(sites.md, floorOut, threads));
    if (i === options.runs) {
      // What a reader downloads, from the .md site's last cold build (before its rebuilds).
      const out = join(sites.md, 'out');
      const pagesHtml = htmlFiles(out).filter((file) => !/\/(404|500)(\/index)?\.html$/.test(file));
      pageBytes = median(pagesHtml.map((file) => statSync(file).size));
      outputBytes = folderBytes(out);
    }
    for (const [format, runs] of Object.entries(rebuilt)) {
      runs.warm.push(await docsGen(sites[format]));
      runs.onePage.push(await buildAfterEdit(sites[format], runs.edited, `${pages}.${i}`));
    }
    // The one-page target's floor, in the same round: a rebuild after an edit of a site that has no other page to look up.
    onePageSite.push(await buildAfterEdit(oneSite.site, oneSite.page, `${pages}.${i}`));
    // The pages just put back, like the corpora just written, are too recent for a build's source
    // index to record; the next round's cold builds would leave them out of it, and its warm
    // rebuild would read them again, which round 1's would not. After the last round the next
    // size's own wait (above) comes first.
    if (i < options.runs) await settle();
    const line = options.formats
      .map((f) => `${f} ${(cold[f].at(-1).wallMs / 1000).toFixed(2)} s`)
      .concat(hugoDir ? [`hugo ${(hugo.at(-1).wallMs / 1000).toFixed(2)} s`] : [])
      .concat([...floor].map(([threads, runs]) => `floor (${threadsNamed(threads)}) ${(runs.at(-1).wallMs / 1000).toFixed(2)} s`));
    const rebuildLine = Object.entries(rebuilt).map(([f, runs]) => `${f} warm ${(runs.warm.at(-1).wallMs / 1000).toFixed(2)} s, one page ${(runs.onePage.at(-1).wallMs / 1000).toFixed(2)} s`);
    console.log(`  round ${i}: cold ${line.join(', ')}; then ${rebuildLine.join('; ')}; the one-page site's page edited ${(onePageSite.at(-1).wallMs / 1000).toFixed(2)} s`);
  }
  const { warm, onePage } = rebuilt.md;
  const jsx = rebuilt['mdx-jsx'] ?? null;
  const summary = {
    pages,
    cold: Object.fromEntries(options.formats.map((f) => [f, { wallMs: stat(cold[f], 'wallMs'), cpuS: stat(cold[f], 'cpuS'), peakBytes: stat(cold[f], 'peakBytes') }])),
    hugo: hugoDir ? { wallMs: stat(hugo, 'wallMs'), cpuS: stat(hugo, 'cpuS'), peakBytes: stat(hugo, 'peakBytes') } : null,
    floor: [...floor].map(([threads, runs]) => ({ threads, wallMs: stat(runs, 'wallMs'), cpuS: stat(runs, 'cpuS') })),
    warm: { wallMs: stat(warm, 'wallMs'), cpuS: stat(warm, 'cpuS') },
    onePage: { wallMs: stat(onePage, 'wallMs'), cpuS: stat(onePage, 'cpuS'), stages: stageMedians(onePage) },
    onePageSite: { wallMs: stat(onePageSite, 'wallMs'), cpuS: stat(onePageSite, 'cpuS') },
    ...(jsx ? { jsxWarm: { wallMs: stat(jsx.warm, 'wallMs'), cpuS: stat(jsx.warm, 'cpuS') }, jsxOnePage: { wallMs: stat(jsx.onePage, 'wallMs'), cpuS: stat(jsx.onePage, 'cpuS') } } : {}),
    pageBytes,
    outputBytes,
  };
  const md = summary.cold.md;
  console.log(`  md cold ${seconds(md.wallMs)}, CPU ${cpu(md.cpuS)} (${((md.cpuS?.median ?? 0) * 1000 / pages).toFixed(2)} ms/page), peak ${md.peakBytes ? Math.round(md.peakBytes.max / MiB) : '?'} MiB`);
  if (summary.cold.mdx) console.log(`  mdx cold ${seconds(summary.cold.mdx.wallMs)} (${(summary.cold.mdx.wallMs.median / md.wallMs.median).toFixed(2)}× md)`);
  // Not a target (its text is not the .md corpus's): what the MDX compiler itself costs, since the plain .mdx corpus goes to markdown-it.
  if (summary.cold['mdx-jsx']) console.log(`  mdx with a component on each page cold ${seconds(summary.cold['mdx-jsx'].wallMs)} (${(summary.cold['mdx-jsx'].wallMs.median / md.wallMs.median).toFixed(2)}× md; not a target)`);
  for (const f of summary.floor) console.log(`  floor, ${threadsNamed(f.threads)} (bench/floor.mjs) ${seconds(f.wallMs)}, CPU ${cpu(f.cpuS)}`);
  if (summary.hugo) console.log(`  hugo cold ${seconds(summary.hugo.wallMs)}, CPU ${cpu(summary.hugo.cpuS)} → docs-gen/hugo wall ${(md.wallMs.median / summary.hugo.wallMs.median).toFixed(2)}×, CPU ${md.cpuS && summary.hugo.cpuS ? (md.cpuS.median / summary.hugo.cpuS.median).toFixed(2) : 'n/a'}×`);
  // CPU seconds beside wall time: on a shared machine the wall-time ratio moves with the load, the CPU one much less.
  const ratios = (run) => `${(run.wallMs.median / md.wallMs.median).toFixed(2)}× cold, CPU ${run.cpuS.median.toFixed(2)} s = ${(run.cpuS.median / md.cpuS.median).toFixed(2)}×`;
  console.log(`  warm ${seconds(summary.warm.wallMs)} (${ratios(summary.warm)}); one page changed ${seconds(summary.onePage.wallMs)} (${ratios(summary.onePage)})`);
  if (summary.onePage.stages.length) {
    const inStages = summary.onePage.stages.reduce((sum, s) => sum + s.ms, 0);
    console.log(`  one page changed, by stage (medians, as \`build --timings\` counts them): ${summary.onePage.stages.map((s) => `${s.stage} ${Math.round(s.ms)} ms`).join(' · ')}; outside them, ${Math.round(summary.onePage.wallMs.median - inStages)} ms (Node's start, loading docs-gen, the process's exit)`);
  }
  if (summary.jsxWarm) {
    const jsxCold = summary.cold['mdx-jsx'].wallMs.median;
    console.log(`  mdx with a component: warm ${seconds(summary.jsxWarm.wallMs)} (${(summary.jsxWarm.wallMs.median / jsxCold).toFixed(2)}× its cold); one page changed ${seconds(summary.jsxOnePage.wallMs)} (${(summary.jsxOnePage.wallMs.median / jsxCold).toFixed(2)}×; not targets)`);
  }
  console.log(`  a page's HTML (median) ${(pageBytes / 1024).toFixed(1)} KiB; output ${(outputBytes / MiB).toFixed(1)} MiB`);
  return summary;
}

/** A corpus format's page extension: the `mdx` and `mdx-jsx` corpora are both `.mdx`. */
const extensionOf = (format) => (format === 'md' ? 'md' : 'mdx');

/** The page a one-page rebuild edits: a section's index page (`index.<extension>`). */
function editedPage(site, extension) {
  return join(site, 'content', readdirSync(join(site, 'content')).find((name) => name.startsWith('section-')), `index.${extension}`);
}

/**
 * A build of `site` after a sentence is appended to `page`; the page's text is put back after it,
 * so that every round's cold build (and Hugo's copy, written once) is of the same corpus.
 * `label` makes the sentence one no earlier build of the run compiled: the one-page site is edited
 * at every size, and a text its caches already hold would be no change at all.
 */
async function buildAfterEdit(site, page, label) {
  const text = readFileSync(page, 'utf8');
  appendFileSync(page, `\nOne more sentence, edit ${label}.\n`);
  const run = await docsGen(site);
  writeFileSync(page, text);
  return run;
}

/**
 * Waits until files written now are older than a build's source index takes on trust
 * (`RACY_MARGIN_MS`, 2 s, in src/util): before a timed build that should find them settled.
 */
const SETTLE_MS = 2500;
const settle = () => new Promise((done) => setTimeout(done, SETTLE_MS));

/** CPU seconds of a one-page build: what starting docs-gen costs. The site stays for the rounds' one-page-site rebuilds (`onePageSite`). */
async function benchStartUp() {
  const dir = mkdtempSync(join(os.tmpdir(), 'docs-gen-bench-one-'));
  tempDirs.push(dir);
  mkdirSync(join(dir, 'content'), { recursive: true });
  writeFileSync(join(dir, 'content', 'index.md'), '# One page\n\nThe only page of this site.\n');
  writeFileSync(join(dir, 'docs-gen.config.ts'), "export default { title: 'One' }\n");
  const runs = [];
  for (let i = 0; i < options.runs; i++) runs.push(await coldDocsGen(dir));
  return { wallMs: stat(runs, 'wallMs'), cpuS: stat(runs, 'cpuS'), site: dir, page: join(dir, 'content', 'index.md') };
}

/**
 * `bench/dev-edit.mjs` on a corpus of `--dev-pages` (first page, save → on screen, memory over
 * `--dev-memory-edits` saves), its targets read back from its results file for the one table.
 */
function benchDev() {
  const args = [join(benchDir, 'dev-edit.mjs'), '--pages', String(options.devPages), '--runs', String(options.runs), '--memory-edits', String(options.devMemoryEdits), '--no-real-site'];
  console.log(`\n[dev] node ${args.map((a) => relativeToRepo(a)).join(' ')}`);
  const run = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, BENCH_CLI: cliPath } });
  if (run.status !== 0) fail(`bench/dev-edit.mjs exited with ${run.signal ?? `code ${run.status}`}`);
  const { results } = JSON.parse(readFileSync(join(resultsDir, 'dev-latest.json'), 'utf8'));
  return results.targets ?? [];
}
const relativeToRepo = (path) => (path.startsWith(`${repoDir}/`) ? path.slice(repoDir.length + 1) : path);

function targets(results, startUp, devRows) {
  const rows = [];
  /** A row whose figure is `value` against `limit` (report.mjs's `againstLimit`: ≤ unless `below`). */
  const add = (target, value, limit, format) => rows.push({ target, ...againstLimit(value, limit, format) });
  const ratio = { unit: '×' };
  const bySize = new Map(results.map((r) => [r.pages, r]));
  for (const r of results) {
    if (r.hugo) {
      add(`cold .md within 1.5× Hugo at ${r.pages} (wall)`, r.cold.md.wallMs.median / r.hugo.wallMs.median, 1.5, ratio);
      // On a shared machine CPU time is the steadier comparison; both are shown.
      if (r.cold.md.cpuS && r.hugo.cpuS) add(`cold .md within 1.5× Hugo at ${r.pages} (CPU)`, r.cold.md.cpuS.median / r.hugo.cpuS.median, 1.5, ratio);
    }
    if (r.cold.mdx) add(`.mdx ≤ 1.4× .md at ${r.pages}`, r.cold.mdx.wallMs.median / r.cold.md.wallMs.median, 1.4, ratio);
    const peak = r.cold.md.peakBytes?.max;
    const limitGiB = r.pages >= 10_000 ? 2 : r.pages >= 2000 ? 1 : null;
    if (limitGiB && peak) add(`peak memory < ${limitGiB} GB at ${r.pages}`, peak / MiB, limitGiB * 1024, { digits: 0, unit: ' MiB', below: true });
  }
  const small = results[0];
  const large = results.at(-1);
  if (results.length > 1 && small.cold.md.cpuS && large.cold.md.cpuS) {
    const growth = (large.cold.md.cpuS.median / large.pages) / (small.cold.md.cpuS.median / small.pages);
    add(`CPU per page flat or falling (${large.pages} ÷ ${small.pages})`, growth, 1.1);
  }
  const at2000 = bySize.get(2000);
  for (const r of at2000 ? [at2000] : []) {
    add('warm rebuild ≤ 0.25× cold at 2000', r.warm.wallMs.median / r.cold.md.wallMs.median, 0.25, ratio);
    add('one changed page ≤ 0.1× cold at 2000', r.onePage.wallMs.median / r.cold.md.wallMs.median, 0.1, ratio);
    add('output at 2000 ≤ 100 MiB', r.outputBytes / MiB, 100, { digits: 1, unit: ' MiB' });
  }
  if (results.length > 1) add(`page bytes at ${large.pages} within 1.2× of ${small.pages}`, large.pageBytes / small.pageBytes, 1.2, ratio);
  if (startUp.cpuS) add('start-up of a one-page build ≤ 0.8 CPU s', startUp.cpuS.median, 0.8, { unit: ' s' });
  rows.push(...devRows);
  const width = Math.max(...rows.map((row) => row.target.length));
  console.log(`\n${'target'.padEnd(width)}  figure    met`);
  for (const row of rows) console.log(`${row.target.padEnd(width)}  ${row.figure.padEnd(8)}  ${row.met ? 'met' : 'MISSED'}`);
  if (!devRows.length) console.log('(dev at 10 000 pages — first page, save → screen, memory over edits: add --dev, or node bench/dev-edit.mjs)');
  return rows;
}

/**
 * What bounds the cold and one-page targets, printed under them (not targets): at each size, the
 * bare JavaScript build's time (the faster of its thread counts) against Hugo's and docs-gen's; and
 * a one-page site's rebuild after an edit against the cold build at 2000 pages (the one-page
 * target's size), or at the largest size in the run without it.
 */
function bounds(results) {
  const rows = [];
  for (const r of results) {
    const timed = r.floor.filter((f) => f.wallMs);
    if (!timed.length) continue;
    const best = timed.reduce((a, b) => (b.wallMs.median < a.wallMs.median ? b : a));
    const parts = [`${(best.wallMs.median / 1000).toFixed(2)} s`];
    if (r.hugo) parts.push(`${(best.wallMs.median / r.hugo.wallMs.median).toFixed(2)}× Hugo`);
    parts.push(`docs-gen ${(r.cold.md.wallMs.median / best.wallMs.median).toFixed(2)}× it`);
    rows.push({ bound: `a bare JavaScript build at ${r.pages} (bench/floor.mjs, ${threadsNamed(best.threads)})`, figure: parts.join(' · '), floorMs: best.wallMs.median, threads: best.threads });
  }
  const reference = results.find((r) => r.pages === 2000) ?? results.at(-1);
  if (reference?.onePageSite.wallMs) {
    const ms = reference.onePageSite.wallMs.median;
    rows.push({ bound: 'one changed page of a one-page site', figure: `${(ms / 1000).toFixed(2)} s · ${(ms / reference.cold.md.wallMs.median).toFixed(2)}× cold at ${reference.pages}`, onePageSiteMs: ms });
  }
  if (!rows.length) return rows;
  const width = Math.max(...rows.map((row) => row.bound.length));
  console.log(`\n${'what bounds them (not targets)'.padEnd(width)}  figure`);
  for (const row of rows) console.log(`${row.bound.padEnd(width)}  ${row.figure}`);
  return rows;
}

options = parseArgs(process.argv.slice(2));
if (!existsSync(cliPath)) fail(`${cliPath} not found`);
if (cliPath === defaultCli && !existsSync(join(repoDir, 'dist', 'src', 'cli.js'))) fail('dist/src/cli.js not found: run `node scripts/build-tool.mjs` first (npm run bench does)');
if (options.hugo && spawnSync('hugo', ['version']).status !== 0) {
  console.log('hugo is not installed (apt-get install hugo): no Hugo ratios this run');
  options.hugo = false;
}
const statsDir = mkdtempSync(join(os.tmpdir(), 'docs-gen-bench-'));
tempDirs.unshift(statsDir);
graveyard = makeGraveyard(statsDir);
const hugoVersion = options.hugo ? spawnSync('hugo', ['version'], { encoding: 'utf8' }).stdout.trim().split(' ').slice(0, 2).join(' ') : null;
console.log(`docs-gen bench: pages ${options.pages.join(', ')}; ${options.runs} run(s) each; node ${process.version}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}${hugoVersion ? `; ${hugoVersion}` : ''}${hasGnuTime ? '' : '; no /usr/bin/time: wall time only'}`);

const startUp = await benchStartUp();
console.log(`\none-page build: ${seconds(startUp.wallMs)}, CPU ${cpu(startUp.cpuS)}`);
const results = [];
for (const pages of options.pages) results.push(await benchSize(pages, statsDir, startUp));
const devRows = options.dev ? benchDev() : [];
const rows = targets(results, startUp, devRows);
const boundRows = bounds(results);
const pass = rows.every((row) => row.met);
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, '.gitignore'), '*\n!.gitignore\n');
const report = { generatedAt: new Date().toISOString(), node: process.version, hugo: hugoVersion, loadAverage: os.loadavg(), cpu: { count: os.cpus().length, model: os.cpus()[0]?.model ?? null }, runs: options.runs, startUp: { wallMs: startUp.wallMs, cpuS: startUp.cpuS }, results, targets: rows, bounds: boundRows, pass };
writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\n${pass ? 'all targets met' : 'some targets MISSED'}; results in ${join('bench', 'results', 'latest.json')}`);
cleanup();
if (options.strict && !pass) process.exit(2);
