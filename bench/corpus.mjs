// Deterministic synthetic docs site for benchmarking docs-gen.
// Usage as a script: node bench/corpus.mjs --pages 250 --dir /tmp/site
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { solidPng } from './lib/png.mjs';
import { bulletList, codeBlock, gfmTable } from './lib/blocks.mjs';
import { createRandom, paragraph, slugify, titlePhrase, words } from './lib/text.mjs';

const DEFAULT_SEED = 0x5eed2025;
const PAGES_PER_TOPIC = 20;
const IMAGE_COUNT = 8;
const IMAGE_COLOURS = [
  [220, 60, 60], [60, 160, 80], [50, 100, 210], [230, 170, 40],
  [140, 70, 190], [40, 170, 180], [120, 120, 120], [240, 120, 160],
];
export const CONFIG_SOURCE = "export default { title: 'Bench' }\n";

const pad = (n, width) => String(n).padStart(width, '0');

/**
 * Folder shape for `pages` pages: about 20 pages per topic folder, sections ≈ √topics.
 * Every folder has an index.md, and all of them count towards `pages`.
 */
export function corpusShape(pages) {
  if (!Number.isInteger(pages) || pages < 3) throw new Error(`pages must be an integer >= 3, got ${pages}`);
  const topicFolders = Math.max(1, Math.round(pages / PAGES_PER_TOPIC));
  let sections = Math.max(1, Math.round(Math.sqrt(topicFolders)));
  let topics = Math.max(1, Math.round(topicFolders / sections));
  // Root index + one index per section + at least one page (its index) per topic folder.
  while (1 + sections + sections * topics > pages) {
    if (topics > 1) topics--;
    else sections--;
  }
  const remaining = pages - 1 - sections;
  const folders = sections * topics;
  const perTopic = [];
  for (let i = 0; i < folders; i++) perTopic.push(Math.floor(remaining / folders) + (i < remaining % folders ? 1 : 0));
  return { sections, topics, perTopic };
}

/** Plans every folder and page (routes, titles, headings) before any body is written. */
function planSite(pages, rand, ext) {
  const { sections, topics, perTopic } = corpusShape(pages);
  const sw = Math.max(2, String(sections).length);
  const tw = Math.max(2, String(topics).length);
  const pw = Math.max(2, String(Math.max(...perTopic)).length);
  const allPages = [];
  const folders = [];
  const newPage = (dirRel, name, route, title) => {
    const page = { file: join(dirRel, `${name}.${ext}`), name, route, title, headings: planHeadings(rand, title) };
    allPages.push(page);
    return page;
  };
  const root = { dirRel: '', items: [] };
  folders.push(root);
  root.items.push({ name: 'index', title: newPage('', 'index', '/', 'Bench Corpus Home').title });
  for (let s = 1; s <= sections; s++) {
    const sName = `section-${pad(s, sw)}`;
    const section = { dirRel: sName, items: [] };
    folders.push(section);
    const sTitle = `Section ${s} ${titlePhrase(rand, 1, 3)}`;
    root.items.push({ name: sName, title: sTitle });
    section.items.push({ name: 'index', title: newPage(sName, 'index', `/${sName}`, sTitle).title });
    for (let t = 1; t <= topics; t++) {
      const tName = `topic-${pad(t, tw)}`;
      const dirRel = join(sName, tName);
      const topic = { dirRel, items: [] };
      folders.push(topic);
      const tTitle = `Topic ${s}.${t} ${titlePhrase(rand, 1, 3)}`;
      section.items.push({ name: tName, title: tTitle });
      const base = `/${sName}/${tName}`;
      topic.items.push({ name: 'index', title: newPage(dirRel, 'index', base, tTitle).title });
      const count = perTopic[(s - 1) * topics + (t - 1)];
      for (let p = 1; p < count; p++) {
        const pName = `page-${pad(p, pw)}`;
        const page = newPage(dirRel, pName, `${base}/${pName}`, titlePhrase(rand, 2, 5));
        topic.items.push({ name: pName, title: page.title });
      }
    }
  }
  return { allPages, folders, shape: { sections, topics } };
}

/** 6–10 `##`/`###` headings with slugs unique on the page (and distinct from the title's). */
function planHeadings(rand, title) {
  const used = new Set([slugify(title)]);
  const headings = [];
  const count = rand.int(6, 10);
  while (headings.length < count) {
    const text = titlePhrase(rand, 2, 4);
    const slug = slugify(text);
    if (used.has(slug)) continue;
    used.add(slug);
    const depth = headings.length > 0 && rand.next() < 0.35 ? 3 : 2;
    headings.push({ depth, text, slug });
  }
  return headings;
}

function linkTo(rand, target) {
  const text = words(rand, rand.int(2, 4)).join(' ');
  const anchor = rand.next() < 0.5 ? `#${rand.pick(target.headings).slug}` : '';
  return { markdown: `See [${text}](${target.route}${anchor}) for related detail.`, href: target.route + anchor };
}

function pageBody(rand, page, allPages, index) {
  const date = new Date(Date.UTC(2022, 0, 1) + rand.int(0, 1000) * 86_400_000).toISOString().slice(0, 10);
  const n = page.headings.length;
  // Each block lands in a randomly chosen section; links go into section paragraphs.
  const extras = Array.from({ length: n }, () => []);
  const place = (block) => extras[rand.int(0, n - 1)].push(block);
  place(bulletList(rand));
  place(gfmTable(rand));
  place(codeBlock(rand, 'rel'));
  place(codeBlock(rand, rand.next() < 0.5 ? 'python' : 'json'));
  place(`![${words(rand, 3).join(' ')}](/images/bench-${rand.int(1, IMAGE_COUNT)}.png)`);
  const linkCount = Math.min(rand.int(2, 3), allPages.length - 1);
  const targets = new Set();
  while (targets.size < linkCount) {
    const t = rand.int(0, allPages.length - 1);
    if (t !== index) targets.add(t);
  }
  const links = [...targets].map((t) => linkTo(rand, allPages[t]));
  for (const link of links) place(`${paragraph(rand)} ${link.markdown}`);
  page.links = links.map((l) => l.href);

  const out = [
    '---',
    `title: "${page.title}"`,
    `description: "${paragraph(rand).split('. ')[0].replace(/\.$/, '')}."`,
    `date: "${date}"`,
    '---',
    '',
    paragraph(rand),
  ];
  page.headings.forEach((h, i) => {
    out.push('', `${'#'.repeat(h.depth)} ${h.text}`, '', paragraph(rand));
    for (const block of extras[i]) out.push('', block);
  });
  return `${out.join('\n')}\n`;
}

/**
 * Writes a deterministic docs site into `dir`: `content/` (Markdown pages and `_meta.json`
 * per folder), `public/images/bench-1..8.png` and `docs-gen.config.ts`. Existing
 * `content/` and `public/images/` in `dir` are replaced. Same arguments → same bytes.
 * `ext: 'mdx'` writes the same text as `.mdx` pages (the text is valid MDX: no braces or tags in prose).
 * `component: true` (with `ext: 'mdx'`) adds one JSX element to every page, which takes it through
 * the MDX compiler: the same text otherwise is Markdown MDX reads as CommonMark, which docs-gen
 * compiles with markdown-it.
 * @param {{ dir: string, pages: number, seed?: number, ext?: 'md' | 'mdx', component?: boolean }} opts
 */
export function generateCorpus({ dir, pages, seed = DEFAULT_SEED, ext = 'md', component = false }) {
  const planRand = createRandom(seed);
  const bodyRand = createRandom(seed ^ 0x9e3779b9);
  const { allPages, folders, shape } = planSite(pages, planRand, ext);
  const contentDir = join(dir, 'content');
  const imagesDir = join(dir, 'public', 'images');
  rmSync(contentDir, { recursive: true, force: true });
  rmSync(imagesDir, { recursive: true, force: true });
  for (const folder of folders) {
    mkdirSync(join(contentDir, folder.dirRel), { recursive: true });
    const meta = Object.fromEntries(folder.items.map((item) => [item.name, item.title]));
    writeFileSync(join(contentDir, folder.dirRel, '_meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
  }
  allPages.forEach((page, i) => {
    const body = pageBody(bodyRand, page, allPages, i);
    writeFileSync(join(contentDir, page.file), component ? `${body}\nPress <kbd>K</kbd> to search these pages.\n` : body);
  });
  mkdirSync(imagesDir, { recursive: true });
  for (let i = 0; i < IMAGE_COUNT; i++) {
    writeFileSync(join(imagesDir, `bench-${i + 1}.png`), solidPng({ width: 64, height: 48, rgb: IMAGE_COLOURS[i] }));
  }
  writeFileSync(join(dir, 'docs-gen.config.ts'), CONFIG_SOURCE);
  return {
    dir,
    pages: allPages.length,
    folders: folders.length,
    images: IMAGE_COUNT,
    shape,
    routes: allPages.map(({ route, file, headings, links }) => ({ route, file, anchors: headings.map((h) => h.slug), links })),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name) => {
    const i = process.argv.indexOf(`--${name}`);
    return i === -1 ? undefined : process.argv[i + 1];
  };
  const dir = arg('dir');
  const pages = Number(arg('pages') ?? 250);
  if (!dir) {
    console.error('usage: node bench/corpus.mjs --pages 250 --dir <folder>');
    process.exit(1);
  }
  const result = generateCorpus({ dir, pages });
  console.log(`wrote ${result.pages} pages in ${result.folders} folders to ${dir} (${result.shape.sections} sections × ${result.shape.topics} topics)`);
}
