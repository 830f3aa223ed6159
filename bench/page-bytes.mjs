// Page bytes by site size: does a page's HTML grow with the site? (issue 13)
// Usage: node bench/page-bytes.mjs [--pages 250,2000] [--with-10000] [--keep]
// Builds the bench corpus once per size (bench/corpus.mjs) and reports the median and largest
// page's HTML, the sidebar JSON and the whole output folder, with the targets: median page
// bytes at the largest size within 1.2× of the smallest; output at 2000 pages ≤ 100 MiB.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './corpus.mjs';
import { median } from './lib/report.mjs';

const repoDir = dirname(dirname(fileURLToPath(import.meta.url)));
const cliPath = process.env.BENCH_CLI ? resolve(process.env.BENCH_CLI) : join(repoDir, 'bin', 'docs-gen.js');
const OUTPUT_LIMIT_AT_2000 = 100 * 1024 ** 2;
const PAGE_GROWTH_LIMIT = 1.2;

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const valueOf = (name) => {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? undefined : argv[i + 1];
};
const sizes = String(valueOf('pages') ?? '250,2000').split(',').map(Number);
if (flag('with-10000') && !sizes.includes(10000)) sizes.push(10000);

/** Every file under `dir` with its size. */
function filesOf(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((path) => ({ path, bytes: statSync(join(dir, path)).size }))
    .filter((file) => statSync(join(dir, file.path)).isFile());
}

const mib = (bytes) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const rows = [];
for (const pages of sizes) {
  const dir = mkdtempSync(join(os.tmpdir(), `docs-gen-page-bytes-${pages}-`));
  try {
    generateCorpus({ dir, pages });
    const started = performance.now();
    const build = spawnSync(process.execPath, [cliPath, 'build', '--root', dir, '--out', join(dir, 'out')], { encoding: 'utf8', maxBuffer: 64 * 1024 ** 2 });
    if (build.status !== 0) throw new Error(`build of ${pages} pages failed:\n${build.stderr}`);
    const seconds = (performance.now() - started) / 1000;
    const files = filesOf(join(dir, 'out'));
    // Content pages only: the theme's special pages (404, 500, search) are not part of the corpus.
    const pagesHtml = files.filter((f) => f.path.endsWith('index.html') && !/^(404|500|search)\//.test(f.path));
    const sidebarJson = files.filter((f) => /_docs-gen\/sidebar-.*\.json$/.test(f.path));
    rows.push({
      pages,
      seconds,
      medianPage: median(pagesHtml.map((f) => f.bytes)),
      largestPage: Math.max(...pagesHtml.map((f) => f.bytes)),
      sidebarJson: sidebarJson.reduce((sum, f) => sum + f.bytes, 0),
      output: files.reduce((sum, f) => sum + f.bytes, 0),
    });
  } finally {
    if (flag('keep')) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

console.log('pages   build s   median page   largest page   sidebar JSON   output');
for (const r of rows) {
  console.log(`${String(r.pages).padEnd(8)}${r.seconds.toFixed(1).padStart(7)}   ${kib(r.medianPage).padStart(11)}   ${kib(r.largestPage).padStart(12)}   ${kib(r.sidebarJson).padStart(12)}   ${mib(r.output)}`);
}
const smallest = rows[0];
const largest = rows[rows.length - 1];
if (rows.length > 1) {
  const growth = largest.medianPage / smallest.medianPage;
  console.log(`median page at ${largest.pages} / at ${smallest.pages}: ${growth.toFixed(3)}× (target ≤ ${PAGE_GROWTH_LIMIT}×) ${growth <= PAGE_GROWTH_LIMIT ? 'MET' : 'MISSED'}`);
}
const at2000 = rows.find((r) => r.pages === 2000);
if (at2000) console.log(`output at 2000 pages: ${mib(at2000.output)} (target ≤ 100 MiB) ${at2000.output <= OUTPUT_LIMIT_AT_2000 ? 'MET' : 'MISSED'}`);
