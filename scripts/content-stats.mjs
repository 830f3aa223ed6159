// Counts what the site's pages hold and holds each page to its floor (issue 8):
//   node scripts/content-stats.mjs            every page, then the totals
//   node scripts/content-stats.mjs rel/ref    only pages whose route starts with /rel/ref
//   node scripts/content-stats.mjs --failing  only pages under their floor
// Words are the prose a reader reads: front matter, fenced code, imports, JSX/HTML tags,
// comments and link targets are not counted.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Word floors by kind of page. */
export const FLOORS = { overview: 150, help: 200, substantial: 350 };

/** Every default-locale page under `contentDir`: its file (content-relative) and route. */
export function findPages(contentDir) {
  return readdirSync(contentDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.mdx?$/.test(e.name))
    .map((e) => relative(contentDir, join(e.parentPath, e.name)).split('\\').join('/'))
    .filter((file) => !file.split('/').some((s) => s.startsWith('.') || s.endsWith('.outputs')))
    .filter((file) => !/\.[a-z]{2}(-[A-Z]{2})?\.mdx?$/.test(file))
    .map((file) => {
      const segments = file.replace(/\.mdx?$/, '').split('/');
      const isIndex = segments.at(-1) === 'index';
      const route = '/' + (isIndex ? segments.slice(0, -1) : segments).join('/');
      return { file, route, isIndex };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** overview (a folder's page or the home), help (pages under /help), or substantial. */
export function kindOf(page) {
  if (page.isIndex) return 'overview';
  if (page.route.startsWith('/help/')) return 'help';
  return 'substantial';
}

/** The front matter (parsed) and the body of a page's source. */
export function splitFrontMatter(source) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { frontMatter: {}, body: source };
  let frontMatter;
  try {
    frontMatter = parse(match[1]) ?? {};
  } catch (error) {
    // Reported as the page's problem, not a crash: the build names the place.
    frontMatter = { invalid: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  }
  return { frontMatter, body: source.slice(match[0].length) };
}

const FENCE = /^(```+|~~~+)([^\n]*)\n[\s\S]*?^\1[ \t]*$/gm;

/** What one page holds. */
export function statsOfSource(source) {
  const { frontMatter, body } = splitFrontMatter(source);
  const fences = [...body.matchAll(FENCE)].map((m) => m[2].trim().split(/\s+/)[0] ?? '');
  const prose = body
    .replace(FENCE, ' ')
    .replace(/^(import|export)\s[^\n]*$/gm, ' ')
    .replace(/<!--[\s\S]*?-->|\{\/\*[\s\S]*?\*\/\}/g, ' ')
    .replace(/<\/?[A-Za-z][^<>]*?\/?>/gs, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/^\|?[\s:|-]+\|[\s:|-]*$/gm, ' ');
  const words = prose.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0;
  const tags = (name) => body.match(new RegExp(`<${name}[\\s/>]`, 'g'))?.length ?? 0;
  return {
    frontMatter,
    words,
    codeBlocks: fences.length,
    relCodeBlocks: fences.filter((lang) => lang === 'rel').length,
    relOutputs: tags('RelOutput'),
    images: tags('DocImage') + (body.match(/!\[[^\]]*\]\(/g)?.length ?? 0),
    alerts: tags('Alert'),
    alertTypes: [...body.matchAll(/<Alert[^>]*\btype=["'](\w+)["']/g)].map((m) => m[1]),
  };
}

/** Every page with its stats, kind, floor and the problems that keep it under the bar. */
export function collectContentStats(contentDir) {
  return findPages(contentDir).map((page) => {
    const stats = statsOfSource(readFileSync(join(contentDir, page.file), 'utf8'));
    const kind = kindOf(page);
    const floor = FLOORS[kind];
    const problems = [];
    if (stats.frontMatter.invalid) problems.push(`front matter is not valid YAML: ${stats.frontMatter.invalid}`);
    for (const key of ['title', 'description', 'date', 'lastmod']) {
      if (stats.frontMatter[key] === undefined || stats.frontMatter[key] === '') problems.push(`front matter has no ${key}`);
    }
    if (stats.words < floor) problems.push(`${stats.words} words, under the ${kind} floor of ${floor}`);
    const needsCode = kind === 'substantial' || /^\/help\/error-messages\/(?!error-reporting$)/.test(page.route);
    if (needsCode && stats.codeBlocks === 0) problems.push('no code block');
    return { ...page, ...stats, kind, floor, problems };
  });
}

function main() {
  const args = process.argv.slice(2);
  const failingOnly = args.includes('--failing');
  const prefix = args.find((a) => !a.startsWith('--'));
  const pages = collectContentStats(join(root, 'content')).filter((p) => !prefix || p.route.startsWith('/' + prefix.replace(/^\//, '')));
  const shown = failingOnly ? pages.filter((p) => p.problems.length) : pages;
  for (const p of shown) {
    const counts = `${String(p.words).padStart(5)} words ${String(p.codeBlocks).padStart(2)} code ${String(p.relOutputs).padStart(2)} outputs ${String(p.images).padStart(2)} images`;
    console.log(`${p.problems.length ? '✗' : '✓'} ${p.route.padEnd(64)} ${p.kind.padEnd(11)} ${counts}${p.problems.length ? '  — ' + p.problems.join('; ') : ''}`);
  }
  const sum = (key) => pages.reduce((n, p) => n + p[key], 0);
  const alertTypes = [...new Set(pages.flatMap((p) => p.alertTypes))].sort();
  console.log(
    `\n${pages.length} pages, ${sum('words')} words, ${sum('codeBlocks')} code blocks (${sum('relCodeBlocks')} Rel), ` +
      `${pages.filter((p) => p.relOutputs > 0).length} pages with outputs (${sum('relOutputs')} RelOutput uses), ` +
      `${sum('images')} images, ${sum('alerts')} alerts (${alertTypes.join(', ') || 'none'}); ` +
      `${pages.filter((p) => p.problems.length).length} pages under the bar`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
