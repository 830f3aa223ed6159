// The least a JavaScript build of a corpus takes on this machine: what the cold targets of issue 13
// stand against. A bare pipeline with docs-gen's own Markdown and highlighting engines and
// nothing else: list `content/`, read each page, render it with markdown-it, colour its fenced code
// with shiki as docs-gen's workers set it up (the JavaScript regex engine, the regex tables
// `npm run build:tool` converts ahead, the theme's Rel grammar), wrap it in a bare HTML shell, and
// write a file per page, in worker threads. No sidebar, navigation, search data, cache, images,
// sitemap or llms files: each of those only adds to it. bench/run.mjs times it beside docs-gen and
// Hugo in the same run (bench/README.md, "The floor under the cold targets").
// Usage: node bench/floor.mjs SITE --out DIR [--threads 2] [--no-highlight]
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { argument } from './lib/arguments.mjs';

const repoDir = dirname(dirname(fileURLToPath(import.meta.url)));
const distHighlightRegexes = join(repoDir, 'dist', 'plugins', 'content-loader', 'highlight-regexes.js');
const relGrammarPath = join(repoDir, 'theme', 'highlight', 'rel.tmLanguage.json');

/** A fence's opening line, with the language it names (markdown-it's own rule: the info string's first word). */
const FENCE_LANGUAGE = /^ {0,3}(?:```|~~~)[ \t]*([^\s`{]+)/gm;
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;
const TITLE = /^title:\s*"?(.*?)"?\s*$/m;

/** The Markdown pages under `root`, sorted (a build's order does not depend on the file system's). */
export function sourcePages(contentDir) {
  return readdirSync(contentDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Where a page's HTML goes: `a/b.md` → `a/b/index.html`, `a/index.md` → `a/index.html`. */
export function outputPathOf(contentDir, outDir, source) {
  const route = relative(contentDir, source).replace(/\.mdx?$/, '');
  return join(outDir, basename(route) === 'index' ? `${route}.html` : join(route, 'index.html'));
}

const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * Builds `site`'s pages into `out` in `threads` worker threads, each taking every `threads`-th
 * page; resolves with the number of pages written.
 */
export function buildFloor({ site, out, threads = 2, highlight = true }) {
  const contentDir = join(site, 'content');
  const pages = sourcePages(contentDir);
  const shares = Array.from({ length: threads }, (_, t) => pages.filter((_, i) => i % threads === t));
  return Promise.all(
    shares.map(
      (share) =>
        new Promise((done, failed) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: { contentDir, out, pages: share, highlight } });
          worker.once('message', done);
          worker.once('error', failed);
          worker.once('exit', (code) => failed(new Error(`a floor worker exited with code ${code} before it answered`)));
        }),
    ),
  ).then((written) => written.reduce((sum, n) => sum + n, 0));
}

/** A worker: its share of the pages, rendered and written one after another. */
async function renderShare({ contentDir, out, pages, highlight }) {
  const { default: MarkdownIt } = await import('markdown-it');
  let highlighter = null;
  let ensureLanguage = async () => false;
  if (highlight) {
    const shiki = await import('shiki');
    const { tableRegexConstructor, REGEX_TABLE_DIR } = await import(pathToFileURL(distHighlightRegexes).href);
    const tables = tableRegexConstructor(shiki, REGEX_TABLE_DIR);
    tables.load('rel');
    const theme = shiki.createCssVariablesTheme({ name: 'floor', variablePrefix: '--code-', fontStyle: true });
    const engine = shiki.createJavaScriptRegexEngine({ forgiving: true, regexConstructor: tables.construct });
    const rel = { ...JSON.parse(readFileSync(relGrammarPath, 'utf8')), name: 'rel' };
    highlighter = await shiki.createHighlighter({ themes: [theme], langs: [rel], engine });
    // As docs-gen's workers do: a language loads the first time a page asks for it.
    ensureLanguage = async (language) => {
      if (highlighter.getLoadedLanguages().includes(language)) return true;
      if (!(language in shiki.bundledLanguages)) return false;
      tables.load(language);
      await highlighter.loadLanguage(language);
      return true;
    };
  }
  // From shiki's tokens to HTML directly, as docs-gen's workers do: shiki's own `codeToHtml` goes
  // through a hast tree and hast-util-to-html, which took twice as long as the tokenising itself.
  const highlighted = (code, language) => {
    const lines = highlighter.codeToTokens(code.replace(/\n$/, ''), { lang: language, theme: 'floor', tokenizeTimeLimit: 0 }).tokens;
    const html = lines.map((tokens) => `<span class="line">${tokens.map((token) => (token.color ? `<span style="color:${token.color}">${escapeHtml(token.content)}</span>` : escapeHtml(token.content))).join('')}</span>`);
    return `<pre class="shiki floor" tabindex="0"><code>${html.join('\n')}</code></pre>`;
  };
  const markdown = new MarkdownIt({
    html: true,
    linkify: true,
    highlight: (code, language) => (highlighter?.getLoadedLanguages().includes(language) ? highlighted(code, language) : ''),
  });
  for (const source of pages) {
    const text = readFileSync(source, 'utf8');
    const frontMatter = FRONT_MATTER.exec(text);
    const body = frontMatter ? text.slice(frontMatter[0].length) : text;
    for (const [, language] of body.matchAll(FENCE_LANGUAGE)) await ensureLanguage(language.toLowerCase());
    const title = (frontMatter && TITLE.exec(frontMatter[1])?.[1]) || 'Untitled';
    const html = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body><main>${markdown.render(body)}</main></body></html>\n`;
    const target = outputPathOf(contentDir, out, source);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, html);
  }
  return pages.length;
}

if (!isMainThread && workerData?.contentDir) {
  parentPort.postMessage(await renderShare(workerData));
} else if (isMainThread && process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const site = process.argv[2]?.startsWith('--') ? undefined : process.argv[2];
  const out = argument('out');
  const threads = Number(argument('threads', '2'));
  if (!site || !out || !Number.isInteger(threads) || threads < 1) {
    console.error('usage: node bench/floor.mjs SITE --out DIR [--threads 2] [--no-highlight]');
    process.exit(1);
  }
  const written = await buildFloor({ site: resolve(site), out: resolve(out), threads, highlight: !process.argv.includes('--no-highlight') });
  console.log(`floor: ${written} pages → ${out}`);
}
