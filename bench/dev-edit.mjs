// docs-gen dev benchmark: how soon the first page is served after `docs-gen dev` starts, and how
// long a saved page edit takes to be on screen in Chromium (live reload), as medians.
// Usage: node bench/dev-edit.mjs [--pages 250] [--runs 3] [--edits 15] [--keep]
// Needs dist/ (node scripts/build-tool.mjs) and /usr/bin/chromium. See bench/README.md.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { generateCorpus } from './corpus.mjs';

const repoDir = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = join(repoDir, 'bin', 'docs-gen.js');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const options = { pages: arg('pages', 250), runs: arg('runs', 3), edits: arg('edits', 15), keep: process.argv.includes('--keep') };
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function freePort() {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Starts `docs-gen dev` as a writer would (the CLI, a fresh process). */
async function startDev(root) {
  const port = await freePort();
  const child = spawn(process.execPath, [cli, 'dev', '--root', root, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (d) => output.push(d));
  child.stderr.on('data', (d) => output.push(d));
  return { child, base: `http://127.0.0.1:${port}`, output: () => Buffer.concat(output).toString() };
}

async function stop(dev) {
  dev.child.kill('SIGTERM');
  await new Promise((done) => (dev.child.exitCode !== null ? done() : dev.child.once('exit', done)));
}

/** Milliseconds from spawning `dev` (cold: no cache) to the first complete page. */
async function firstPage(root, route) {
  rmSync(join(root, '.docs-gen-cache'), { recursive: true, force: true });
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

/** Save → new text painted in Chromium, for `edits` saves of one page; each in ms. */
async function editToScreen(browser, root, route, file) {
  const dev = await startDev(root);
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
    for (let waited = 0; !/compiled \d+ more pages? in the background/.test(dev.output()) && waited < 20_000; waited += 50) await sleep(50);
    const times = [];
    for (let i = 0; i < options.edits; i++) {
      const token = `Edited${Date.now()}n${i}`;
      const saved = Date.now();
      writeFileSync(path, original.replace(/^(---\n[\s\S]*?\n---\n)?/, (front) => `${front}\n${token} is new text.\n\n`));
      // Checked on every animation frame; the frame that first has the text is about to be painted.
      // Its time is in epoch ms (timeOrigin + now), comparable with Date.now() here.
      const shown = await page.waitForFunction((t) => (document.body?.textContent.includes(t) ? performance.timeOrigin + performance.now() : 0), token, { polling: 'raf', timeout: 10_000 });
      times.push((await shown.jsonValue()) - saved);
      await sleep(300);
    }
    return times;
  } finally {
    writeFileSync(path, original);
    await page.close();
    await stop(dev);
  }
}

if (!existsSync(join(repoDir, 'dist', 'src', 'cli.js'))) throw new Error('run `node scripts/build-tool.mjs` first');
const tmp = mkdtempSync(join(os.tmpdir(), 'docs-gen-bench-dev-'));
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
  console.log(`first page after start (${corpus.pages} pages): ${starts.map((t) => Math.round(t)).join(', ')} ms → median ${Math.round(median(starts))} ms (target ≤ 2000)`);

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const results = { firstPageMs: starts };
  try {
    for (const [name, root, route, file] of [
      ['corpus .md page', corpusDir, target.route, join('content', target.file)],
      ['real site .mdx page', realDir, '/rel/primer/basic-syntax', 'content/rel/primer/basic-syntax.mdx'],
    ]) {
      const times = await editToScreen(browser, root, route, file);
      results[name] = times;
      console.log(`save → on screen, ${name} ${route}: ${times.map((t) => Math.round(t)).join(', ')} ms → median ${Math.round(median(times))} ms (target ≤ 150)`);
    }
  } finally {
    await browser.close();
  }
  mkdirSync(join(repoDir, 'bench', 'results'), { recursive: true });
  writeFileSync(join(repoDir, 'bench', 'results', 'dev-latest.json'), `${JSON.stringify({ generatedAt: new Date().toISOString(), options, results }, null, 2)}\n`);
} finally {
  if (options.keep) console.log(`kept ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
}
