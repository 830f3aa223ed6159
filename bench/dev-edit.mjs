// docs-gen dev benchmark: how soon the first page is served after `docs-gen dev` starts, and how
// long a saved page edit takes to be on screen in Chromium (live reload), as medians.
// Usage: node bench/dev-edit.mjs [--pages 250] [--runs 3] [--edits 15] [--memory-edits 1000] [--no-real-site] [--keep]
// Needs dist/ (node scripts/build-tool.mjs) and /usr/bin/chromium. See bench/README.md.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import WebSocket from 'ws';
import { generateCorpus } from './corpus.mjs';
import { makeGraveyard, removeGraveyard } from './lib/graveyard.mjs';
import { againstLimit } from './lib/report.mjs';

const repoDir = dirname(dirname(fileURLToPath(import.meta.url)));
// BENCH_CLI=path/to/bin/docs-gen.js times another entry point (a copy of the tool before a change).
const cli = process.env.BENCH_CLI ?? join(repoDir, 'bin', 'docs-gen.js');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const options = {
  pages: arg('pages', 250),
  runs: arg('runs', 3),
  edits: arg('edits', 15),
  memoryEdits: arg('memory-edits', 0),
  realSite: !process.argv.includes('--no-real-site'),
  keep: process.argv.includes('--keep'),
};
const quantile = (list, q) => [...list].sort((a, b) => a - b)[Math.ceil(q * list.length) - 1];
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
const summary = (times) => `median ${Math.round(median(times))} ms, p90 ${Math.round(quantile(times, 0.9))} ms`;
/** A change as a fraction, written as a signed percentage (`+1.2 %`, `-0.4 %`). */
const signedPercent = (fraction) => `${fraction >= 0 ? '+' : ''}${(fraction * 100).toFixed(1)} %`;
/** Memory is flat when its floor grew by less than this fraction (the target's 5 %). */
const FLAT_WITHIN = 0.05;
/** Resident memory of the dev process (its worker threads included), MiB. */
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function freePort() {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** A line of V8's `--trace-gc` for a full collection: the isolate (a thread) and the heap it kept, in MB. */
const FULL_GC = /^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: Mark-Compact(?: \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \(/;

/**
 * Starts `docs-gen dev` as a writer would (the CLI, a fresh process). With `traceGc`, under V8's
 * `--trace-gc`: `fullGcs` gathers, as they come, each full collection's thread and the heap it
 * kept (what a leak raises, unlike the process's RSS, which also holds the free pages V8 keeps).
 */
async function startDev(root, { traceGc = false } = {}) {
  const port = await freePort();
  // With `traceGc`, its inspector may be opened later (`liveHeapProbe`): on a free port of 127.0.0.1.
  const child = spawn(process.execPath, [...(traceGc ? ['--trace-gc', '--inspect-port=127.0.0.1:0'] : []), cli, 'dev', '--root', root, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const fullGcs = [];
  let partial = '';
  // Decoded as a stream: a character split across two chunks stays whole.
  if (traceGc) child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d) => {
    if (!traceGc) return void output.push(d);
    const lines = (partial + d).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      const gc = FULL_GC.exec(line);
      // V8 prints MiB as "MB".
      if (gc) fullGcs.push({ at: Date.now(), isolate: gc[1], keptMiB: Number(gc[2]) });
      else if (!/^\[\d+:0x[0-9a-f]+\]/.test(line)) output.push(Buffer.from(`${line}\n`));
    }
  });
  child.stderr.on('data', (d) => output.push(d));
  return { child, base: `http://127.0.0.1:${port}`, output: () => Buffer.concat(output).toString(), fullGcs };
}

/**
 * Opens the inspector of a dev started with `traceGc` (SIGUSR1) and answers a function that makes
 * its main thread collect its whole heap and gives the heap it kept, MiB: what a leak raises,
 * measured at the moments the bench chooses rather than whenever V8 next collects.
 */
async function liveHeapProbe(dev) {
  dev.child.kill('SIGUSR1');
  let url;
  for (let waited = 0; !(url = /Debugger listening on (ws:\/\/\S+)/.exec(dev.output())?.[1]); waited += 20) {
    if (waited > 30_000) throw new Error(`dev's inspector did not open:\n${dev.output()}`);
    await sleep(20);
  }
  const socket = new WebSocket(url);
  await new Promise((done, fail) => socket.once('open', done).once('error', fail));
  const answers = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    answers.get(message.id)?.(message);
    answers.delete(message.id);
  });
  let lastId = 0;
  const call = (method) =>
    new Promise((done, fail) => {
      const id = ++lastId;
      answers.set(id, (message) => (message.error ? fail(new Error(`${method}: ${message.error.message}`)) : done(message.result)));
      socket.send(JSON.stringify({ id, method }));
    });
  return {
    async keptMiB() {
      await call('HeapProfiler.collectGarbage');
      return (await call('Runtime.getHeapUsage')).usedSize / 1024 / 1024;
    },
    close: () => socket.close(),
  };
}

async function stop(dev) {
  dev.child.kill('SIGTERM');
  await new Promise((done) => (dev.child.exitCode !== null ? done() : dev.child.once('exit', done)));
}

/**
 * Milliseconds from spawning `dev` to the first complete page: cold (no `.docs-gen-cache`, as a
 * first-ever start: every page file is read), or a restart (the cache a finished start left:
 * the pages' outline comes from `dev-outline.json`, the files are only stat'ed).
 */
async function firstPage(root, route, { restart = false } = {}) {
  if (!restart) graveyard.bury(join(root, '.docs-gen-cache'));
  // The bench's own HTTP client loads before the clock starts: Node's fetch loads undici on its
  // first call, a tenth of a CPU second that competed with dev's start for this machine's two
  // cores (the reader's browser is running already when dev starts).
  await fetch(`http://127.0.0.1:${await freePort()}/`).catch(() => undefined);
  const started = performance.now();
  const dev = await startDev(root);
  try {
    for (;;) {
      const response = await fetch(`${dev.base}${route}`).catch(() => undefined);
      if (response?.status === 200) {
        await response.text();
        return performance.now() - started;
      }
      if (dev.child.exitCode !== null) throw new Error(`dev exited:\n${dev.output()}`);
      if (performance.now() - started > 30_000) throw new Error(`no page after 30 s:\n${dev.output()}`);
      await sleep(5);
    }
  } finally {
    await stop(dev);
  }
}

/**
 * Save → new text painted in Chromium, for `edits` saves of one page; each in ms. With
 * `memoryEdits`, then saves that many more times (each waited for on screen) and samples the dev
 * process's RSS every 100 edits.
 */
async function editToScreen(browser, root, route, file, memoryEdits = 0) {
  const dev = await startDev(root, { traceGc: memoryEdits > 0 });
  const path = join(root, file);
  const original = readFileSync(path, 'utf8');
  const page = await browser.newPage();
  try {
    for (let tries = 0; ; tries++) {
      const response = await page.goto(`${dev.base}${route}`).catch(() => undefined);
      if (response?.status() === 200) break;
      if (tries > 300) throw new Error(`dev never served ${route}:\n${dev.output()}`);
      await sleep(20);
    }
    // Edits start once the rest of the site has compiled in the background, as while a writer reads.
    // (At most 20 s, or 20 ms a page on a large corpus.)
    const backgroundLimit = Math.max(20_000, options.pages * 20);
    for (let waited = 0; !/compiled \d+ more pages? in the background/.test(dev.output()) && waited < backgroundLimit; waited += 50) await sleep(50);
    const editOnce = async (i, pause) => {
      const token = `Edited${Date.now()}n${i}`;
      const saved = Date.now();
      writeFileSync(path, original.replace(/^(---\n[\s\S]*?\n---\n)?/, (front) => `${front}\n${token} is new text.\n\n`));
      // Checked on every animation frame; the frame that first has the text is about to be painted.
      // Its time is in epoch ms (timeOrigin + now), comparable with Date.now() here.
      const shown = await page.waitForFunction((t) => (document.body?.textContent.includes(t) ? performance.timeOrigin + performance.now() : 0), token, { polling: 'raf', timeout: 30_000 });
      const ms = (await shown.jsonValue()) - saved;
      await sleep(pause);
      return ms;
    };
    const times = [];
    for (let i = 0; i < options.edits; i++) times.push(await editOnce(i, 300));
    if (!memoryEdits) return { times };
    // Memory over many edits: RSS before the first and after every 10th (pauses short, as a writer saving often).
    const probe = await liveHeapProbe(dev);
    const liveHeap = [{ edits: 0, mib: await probe.keptMiB() }];
    const rss = [{ edits: 0, mib: rssMiB(dev.child.pid) }];
    const longTimes = [];
    // When each edit was saved: a full collection counts the edits saved before it.
    const savedAt = [];
    for (let i = 1; i <= memoryEdits; i++) {
      savedAt.push(Date.now());
      longTimes.push(await editOnce(options.edits + i, 30));
      if (i % 10 === 0) rss.push({ edits: i, mib: rssMiB(dev.child.pid) });
      if (i % 100 === 0) {
        liveHeap.push({ edits: i, mib: await probe.keptMiB() });
        console.log(`  after ${i} edits: RSS ${Math.round(rss.at(-1).mib)} MiB, heap kept by a full collection ${Math.round(liveHeap.at(-1).mib)} MiB, last 100 saves → screen ${summary(longTimes.slice(-100))}`);
      }
    }
    // A last sample when the count is not a multiple of 100: the second half is never empty.
    if (memoryEdits % 100 !== 0) liveHeap.push({ edits: memoryEdits, mib: await probe.keptMiB() });
    probe.close();
    const fullGcs = dev.fullGcs.filter((gc) => gc.at >= savedAt[0]).map(({ at, isolate, keptMiB }) => ({ edits: savedAt.filter((t) => t <= at).length, isolate, keptMiB }));
    return { times, rss, longTimes, fullGcs, liveHeap };
  } finally {
    writeFileSync(path, original);
    await page.close();
    await stop(dev);
  }
}

/**
 * Each thread's heap after its full collections over the edits, the first half's lowest against
 * the second half's: the growth of the thread that grew most, and lines to print. Undefined
 * growth when no thread collected in both halves.
 */
function keptHeapGrowth(fullGcs, edits) {
  const byThread = new Map();
  for (const gc of fullGcs) byThread.set(gc.isolate, [...(byThread.get(gc.isolate) ?? []), gc]);
  const lines = [];
  let growth;
  for (const [isolate, gcs] of byThread) {
    const first = gcs.filter((gc) => gc.edits <= edits / 2).map((gc) => gc.keptMiB);
    const second = gcs.filter((gc) => gc.edits > edits / 2).map((gc) => gc.keptMiB);
    const kept = gcs.map((gc) => `${Math.round(gc.keptMiB)} (${gc.edits})`).join(', ');
    if (!first.length || !second.length) {
      lines.push(`  heap kept by full collections, thread ${isolate}: ${kept} MiB (edits before) — not in both halves`);
      continue;
    }
    // The lowest of each half, as for the RSS: what a save in progress holds when a collection runs is not kept.
    const [firstLow, secondLow] = [Math.min(...first), Math.min(...second)];
    const grew = secondLow / firstLow - 1;
    growth = Math.max(growth ?? -Infinity, grew);
    lines.push(`  heap kept by full collections, thread ${isolate}: ${kept} MiB (edits before); lowest ${Math.round(firstLow)} then ${Math.round(secondLow)} MiB (${signedPercent(grew)}) → ${grew < FLAT_WITHIN ? 'flat' : 'growing'}`);
  }
  return { growth, lines };
}

function writeResults(results) {
  mkdirSync(join(repoDir, 'bench', 'results'), { recursive: true });
  writeFileSync(join(repoDir, 'bench', 'results', 'dev-latest.json'), `${JSON.stringify({ generatedAt: new Date().toISOString(), options, results }, null, 2)}\n`);
}

if (!existsSync(join(repoDir, 'dist', 'src', 'cli.js'))) throw new Error('run `node scripts/build-tool.mjs` first');
const tmp = mkdtempSync(join(os.tmpdir(), 'docs-gen-bench-dev-'));
/** Where each cold start's predecessor cache goes (lib/graveyard.mjs). */
const graveyard = makeGraveyard(tmp);
try {
  const corpusDir = join(tmp, 'corpus');
  const corpus = generateCorpus({ dir: corpusDir, pages: options.pages });
  const target = corpus.routes.find((r) => r.route.split('/').length > 3) ?? corpus.routes[1];
  // The real site (MDX pages), copied so edits never touch the repository's content.
  const realDir = join(tmp, 'real-site');
  for (const name of ['content', 'public', 'docs-gen.config.ts']) if (existsSync(join(repoDir, name))) cpSync(join(repoDir, name), join(realDir, name), { recursive: true });
  console.log(`docs-gen dev bench: ${corpus.pages}-page corpus, ${options.runs} cold start(s), ${options.edits} edits per site; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`);

  const starts = [];
  for (let i = 0; i < options.runs; i++) starts.push(await firstPage(corpusDir, target.route));
  console.log(`first page after a cold start (${corpus.pages} pages, no cache): ${starts.map((t) => Math.round(t)).join(', ')} ms → median ${Math.round(median(starts))} ms (target ≤ 2000)`);
  // A restart: one start left its outline cache (written once dev watches, after its first answer).
  const outline = join(corpusDir, '.docs-gen-cache', 'dev-outline.json');
  const priming = await startDev(corpusDir);
  for (let waited = 0; !existsSync(outline) && waited < 60_000; waited += 50) await sleep(50);
  await stop(priming);
  const restarts = [];
  for (let i = 0; i < options.runs; i++) restarts.push(await firstPage(corpusDir, target.route, { restart: true }));
  console.log(`first page after a restart (${corpus.pages} pages, outline cached): ${restarts.map((t) => Math.round(t)).join(', ')} ms → median ${Math.round(median(restarts))} ms (target ≤ 2000)`);
  const results = { firstPageMs: starts, restartFirstPageMs: restarts };
  // The dev targets, as bench/run.mjs --dev prints them in its table.
  const targets = [];
  const addTarget = (name, figure, met) => targets.push({ target: name, figure, met });
  /** A row whose figure is `value` against `limit` (report.mjs's `againstLimit`). */
  const addAgainst = (name, value, limit, format) => targets.push({ target: name, ...againstLimit(value, limit, format) });
  addAgainst(`dev: first page ≤ 2 s at ${corpus.pages} (cold start)`, median(starts) / 1000, 2, { unit: ' s' });
  addAgainst(`dev: first page ≤ 2 s at ${corpus.pages} (restart)`, median(restarts) / 1000, 2, { unit: ' s' });
  results.targets = targets;
  // No saves asked for: no browser, and the folders removed below all the same.
  const measureSaves = options.edits + options.memoryEdits > 0;
  const browser = measureSaves ? await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] }) : null;
  try {
    const sites = measureSaves ? [['corpus .md page', corpusDir, target.route, join('content', target.file), options.memoryEdits]] : [];
    if (measureSaves && options.realSite) sites.push(['real site .mdx page', realDir, '/rel/primer/basic-syntax', 'content/rel/primer/basic-syntax.mdx', 0]);
    for (const [name, root, route, file, memoryEdits] of sites) {
      const { times, rss, longTimes, fullGcs, liveHeap } = await editToScreen(browser, root, route, file, memoryEdits);
      results[name] = times;
      console.log(`save → on screen, ${name} ${route}: ${times.map((t) => Math.round(t)).join(', ')} ms → ${summary(times)} (target median ≤ 150)`);
      addAgainst(`dev: save → on screen ≤ 150 ms, ${name}`, median(times), 150, { digits: 0, unit: ' ms' });
      if (rss) {
        results[`${name} RSS MiB every 10 edits`] = rss;
        results[`${name} ${memoryEdits} edits ms`] = longTimes;
        // RSS holds garbage until V8 collects it: between major collections it climbs (here by up
        // to 1 GiB at 10 000 pages) and then drops, so one sample says little. What a leak raises
        // is the floor, the lowest RSS of a stretch of edits: flat when the floor of the second
        // half of the edits is within 5 % of the first half's.
        const edited = rss.filter((r) => r.edits > 0);
        const half = Math.floor(edited.length / 2);
        const [first, second] = [edited.slice(0, half), edited.slice(half)].map((part) => part.map((r) => r.mib));
        const floor = (list) => Math.min(...list);
        const growth = floor(second) / floor(first) - 1;
        const every100 = rss.filter((r) => r.edits % 100 === 0).map((r) => Math.round(r.mib));
        console.log(`RSS over ${memoryEdits} edits (MiB, every 100): ${every100.join(', ')}`);
        console.log(`  lowest RSS (sampled every 10 edits): first half ${Math.round(floor(first))} MiB, second half ${Math.round(floor(second))} MiB (${signedPercent(growth)}); highest ${Math.round(Math.max(...first))} and ${Math.round(Math.max(...second))} MiB → ${growth < FLAT_WITHIN ? 'flat' : 'higher'}`);
        console.log(`save → on screen over those ${memoryEdits} edits: ${summary(longTimes)}`);
        results[`${name} full collections over ${memoryEdits} edits`] = fullGcs;
        results[`${name} main thread's heap after a full collection, MiB every 100 edits`] = liveHeap;
        // The collections V8 chose to make, for each thread: what they kept, for the record.
        for (const line of keptHeapGrowth(fullGcs, memoryEdits).lines) console.log(line);
        // The heap the main thread keeps after a full collection is what a leak of JavaScript
        // objects raises, without the free pages V8 keeps committed, which the RSS floor counts.
        // It is taken after a collection the bench asks for every 100 edits (through the inspector):
        // left to V8, full collections came every 300 to 550 edits, as a save left more or less
        // garbage, and the halves they fell in decided the figure. The lowest of each half, within
        // 5 %. The RSS floor (the collections asked for lower it too) still bounds what that heap
        // cannot see (buffers and native memory, the workers' heaps): within 20 %.
        const liveHalf = Math.ceil(liveHeap.length / 2);
        const [liveFirst, liveSecond] = [liveHeap.slice(0, liveHalf), liveHeap.slice(liveHalf)].map((part) => floor(part.map((r) => r.mib)));
        const liveGrowth = liveSecond / liveFirst - 1;
        console.log(`  main thread's heap after a full collection every 100 edits (MiB): ${liveHeap.map((r) => Math.round(r.mib)).join(', ')}; lowest ${Math.round(liveFirst)} then ${Math.round(liveSecond)} MiB (${signedPercent(liveGrowth)})`);
        const rssBound = 0.2;
        const met = liveGrowth < FLAT_WITHIN && growth < rssBound;
        const figure = `heap kept ${signedPercent(liveGrowth)}, RSS floor ${signedPercent(growth)}`;
        console.log(`memory over ${memoryEdits} edits: ${met ? 'flat (met)' : 'growing (not met)'}: ${figure} (heap within 5 %, RSS floor within ${rssBound * 100} %)`);
        addTarget(`dev: memory flat over ${memoryEdits} edits at ${corpus.pages}`, figure, met);
      }
    }
  } finally {
    await browser?.close();
  }
  writeResults(results);
} finally {
  removeGraveyard(graveyard);
  if (options.keep) console.log(`kept ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
}
