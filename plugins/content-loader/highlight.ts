import { readFileSync } from 'node:fs';
import type { BundledLanguage, Highlighter, LanguageRegistration } from 'shiki';
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import { toHtml } from 'hast-util-to-html';
import { mermaidBlock } from './mermaid.ts';
import { codeBlockChrome, ENGLISH_COPY_LABELS, parseCodeMeta, type CodeMeta, type CopyButtonLabels } from './code-meta.ts';
import { REGEX_TABLE_DIR, tableRegexConstructor } from './highlight-regexes.ts';
import type { HighlightReuse } from './highlight-reuse.ts';
import { decodeBlock, encodeBlock } from './block-trees.ts';

let highlighter: Promise<Highlighter> | undefined;
const loading = new Map<string, Promise<void>>();

/** Our own Rel grammar ships in the theme, so Rel examples get real highlighting. */
function relGrammar(grammarPath: string): LanguageRegistration {
  return { ...(JSON.parse(readFileSync(grammarPath, 'utf8')) as LanguageRegistration), name: 'rel' };
}

/** The theme's name: one theme whose colours are CSS variables (see `getHighlighter`). */
const THEME_NAME = 'docs-gen';

/** shiki's languages, known once the highlighter exists. */
let bundledLanguages: Record<string, unknown> = {};

/** A language name or alias → shiki's id, whose converted patterns `npm run build:tool` may have kept. */
let languageIds = new Map<string, string>();

/** The engine's patterns converted ahead (`highlight-regexes.ts`): a table is read when its language first loads. */
let regexTables: ReturnType<typeof tableRegexConstructor> | undefined;

/** A highlighter made as the worker's one is (theme, engine), with no language yet. */
let emptyHighlighter: (() => Promise<Highlighter>) | undefined;

/**
 * Languages whose grammar colours the code it embeds with grammars it loads lazily (Markdown's
 * fenced code, Vue's `<script lang>`, LaTeX's listings): with those only if they are loaded
 * already, so with whatever languages the worker's earlier pages happened to load. A Markdown
 * block holding a Python fence came out coloured or not depending on which worker compiled it,
 * and two builds of one site could differ. Such a language is highlighted by a highlighter of its
 * own that loads nothing else (`isolatedHighlighter`): its embedded code is never coloured, on
 * every machine and in every worker. By shiki's id; a language without lazy embeddings has none.
 */
const isolated = new Map<string, Promise<Highlighter | undefined>>();
const isolatedReady = new Map<string, Highlighter>();

async function isolatedHighlighter(id: string): Promise<Highlighter | undefined> {
  const load = bundledLanguages[id] as (() => Promise<{ default: { embeddedLangsLazy?: string[] }[] }>) | undefined;
  if (!load || !emptyHighlighter) return undefined;
  const grammars = (await load()).default;
  if (!grammars.some((grammar) => grammar.embeddedLangsLazy?.length)) return undefined;
  const own = await emptyHighlighter();
  await own.loadLanguage(id as BundledLanguage);
  isolatedReady.set(id, own);
  return own;
}

/** The highlighter a block in `requested` is tokenised with: the language's own when it has one (see `isolated`), else `h`. */
const highlighterFor = (h: Highlighter, requested: string): Highlighter => isolatedReady.get(languageIds.get(requested) ?? requested) ?? h;

/**
 * shiki loads on first use (a tenth of a CPU second): a worker whose pages have no code never
 * pays for it. One theme whose colours are CSS variables: code is tokenised once (not once per
 * colour scheme), and the stylesheet gives the variables light and dark values.
 */
export function getHighlighter(grammarPath: string): Promise<Highlighter> {
  highlighter ??= import('shiki').then((shiki) => {
    bundledLanguages = shiki.bundledLanguages;
    languageIds = new Map(shiki.bundledLanguagesInfo.flatMap((info) => [info.id, ...(info.aliases ?? [])].map((name): [string, string] => [name, info.id])));
    const tables = tableRegexConstructor(shiki, REGEX_TABLE_DIR);
    tables.load('rel');
    regexTables = tables;
    const theme = shiki.createCssVariablesTheme({ name: THEME_NAME, variablePrefix: '--code-', fontStyle: true });
    // Faster than the WASM engine here; forgiving: a grammar regex it cannot run only loses colour.
    const engine = shiki.createJavaScriptRegexEngine({ forgiving: true, regexConstructor: tables.construct });
    emptyHighlighter = () => shiki.createHighlighter({ themes: [theme], langs: [], engine });
    return shiki.createHighlighter({ themes: [theme], langs: [relGrammar(grammarPath)], engine });
  });
  return highlighter;
}

/** Lines at least this long are emitted as plain text: a guard against pathological grammars that costs the same on every machine. */
export const MAX_HIGHLIGHTED_LINE = 2000;

/**
 * Both paths tokenise with these. shiki stops a line after 500 ms by default, so a busy machine
 * produced other tokens than an idle one; a length limit is deterministic, a time limit is not.
 */
export const TOKENIZE = { tokenizeTimeLimit: 0, tokenizeMaxLineLength: MAX_HIGHLIGHTED_LINE } as const;

const TOKEN_COLOR = /^color:var\(--code-(?:token-([a-z-]+)|foreground)\)(;.*)?$/;

/**
 * `style="color:var(--code-token-keyword)"` → `class="tk-keyword"`: a fraction of the bytes on
 * every token. Plain tokens inherit the block's colour and lose their span, as in highlightToHtml.
 */
function tokenStylesToClasses(node: Element): void {
  node.children = node.children.flatMap((child) => {
    if (child.type !== 'element') return [child];
    const style = child.properties.style;
    const match = typeof style === 'string' ? TOKEN_COLOR.exec(style) : null;
    if (match) {
      if (match[1]) child.properties.className = [`tk-${match[1]}`];
      if (match[2]) child.properties.style = match[2].slice(1);
      else delete child.properties.style;
    }
    tokenStylesToClasses(child);
    const plain = child.tagName === 'span' && Object.keys(child.properties).length === 0;
    return plain ? child.children : [child];
  });
}

/**
 * Languages load on first use: a worker pays only for the grammars its pages need. A language
 * that embeds others lazily gets its own highlighter too (`isolated`), made here, before any
 * block is tokenised.
 */
export async function ensureLanguage(h: Highlighter, lang: string): Promise<boolean> {
  if (!h.getLoadedLanguages().includes(lang)) {
    if (!(lang in bundledLanguages)) return false;
    let pending = loading.get(lang);
    if (!pending) {
      regexTables?.load(languageIds.get(lang) ?? lang);
      pending = h.loadLanguage(lang as BundledLanguage);
      loading.set(lang, pending);
    }
    await pending;
  }
  const id = languageIds.get(lang) ?? lang;
  let own = isolated.get(id);
  if (!own) isolated.set(id, (own = isolatedHighlighter(id)));
  await own;
  return true;
}

export type { CopyButtonLabels } from './code-meta.ts';

function languageOf(code: Element): string {
  const classes = (code.properties.className as string[] | undefined) ?? [];
  const tag = classes.find((c) => c.startsWith('language-'));
  return tag ? tag.slice('language-'.length).toLowerCase() : 'text';
}

/** The language a block is tokenised in: the one asked for once loaded (ensureLanguage), else plain text. */
const tokenLanguage = (h: Highlighter, requested: string) => (h.getLoadedLanguages().includes(requested) ? requested : 'text') as BundledLanguage;

/** What shiki tokenises: the code without its last newline, in our one theme, never against a clock. */
const tokenizing = (h: Highlighter, code: string, requested: string) => [code.replace(/\n$/, ''), { lang: tokenLanguage(h, requested), theme: THEME_NAME, ...TOKENIZE }] as const;

/** The `pre` both paths write around the lines. */
const preProperties = () => ({ className: ['shiki'], tabIndex: 0 });

/** A highlighted block with its chrome: the one tree both paths write (`lang` must be loaded). */
function highlightedBlock(worker: Highlighter, code: string, requested: string, meta: Readonly<CodeMeta>, labels: CopyButtonLabels): Element {
  const h = highlighterFor(worker, requested);
  const [text, options] = tokenizing(h, code, requested);
  const highlighted = h.codeToHast(text, { ...options, mergeWhitespaces: false });
  const pre = highlighted.children[0] as Element;
  pre.properties = preProperties();
  tokenStylesToClasses(pre);
  return codeBlockChrome(pre, requested, meta, labels);
}

/** The key on a highlighted block's `data` (a code block with its chrome, not a mermaid diagram) that marks it for `inlineHighlightedBlocks`. */
export const HIGHLIGHTED_BLOCK = 'docsGenHighlightedBlock';

/** The fence's meta string, which remark-rehype keeps on the `code` element's data. */
function metaOf(code: Element): string | undefined {
  const meta = (code.data as { meta?: unknown } | undefined)?.meta;
  return typeof meta === 'string' ? meta : undefined;
}

/**
 * rehype plugin: replaces every `pre > code` with highlighted HTML (token classes coloured by
 * the stylesheet for each colour scheme), with the chrome its fence's meta asks for. With
 * `reuse`, a block the page's last compile highlighted is taken from there (highlight-reuse.ts),
 * and shiki loads only for one it did not.
 */
export function rehypeHighlight(options: { grammarPath: string; basePath?: string; labels?: CopyButtonLabels; reuse?: HighlightReuse }) {
  const labels = options.labels ?? ENGLISH_COPY_LABELS;
  return async (tree: Root): Promise<void> => {
    const blocks: { pre: Element; code: Element; parent: Element | Root; index: number }[] = [];
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (code) blocks.push({ pre: node, code, parent: parent as Element | Root, index });
    });
    if (!blocks.length) return;
    const { reuse } = options;
    const languages = [...new Set(blocks.map(({ code }) => languageOf(code)))].sort();
    let h: Highlighter | undefined;
    for (const { pre, code, parent, index } of blocks) {
      const requested = languageOf(code);
      if (requested === 'mermaid') {
        parent.children[index] = mermaidBlock(toString(code), options.basePath ?? '');
        continue;
      }
      const text = toString(code);
      const key = reuse?.keyOf(text, requested, metaOf(code) ?? '', languages);
      const known = key === undefined ? undefined : reuse!.knownTrees.get(key);
      let block: Element;
      if (known !== undefined) block = decodeBlock(known) as Element;
      else {
        h ??= await getHighlighter(options.grammarPath);
        await ensureLanguage(h, requested);
        block = highlightedBlock(h, text, requested, parseCodeMeta(metaOf(code)), labels);
      }
      if (key !== undefined && reuse!.recordTrees) {
        const encoded = known ?? encodeBlock(block);
        if (encoded !== undefined) reuse!.writtenTrees.push([key, encoded]);
      }
      // Errors at render time point at the fence.
      (block.children.at(-1) as Element).position = pre.position;
      // A page React renders takes the block as HTML (static-html.ts, `inlineHighlightedBlocks`).
      block.data = { ...block.data, [HIGHLIGHTED_BLOCK]: true } as Element['data'];
      parent.children[index] = block;
    }
  };
}

/** What hast-util-to-html escapes in text, spelt as it spells it (named references). */
const escapeText = (text: string): string => (ESCAPED_IN_TEXT.test(text) ? text.replace(/[&<]/g, (c) => (c === '&' ? '&amp;' : '&lt;')) : text);

/** A token's text that holds what `escapeText` escapes: most hold neither. */
const ESCAPED_IN_TEXT = /[&<]/;

/**
 * A token colour's opening tag as the lines are written (empty for the block's own colour), or
 * null for one that is more than a colour of ours (`TOKEN_COLOR`): by colour, as a block has few
 * and a page hundreds of tokens.
 */
const colorOpenings = new Map<string, string | null>();

function colorOpening(color: string): string | null {
  let opening = colorOpenings.get(color);
  if (opening === undefined) {
    const match = TOKEN_COLOR.exec(`color:${color}`);
    opening = !match || match[2] !== undefined ? null : match[1] ? `<span class="tk-${match[1]}">` : '';
    // A theme has a few dozen colours; the bound is for a grammar that is not ours.
    if (colorOpenings.size >= 256) colorOpenings.clear();
    colorOpenings.set(color, opening);
  }
  return opening;
}

/**
 * The lines of `code` as HTML straight from shiki's tokens: what `highlightedBlock` writes, without
 * a hast tree per token, its class rewrite and its serialisation (two thirds of a block's time; the
 * tokenising is the other third). Undefined when a token carries more than a colour (a font style,
 * a background, attributes): that block takes the tree path.
 */
function highlightedLinesHtml(worker: Highlighter, code: string, requested: string, highlightedLines: ReadonlySet<number>): string | undefined {
  const h = highlighterFor(worker, requested);
  const { tokens } = h.codeToTokens(...tokenizing(h, code, requested));
  let html = '';
  for (let index = 0; index < tokens.length; index++) {
    if (index) html += '\n';
    html += highlightedLines.has(index + 1) ? '<span class="line highlighted">' : '<span class="line">';
    for (const token of tokens[index]!) {
      if (token.fontStyle || token.bgColor || token.htmlStyle || token.htmlAttrs) return undefined;
      const opening = token.color === undefined ? '' : colorOpening(token.color);
      if (opening === null) return undefined;
      // A plain token (the foreground, or no colour) inherits the block's colour: no span, as tokenStylesToClasses leaves it.
      html += opening ? `${opening}${escapeText(token.content)}</span>` : escapeText(token.content);
    }
    html += '</span>';
  }
  return html;
}

const HTML_OPTIONS = { characterReferences: { useNamedReferences: true } } as const;

/** Where a block's lines go in its chrome's HTML (`chromeAround`), which is split at its last occurrence: a title, before the lines, may hold anything. */
const LINES_GO_HERE = '\u0000lines\u0000';

/** The chrome's HTML before and after a block's lines, with the meta it was parsed from, by language, meta string and labels. */
const chromes = new Map<string, readonly [before: string, after: string, meta: Readonly<CodeMeta>]>();

/** Chromes kept at most: a site has a few dozen pairs of language and meta, but nothing bounds them. */
const CHROMES_KEPT = 512;

/**
 * A block's chrome on the string path, which follows from its language, meta string and labels
 * alone (the lines are written apart, `highlightedLinesHtml`): made into a tree and serialised
 * once for each, not for every block. Serialising it was a tenth of a block's time in a cold
 * build of 2000 pages, for the same few strings every time.
 */
function chromeAround(requested: string, meta: string | undefined, labels: CopyButtonLabels): readonly [before: string, after: string, meta: Readonly<CodeMeta>] {
  const key = JSON.stringify([requested, meta ?? '', labels.copy, labels.copyCode]);
  let chrome = chromes.get(key);
  if (!chrome) {
    const parsed = parseCodeMeta(meta);
    const pre: Element = { type: 'element', tagName: 'pre', properties: preProperties(), children: [{ type: 'raw', value: `<code>${LINES_GO_HERE}</code>` }] };
    const html = toHtml(codeBlockChrome(pre, requested, parsed, labels), { ...HTML_OPTIONS, allowDangerousHtml: true });
    // The last: the lines are the chrome's last child, after any title.
    const at = html.lastIndexOf(LINES_GO_HERE);
    chrome = [html.slice(0, at), html.slice(at + LINES_GO_HERE.length), parsed];
    if (chromes.size >= CHROMES_KEPT) chromes.clear();
    chromes.set(key, chrome);
  }
  return chrome;
}

/**
 * The same markup as the rehype plugin, as a string, for the Markdown renderer. `meta` is what
 * follows the language in the fence's info string. `lang` must be loaded (see ensureLanguage).
 */
export function highlightToHtml(h: Highlighter, code: string, requested: string, meta?: string, basePath = '', labels: CopyButtonLabels = ENGLISH_COPY_LABELS): string {
  if (requested === 'mermaid') return toHtml(mermaidBlock(code, basePath), HTML_OPTIONS);
  const [before, after, parsed] = chromeAround(requested, meta, labels);
  // Marked substrings split tokens: the tree path does that.
  const lines = parsed.substrings.length ? undefined : highlightedLinesHtml(h, code, requested, parsed.highlightedLines);
  if (lines === undefined) return toHtml(highlightedBlock(h, code, requested, parsed, labels), HTML_OPTIONS);
  return before + lines + after;
}
