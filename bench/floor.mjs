// The least a JavaScript build of a corpus takes on this machine: what the cold targets of issue 13
// stand against. A bare pipeline with docs-gen's own Markdown and highlighting engines and
// nothing else: list `content/`, read each page, render it with markdown-it, colour its fenced code
// with shiki as docs-gen's workers set it up (the JavaScript regex engine, the regex tables
// `npm run build:tool` converts ahead, the theme's Rel grammar), wrap it in a bare HTML shell, and
// write a file per page, in worker threads. No sidebar, navigation, search data, cache, images,
// sitemap or llms files: each of those only adds to it. bench/run.mjs times it beside docs-gen and
// Hugo in the same run (bench/README.md, "The floor under the cold targets").
// Usage: node bench/floor.mjs SITE --out DIR [--threads 2] [--no-highlight]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { argument } from './lib/arguments.mjs';
import { markdownFiles } from './lib/markdown-files.mjs';

const repoDir = dirname(dirname(fileURLToPath(import.meta.url)));
const distHighlightRegexes = join(repoDir, 'dist', 'plugins', 'content-loader', 'highlight-regexes.js');
// The copies docs-gen's workers load: `npm run build:tool` bundles each package into one module,
// which loads in about half the time of the package's own files.
const distVendor = (name) => pathToFileURL(join(repoDir, 'dist', 'vendor', `${name}.js`)).href;
const relGrammarPath = join(repoDir, 'theme', 'highlight', 'rel.tmLanguage.json');

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;
const TITLE = /^title:\s*"?(.*?)"?\s*$/m;

/** Where a page's HTML goes: `a/b.md` → `a/b/index.html`, `a/index.md` → `a/index.html`. */
export function outputPathOf(contentDir, outDir, source) {
  const route = relative(contentDir, source).replace(/\.mdx?$/, '');
  return join(outDir, basename(route) === 'index' ? `${route}.html` : join(route, 'index.html'));
}

/** Text as HTML text: `&` and `<` (a token's text, a title). */
const escapeText = (text) => text.replace(/[&<]/g, (c) => (c === '&' ? '&amp;' : '&lt;'));

/** A token's colour as docs-gen writes it: a class for each of the theme's token colours, nothing for the block's own. */
const TOKEN_COLOR = /^var\(--code-(?:token-([a-z-]+)|foreground)\)$/;
const tokenHtml = (token) => {
  const match = token.color === undefined ? null : TOKEN_COLOR.exec(token.color);
  if (!match) return token.color === undefined ? escapeText(token.content) : `<span style="color:${token.color}">${escapeText(token.content)}</span>`;
  return match[1] ? `<span class="tk-${match[1]}">${escapeText(token.content)}</span>` : escapeText(token.content);
};

/** The language a fence names: its info string's first word, lower-cased (as docs-gen reads it). */
const fenceLanguage = (token) => token.info.trim().split(/\s+/)[0].toLowerCase();

/**
 * Builds `site`'s pages into `out` in `threads` worker threads, each taking every `threads`-th
 * page; resolves with the number of pages written.
 */
export function buildFloor({ site, out, threads = 2, highlight = true }) {
  const contentDir = join(site, 'content');
  const pages = markdownFiles(contentDir);
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
  const { default: MarkdownIt } = await import(distVendor('markdown-it'));
  let highlighter = null;
  let ensureLanguage = async () => undefined;
  if (highlight) {
    const shiki = await import(distVendor('shiki'));
    const { tableRegexConstructor, REGEX_TABLE_DIR } = await import(pathToFileURL(distHighlightRegexes).href);
    const tables = tableRegexConstructor(shiki, REGEX_TABLE_DIR);
    tables.load('rel');
    const theme = shiki.createCssVariablesTheme({ name: 'floor', variablePrefix: '--code-', fontStyle: true });
    const engine = shiki.createJavaScriptRegexEngine({ forgiving: true, regexConstructor: tables.construct });
    const rel = { ...JSON.parse(readFileSync(relGrammarPath, 'utf8')), name: 'rel' };
    highlighter = await shiki.createHighlighter({ themes: [theme], langs: [rel], engine });
    // A name or alias → shiki's id, whose converted regex table is loaded with it (as highlight.ts does).
    const languageIds = new Map(shiki.bundledLanguagesInfo.flatMap((info) => [info.id, ...(info.aliases ?? [])].map((name) => [name, info.id])));
    // As docs-gen's workers do: a language loads the first time a page asks for it.
    ensureLanguage = async (language) => {
      if (highlighter.getLoadedLanguages().includes(language)) return;
      const id = languageIds.get(language);
      if (id === undefined) return;
      tables.load(id);
      await highlighter.loadLanguage(id);
    };
  }
  // From shiki's tokens to HTML directly, as docs-gen's workers do: shiki's own `codeToHtml` goes
  // through a hast tree and hast-util-to-html, which took twice as long as the tokenising itself.
  const highlighted = (code, language) => {
    const lines = highlighter.codeToTokens(code.replace(/\n$/, ''), { lang: language, theme: 'floor', tokenizeTimeLimit: 0 }).tokens;
    return `<pre class="shiki floor" tabindex="0"><code>${lines.map((tokens) => `<span class="line">${tokens.map(tokenHtml).join('')}</span>`).join('\n')}</code></pre>`;
  };
  const markdown = new MarkdownIt({
    html: true,
    linkify: true,
    // markdown-it passes the info string's first word, as the page spelt it.
    highlight: (code, name) => {
      const language = name.toLowerCase();
      return highlighter?.getLoadedLanguages().includes(language) ? highlighted(code, language) : '';
    },
  });
  for (const source of pages) {
    const text = readFileSync(source, 'utf8');
    const frontMatter = FRONT_MATTER.exec(text);
    const body = frontMatter ? text.slice(frontMatter[0].length) : text;
    // Parsed once: the fences' languages are loaded from its tokens (a fence in a list or a quote too), then it is rendered.
    const env = {};
    const tokens = markdown.parse(body, env);
    for (const token of tokens) if (token.type === 'fence') await ensureLanguage(fenceLanguage(token));
    const title = (frontMatter && TITLE.exec(frontMatter[1])?.[1]) || 'Untitled';
    const html = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeText(title)}</title></head>\n<body><main>${markdown.renderer.render(tokens, markdown.options, env)}</main></body></html>\n`;
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
