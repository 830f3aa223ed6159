// docs-gen check benchmark: wall time of `docs-gen check` (the CLI, cold cache) on the real site
// and on generated corpora, beside `docs-gen build` on the same sites for scale. Medians.
// Usage: node bench/check-speed.mjs [--pages 250,2000] [--runs 3] [--no-build]
// Needs dist/ (node scripts/build-tool.mjs). See bench/README.md.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './corpus.mjs';
import { argument } from './lib/arguments.mjs';
import { makeGraveyard } from './lib/graveyard.mjs';

const repoDir = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = join(repoDir, 'bin', 'docs-gen.js');
const sizes = String(argument('pages', '250,2000')).split(',').map(Number);
const runs = Number(argument('runs', 3));
const withBuild = !process.argv.includes('--no-build');
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];

/** One cold run of the CLI; the wall time in ms, and what it printed last. */
function time(command, root) {
  graveyard.bury(join(root, '.docs-gen-cache'));
  const args = command === 'build' ? ['build', '--root', root, '--out', join(root, 'out')] : ['check', '--root', root];
  const started = performance.now();
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`docs-gen ${args.join(' ')} exited ${result.status}:\n${result.stderr.slice(-2000)}`);
  return { ms, said: result.stdout.trim().split('\n').pop() };
}

if (!existsSync(join(repoDir, 'dist', 'src', 'cli.js'))) throw new Error('run `node scripts/build-tool.mjs` first');
const tmp = mkdtempSync(join(os.tmpdir(), 'docs-gen-bench-check-'));
/** Where each cold run's predecessor cache goes (lib/graveyard.mjs). */
const graveyard = makeGraveyard(tmp);
try {
  const sites = [];
  // The real site, copied: a build must not replace the repository's out/.
  const real = join(tmp, 'real-site');
  for (const name of ['content', 'public', 'docs-gen.config.ts']) if (existsSync(join(repoDir, name))) cpSync(join(repoDir, name), join(real, name), { recursive: true });
  sites.push({ name: 'real site', root: real });
  for (const pages of sizes) {
    const root = join(tmp, `corpus-${pages}`);
    generateCorpus({ dir: root, pages });
    sites.push({ name: `${pages}-page corpus`, root });
  }
  console.log(`docs-gen check bench: ${runs} cold run(s) each; node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`);
  for (const site of sites) {
    const checks = Array.from({ length: runs }, () => time('check', site.root));
    const builds = withBuild ? Array.from({ length: runs }, () => time('build', site.root).ms) : [];
    const check = median(checks.map((c) => c.ms));
    const build = withBuild ? median(builds) : undefined;
    console.log(
      `${site.name.padEnd(18)} check ${Math.round(check)} ms (${checks.map((c) => Math.round(c.ms)).join(', ')})` +
        (build ? `   build ${Math.round(build)} ms → check takes ${Math.round((100 * check) / build)}% of a build` : '') +
        `\n${' '.repeat(19)}${checks[0].said}`,
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
