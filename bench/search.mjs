// Local search benchmark (issue 9), for the Rel site and a generated site of 2000 pages:
// - index bytes, raw and gzipped: the seed's nextra-data file, the head the box fetches first,
//   and the text parts;
// - in Chromium, from the first keystroke (index not yet loaded: the focus that loads it and the
//   query arrive together) to the first result on screen, and the gzipped bytes of what the page
//   fetched for search in that time (the search chunk, the head, any text part);
// - in Chromium, from the same keystroke to a hit only the section text holds (the Rel site: a
//   word of a RelOutput table; the generated site's words are in titles too);
// - query latency (median, p95) once loaded, through the same engine code in Node;
// and each budget with met/missed.
//   node bench/search.mjs [--pages 2000] [--keep] [--site-only]      (npm run build:tool first)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { generateCorpus } from './corpus.mjs';
import { serveStatic } from '../dist/src/dev/static-server.js';
import { createSearchEngine } from '../dist/src/shared/search-engine.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const pages = Number(args[args.indexOf('--pages') + 1]) || 2000;
const keep = args.includes('--keep');
const siteOnly = args.includes('--site-only');
const QUERIES = ['schema', 'recursion', 'integrity constraints', 'csv import', 'python sdk', 'aggregaton', 'entites', 'modul', ':syntax', 'def output', 'how do I import a CSV file', 'shortest path', 'topic', 'section relation', 'data'];
const KB = 1024;
const BUDGETS = { site: 300 * KB, generated: 1024 * KB };

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const verdict = (value, budget) => (value <= budget ? 'met' : 'MISSED');

function buildSite(root, out) {
  execFileSync(process.execPath, [join(repo, 'bin/docs-gen.js'), 'build', '--root', root, '--out', out], { stdio: 'ignore' });
}

/** Search files of a build: the seed's file, the head, the parts; raw and gzipped sizes. */
function searchFiles(out) {
  const chunks = join(out, '_next/static/chunks');
  const size = (file) => {
    const bytes = readFileSync(join(chunks, file));
    return { raw: bytes.length, gz: gzipSync(bytes).length };
  };
  const parts = readdirSync(chunks).filter((f) => /^nextra-search-en-US-\d+\./.test(f));
  const sum = (list) => list.reduce((a, b) => ({ raw: a.raw + b.raw, gz: a.gz + b.gz }), { raw: 0, gz: 0 });
  return { seed: size('nextra-data-en-US.json'), head: size('nextra-search-en-US.json'), parts: sum(parts.map(size)), partCount: parts.length };
}

/** One fresh page per measure; returns ms from the keystroke to the first option, and the gzipped bytes fetched for search by then. */
async function firstResult(browser, base, out, query) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.waitForLoadState('load');
  const fetched = [];
  page.on('requestfinished', (request) => fetched.push(new URL(request.url()).pathname));
  const elapsed = await page.evaluate(
    (text) =>
      new Promise((resolve) => {
        const panel = document.getElementById('search-results');
        const input = document.getElementById('search-input');
        const start = performance.now();
        const done = () => {
          if (panel.querySelector('li[role="option"]')) {
            observer.disconnect();
            resolve(performance.now() - start);
          }
        };
        const observer = new MutationObserver(done);
        observer.observe(panel, { childList: true, subtree: true });
        input.focus();
        input.value = text;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    query,
  );
  // Everything fetched for search by the time the result showed (the protocol delivers those
  // events before the evaluation's answer): the search chunk, the head, any part.
  const before = fetched.filter((url) => url.includes('nextra-search-') || isSearchChunk(out, url));
  const bytes = before.reduce((n, url) => n + gzipSync(readFileSync(join(out, decodeURIComponent(url)))).length, 0);
  await context.close();
  return { ms: elapsed, bytes, files: before.length };
}

const chunkCache = new Map();
function isSearchChunk(out, url) {
  if (!url.endsWith('.js')) return false;
  if (!chunkCache.has(url)) {
    const file = join(out, decodeURIComponent(url));
    chunkCache.set(url, statSync(file, { throwIfNoEntry: false })?.isFile() ? readFileSync(file).includes('Failed to load search index.') : false);
  }
  return chunkCache.get(url);
}

async function measure(label, out, { titleQuery, textQuery, budget }) {
  const files = searchFiles(out);
  console.log(`${label}:`);
  console.log(`  index: nextra-data ${kb(files.seed.raw)} raw / ${kb(files.seed.gz)} gz; head ${kb(files.head.raw)} / ${kb(files.head.gz)} gz; text in ${files.partCount} parts ${kb(files.parts.raw)} / ${kb(files.parts.gz)} gz`);
  const server = createServer((request, response) => void serveStatic(request, response, { root: out, basePath: '' }));
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await firstResult(browser, base, out, titleQuery));
    const median = runs.sort((a, b) => a.ms - b.ms)[1];
    console.log(`  first keystroke → first result ("${titleQuery}", Chromium, index not loaded, median of 3): ${median.ms.toFixed(0)} ms; downloaded before it ${kb(median.bytes)} gz in ${median.files} files — budget ${kb(budget)}: ${verdict(median.bytes, budget)}`);
    if (!textQuery) return files;
    const text = await firstResult(browser, base, out, textQuery);
    console.log(`  first keystroke → a hit only section text holds ("${textQuery}"): ${text.ms.toFixed(0)} ms; downloaded before it ${kb(text.bytes)} gz`);
  } finally {
    await browser.close();
    server.close();
    measureLatency(out);
  }
  return files;
}

function measureLatency(out) {
  const engine = createSearchEngine(JSON.parse(readFileSync(join(out, '_next/static/chunks/nextra-data-en-US.json'), 'utf8')));
  const latencies = [];
  for (let round = 0; round < 5; round++)
    for (const query of QUERIES) {
      // Each round a different query text, so no cache answers.
      const t = performance.now();
      engine.search(round ? `${query} ${'abcde'[round]}` : query);
      latencies.push(performance.now() - t);
    }
  console.log(`  query latency once loaded (Node, same engine): median ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms (${latencies.length} queries)`);
}

const siteOut = mkdtempSync(join(tmpdir(), 'docs-gen-search-bench-'));
const corpus = mkdtempSync(join(tmpdir(), 'docs-gen-search-corpus-'));
try {
  buildSite(repo, join(siteOut, 'out'));
  await measure('Rel site', join(siteOut, 'out'), { titleQuery: 'recursion', textQuery: 'furniture', budget: BUDGETS.site });
  if (!siteOnly) {
    generateCorpus({ dir: corpus, pages });
    buildSite(corpus, join(corpus, 'out'));
    const files = await measure(`${pages} generated pages`, join(corpus, 'out'), { titleQuery: 'topic', textQuery: '', budget: BUDGETS.generated });
    // Issue 9: ≤ 1 MB gzipped, or loaded in parts so that no query waits for the whole site.
    console.log(`  whole index ${kb(files.head.gz + files.parts.gz)} gz (budget ${kb(BUDGETS.generated)}: ${verdict(files.head.gz + files.parts.gz, BUDGETS.generated)}); in parts, first result after the head alone ${kb(files.head.gz)} gz: ${verdict(files.head.gz, BUDGETS.generated)}`);
  }
} finally {
  if (!keep) for (const dir of [siteOut, corpus]) rmSync(dir, { recursive: true, force: true });
}
