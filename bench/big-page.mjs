// How build time grows with the size of ONE page: a site with a single large .mdx (or .md)
// page of realistic content, built cold at several sizes.
// Usage: node bench/big-page.mjs [--sizes 0.5,1,2] [--format mdx|md|both] [--runs 1] [--keep] [--prof DIR]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bulletList, codeBlock, gfmTable } from './lib/blocks.mjs';
import { solidPng } from './lib/png.mjs';
import { createRandom, paragraph, titlePhrase, words } from './lib/text.mjs';
import { median } from './lib/report.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = process.env.BENCH_CLI ?? join(root, 'bin', 'docs-gen.js');

/** A paragraph with inline code, emphasis and a link, as documentation pages have them. */
function richParagraph(rand, anchors) {
  const text = paragraph(rand);
  const [first, ...rest] = text.split(' ');
  const anchor = anchors.length ? `#${rand.pick(anchors)}` : '';
  return `${first} \`${words(rand, 1)[0]}()\` ${rest.slice(0, 4).join(' ')} *${rest[4] ?? 'note'}* [${rest[5] ?? 'see'}](${anchor || '/'}) ${rest.slice(6).join(' ')}`;
}

/** One page body of at least `bytes` bytes; `mdx` adds components, expressions and JSX. */
export function bigPage({ bytes, format, seed = 0xb16 }) {
  const rand = createRandom(seed);
  const anchors = [];
  const blocks = ['---', `title: Big page`, '---', '', '# Big page', ''];
  let size = 0;
  let section = 0;
  const push = (block) => {
    blocks.push(block, '');
    size += block.length + 2;
  };
  while (size < bytes) {
    section++;
    const title = `${titlePhrase(rand, 2, 4)} ${section}`;
    push(`## ${title}`);
    anchors.push(title.toLowerCase().replace(/ /g, '-'));
    push(richParagraph(rand, anchors));
    push(bulletList(rand));
    push(codeBlock(rand, rand.pick(['rel', 'python', 'json'])));
    push(`### ${titlePhrase(rand, 2, 3)} detail ${section}`);
    push(richParagraph(rand, anchors));
    if (section % 4 === 0) push(gfmTable(rand));
    if (section % 10 === 0) push(`![Diagram ${section}](/images/diagram.png)`);
    if (format === 'mdx' && section % 5 === 0) push(`<Alert type="info">\n${paragraph(rand)}\n</Alert>`);
    if (format === 'mdx' && section % 7 === 0) push(`The answer is {${section} * 2}, written <kbd>Ctrl</kbd> + <kbd>S</kbd>.`);
  }
  return blocks.join('\n');
}

function writeSite(dir, { bytes, format }) {
  mkdirSync(join(dir, 'content'), { recursive: true });
  mkdirSync(join(dir, 'public', 'images'), { recursive: true });
  writeFileSync(join(dir, 'public', 'images', 'diagram.png'), solidPng({ width: 64, height: 48, rgb: [50, 100, 210] }));
  writeFileSync(join(dir, 'docs-gen.config.ts'), "export default { title: 'Big page' }\n");
  writeFileSync(join(dir, 'content', 'index.md'), '# Home\n\n[The big page](/big)\n');
  writeFileSync(join(dir, 'content', `big.${format}`), bigPage({ bytes, format }));
}

function buildOnce(dir, profDir) {
  rmSync(join(dir, 'out'), { recursive: true, force: true });
  rmSync(join(dir, '.docs-gen-cache'), { recursive: true, force: true });
  const statsFile = join(dir, 'stats.json');
  const nodeArgs = profDir ? ['--cpu-prof', '--cpu-prof-dir', profDir] : [];
  const started = performance.now();
  const child = spawnSync(process.execPath, [...nodeArgs, cli, 'build', '--root', dir, '--out', join(dir, 'out')], {
    env: { ...process.env, DOCS_GEN_STATS_FILE: statsFile },
    encoding: 'utf8',
  });
  const wallMs = performance.now() - started;
  if (child.status !== 0) throw new Error(`build failed (${child.status}):\n${child.stderr}`);
  const stats = JSON.parse(readFileSync(statsFile, 'utf8'));
  return { wallMs, cpuMs: stats.cpuMs, maxRssBytes: stats.maxRssBytes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i === -1 ? fallback : process.argv[i + 1];
  };
  const sizes = arg('sizes', '0.5,1,2').split(',').map(Number);
  const formats = arg('format', 'both') === 'both' ? ['md', 'mdx'] : [arg('format')];
  const runs = Number(arg('runs', 1));
  const profDir = arg('prof');
  const keep = process.argv.includes('--keep');
  // CPU time (all threads of the build) says more than wall time on a machine others share.
  console.log('format  size MB   wall s   CPU s   CPU s/MB   peak RSS MB');
  for (const format of formats) {
    for (const mb of sizes) {
      const dir = mkdtempSync(join(tmpdir(), `docs-gen-big-${format}-`));
      writeSite(dir, { bytes: Math.round(mb * 1024 * 1024), format });
      const results = [];
      for (let run = 0; run < runs; run++) results.push(buildOnce(dir, profDir && join(profDir, `${format}-${mb}`)));
      const wall = median(results.map((r) => r.wallMs)) / 1000;
      const cpu = median(results.map((r) => r.cpuMs)) / 1000;
      const rss = Math.max(...results.map((r) => r.maxRssBytes)) / 2 ** 20;
      console.log(`${format.padEnd(6)}  ${String(mb).padStart(7)}   ${wall.toFixed(1).padStart(6)}   ${cpu.toFixed(1).padStart(5)}   ${(cpu / mb).toFixed(1).padStart(8)}   ${rss.toFixed(0).padStart(11)}`);
      if (keep) console.log(`  kept ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    }
  }
}
