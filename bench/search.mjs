// Local search benchmark (issue 9): index bytes (raw and gzipped) for the Rel site and for a
// generated site of 2000 pages; time from the first keystroke to the first result with the
// index not yet loaded (parse + engine build + first query; the network is not included);
// query latency (median and p95) once loaded.
//   node bench/search.mjs [--pages 2000] [--keep] [--site-only]      (npm run build:tool first)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { generateCorpus } from './corpus.mjs';
import { createSearchEngine } from '../dist/src/shared/search-engine.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const pages = Number(args[args.indexOf('--pages') + 1]) || 2000;
const keep = args.includes('--keep');
const siteOnly = args.includes('--site-only');
const QUERIES = ['schema', 'recursion', 'integrity constraints', 'csv import', 'python sdk', 'aggregaton', 'entites', 'modul', ':syntax', 'def output', 'how do I import a CSV file', 'shortest path', 'topic', 'section relation', 'data'];

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

function buildSite(root, out) {
  execFileSync(process.execPath, [join(repo, 'bin/docs-gen.js'), 'build', '--root', root, '--out', out], { stdio: 'ignore' });
}

function measure(label, out) {
  const json = readFileSync(join(out, '_next/static/chunks/nextra-data-en-US.json'));
  const searchChunk = readdirSync(join(out, '_docs-gen'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(out, '_docs-gen', f))).filter((b) => b.includes('Failed to load search index.'));
  const chunkGzip = searchChunk.reduce((n, b) => n + gzipSync(b).length, 0);
  const start = performance.now();
  const engine = createSearchEngine(JSON.parse(json.toString('utf8')));
  engine.search(QUERIES[0]);
  const firstResult = performance.now() - start;
  const latencies = [];
  for (let round = 0; round < 5; round++)
    for (const query of QUERIES) {
      // Each round a different query text, so flexsearch's cache does not answer.
      const t = performance.now();
      engine.search(round ? `${query} ${'abcde'[round]}` : query);
      latencies.push(performance.now() - t);
    }
  console.log(`${label}: index ${kb(json.length)} raw, ${kb(gzipSync(json).length)} gzipped; search chunk ${kb(chunkGzip)} gzipped; downloaded before the first result ${kb(gzipSync(json).length + chunkGzip)} gzipped`);
  console.log(`  first keystroke → first result (index not loaded, network excluded): ${firstResult.toFixed(0)} ms`);
  console.log(`  query latency once loaded: median ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms (${latencies.length} queries)`);
}

const siteOut = mkdtempSync(join(tmpdir(), 'docs-gen-search-bench-'));
const corpus = mkdtempSync(join(tmpdir(), 'docs-gen-search-corpus-'));
try {
  buildSite(repo, join(siteOut, 'out'));
  measure('Rel site', join(siteOut, 'out'));
  if (!siteOnly) {
    generateCorpus({ dir: corpus, pages });
    buildSite(corpus, join(corpus, 'out'));
    measure(`${pages} generated pages`, join(corpus, 'out'));
  }
} finally {
  if (!keep) for (const dir of [siteOut, corpus]) rmSync(dir, { recursive: true, force: true });
}
