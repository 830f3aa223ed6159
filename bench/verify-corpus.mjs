// Self-check for the bench corpus generator (does not need the docs-gen CLI).
// Usage: node bench/verify-corpus.mjs [--pages 250,2000]
// Checks page counts, determinism, _meta.json, page structure, links + anchors, and PNGs.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import GithubSlugger from 'github-slugger';
import sharp from 'sharp';
import { CONFIG_SOURCE, generateCorpus } from './corpus.mjs';

const arg = process.argv.indexOf('--pages');
const sizes = (arg === -1 ? '250,2000' : process.argv[arg + 1]).split(',').map(Number);
const failures = [];
const expect = (ok, message) => ok || failures.push(message);

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
    .sort();
}

function hashTree(dir) {
  const hash = createHash('sha256');
  for (const file of walk(dir)) hash.update(relative(dir, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

const routeOf = (rel) => {
  const parts = rel.replace(/\.md$/, '').split(sep);
  if (parts.at(-1) === 'index') parts.pop();
  return `/${parts.join('/')}`;
};

/** Independent reading of a page: front matter, headings (outside fences), blocks, links. */
function readPage(text) {
  const fm = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const body = fm ? text.slice(fm[0].length) : text;
  const slugger = new GithubSlugger();
  const headings = [];
  const fences = [];
  const prose = [];
  let fence = null;
  for (const line of body.split('\n')) {
    if (line.startsWith('```')) {
      if (fence) { fences.push(fence); fence = null; } else fence = { lang: line.slice(3), lines: 0 };
      continue;
    }
    if (fence) { fence.lines++; continue; }
    prose.push(line);
    const h = /^(#{2,3}) (.+)$/.exec(line);
    if (h) headings.push(slugger.slug(h[2]));
  }
  const text2 = prose.join('\n');
  return {
    frontMatter: fm ? fm[1] : '',
    headings,
    fences,
    tables: (text2.match(/^\| --- \| --- \| --- \| --- \|$/gm) ?? []).length,
    bullets: (text2.match(/^- /gm) ?? []).length,
    images: [...text2.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]),
    links: [...text2.matchAll(/(?<!!)\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]),
  };
}

async function verify(pages) {
  const a = mkdtempSync(join(tmpdir(), 'bench-corpus-a-'));
  const b = mkdtempSync(join(tmpdir(), 'bench-corpus-b-'));
  try {
    const t0 = performance.now();
    const result = generateCorpus({ dir: a, pages });
    const ms = performance.now() - t0;
    generateCorpus({ dir: b, pages });
    const [ha, hb] = [hashTree(a), hashTree(b)];
    expect(ha === hb, `${pages}: two generations differ (${ha} vs ${hb})`);

    const content = join(a, 'content');
    const files = walk(content).map((f) => relative(content, f));
    const mdFiles = files.filter((f) => f.endsWith('.md'));
    expect(mdFiles.length === pages, `${pages}: found ${mdFiles.length} .md files`);
    expect(result.pages === pages, `${pages}: generator reported ${result.pages} pages`);
    expect(readFileSync(join(a, 'docs-gen.config.ts'), 'utf8') === CONFIG_SOURCE, `${pages}: config differs`);

    // Every folder: index.md + _meta.json whose keys are exactly its pages and sub-folders.
    const dirs = [content, ...walk(content).map((f) => f.slice(0, f.lastIndexOf(sep)))];
    for (const dir of new Set(dirs)) {
      const entries = readdirSync(dir).filter((n) => n !== '_meta.json').map((n) => n.replace(/\.md$/, '')).sort();
      const meta = JSON.parse(readFileSync(join(dir, '_meta.json'), 'utf8'));
      expect(entries.includes('index'), `${dir}: no index.md`);
      expect(JSON.stringify(Object.keys(meta)) === JSON.stringify(entries), `${dir}: _meta keys ${Object.keys(meta)} ≠ ${entries}`);
      expect(Object.values(meta).every((t) => typeof t === 'string' && t.length > 0), `${dir}: empty _meta title`);
    }

    const parsed = new Map(mdFiles.map((f) => [routeOf(f), { file: f, ...readPage(readFileSync(join(content, f), 'utf8')) }]));
    expect(parsed.size === pages, `${pages}: ${parsed.size} distinct routes`);
    let links = 0;
    let anchored = 0;
    const usedImages = new Set();
    for (const [route, p] of parsed) {
      const where = `${pages}:${p.file}`;
      for (const key of ['title', 'description', 'date']) expect(new RegExp(`^${key}: "[^"]+"$`, 'm').test(p.frontMatter), `${where}: front matter lacks ${key}`);
      expect(p.headings.length >= 6 && p.headings.length <= 10, `${where}: ${p.headings.length} headings`);
      expect(new Set(p.headings).size === p.headings.length, `${where}: duplicate heading slugs`);
      expect(p.fences.length === 2 && p.fences[0].lang !== p.fences[1].lang, `${where}: fences ${JSON.stringify(p.fences)}`);
      expect(p.fences.some((f) => f.lang === 'rel') && p.fences.some((f) => f.lang === 'python' || f.lang === 'json'), `${where}: fence languages`);
      expect(p.fences.every((f) => f.lines >= 4 && f.lines <= 12), `${where}: fence length`);
      expect(p.tables === 1 && p.bullets >= 3, `${where}: table/list`);
      expect(p.images.length === 1, `${where}: ${p.images.length} images`);
      expect(p.links.length >= 2 && p.links.length <= 3, `${where}: ${p.links.length} links`);
      for (const img of p.images) usedImages.add(img);
      for (const href of p.links) {
        links++;
        const [target, anchor] = href.split('#');
        expect(target !== route, `${where}: links to itself`);
        const t = parsed.get(target);
        expect(t, `${where}: link target ${target} does not exist`);
        if (anchor !== undefined) {
          anchored++;
          expect(t?.headings.includes(anchor), `${where}: anchor #${anchor} not on ${target}`);
        }
      }
    }
    for (const img of usedImages) {
      const meta = await sharp(join(a, 'public', img)).metadata().catch((e) => ({ error: e.message }));
      expect(meta.format === 'png' && meta.width === 64 && meta.height === 48, `${img}: ${JSON.stringify(meta)}`);
    }
    const images = readdirSync(join(a, 'public', 'images'));
    console.log(
      `${pages} pages: ${result.folders} folders (${result.shape.sections}×${result.shape.topics}), ` +
        `${links} links (${anchored} with #anchor), ${usedImages.size}/${images.length} images used, ` +
        `generated in ${ms.toFixed(0)} ms, sha256 ${ha.slice(0, 16)}`,
    );
  } finally {
    rmSync(a, { recursive: true, force: true });
    rmSync(b, { recursive: true, force: true });
  }
}

for (const n of sizes) await verify(n);
if (failures.length) {
  console.error(`${failures.length} problem(s):\n${failures.slice(0, 30).join('\n')}`);
  process.exit(1);
}
console.log('corpus OK');
