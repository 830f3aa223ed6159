import { readFileSync } from 'node:fs';
import {
  bundledLanguages,
  createCssVariablesTheme,
  createHighlighter,
  createJavaScriptRegexEngine,
  type BundledLanguage,
  type Highlighter,
  type LanguageRegistration,
} from 'shiki';
import type { Element, ElementContent, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';

let highlighter: Promise<Highlighter> | undefined;
const loading = new Map<string, Promise<void>>();

/** Our own Rel grammar ships in the theme, so Rel examples get real highlighting. */
function relGrammar(grammarPath: string): LanguageRegistration {
  return { ...(JSON.parse(readFileSync(grammarPath, 'utf8')) as LanguageRegistration), name: 'rel' };
}

/**
 * One theme whose colours are CSS variables: code is tokenised once (not once per colour
 * scheme), and the stylesheet gives the variables light and dark values.
 */
const THEME = createCssVariablesTheme({ name: 'docs-gen', variablePrefix: '--code-', fontStyle: true });

export function getHighlighter(grammarPath: string): Promise<Highlighter> {
  highlighter ??= createHighlighter({
    themes: [THEME],
    langs: [relGrammar(grammarPath)],
    // Faster than the WASM engine here; forgiving: a grammar regex it cannot run only loses colour.
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  return highlighter;
}

/** Lines at least this long are emitted as plain text: a guard against pathological grammars that costs the same on every machine. */
export const MAX_HIGHLIGHTED_LINE = 2000;

/**
 * Both paths tokenise with these. shiki stops a line after 500 ms by default, so a busy machine
 * produced other tokens than an idle one; a length limit is deterministic, a time limit is not.
 */
const TOKENIZE = { tokenizeTimeLimit: 0, tokenizeMaxLineLength: MAX_HIGHLIGHTED_LINE } as const;

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

/** Languages load on first use: a worker pays only for the grammars its pages need. */
export async function ensureLanguage(h: Highlighter, lang: string): Promise<boolean> {
  if (h.getLoadedLanguages().includes(lang)) return true;
  if (!(lang in bundledLanguages)) return false;
  let pending = loading.get(lang);
  if (!pending) {
    pending = h.loadLanguage(lang as keyof typeof bundledLanguages);
    loading.set(lang, pending);
  }
  await pending;
  return true;
}

/** The copy button's text and name, in the page's language (the theme's dictionary: `uiStrings`). */
export interface CopyButtonLabels {
  copy: string;
  copyCode: string;
}

const ENGLISH_COPY_LABELS: CopyButtonLabels = { copy: 'Copy', copyCode: 'Copy code' };

function languageOf(code: Element): string {
  const classes = (code.properties.className as string[] | undefined) ?? [];
  const tag = classes.find((c) => c.startsWith('language-'));
  return tag ? tag.slice('language-'.length).toLowerCase() : 'text';
}

/**
 * rehype plugin: replaces every `pre > code` with highlighted HTML (token classes coloured by
 * the stylesheet for each colour scheme), wrapped with a copy button.
 */
export function rehypeHighlight(options: { grammarPath: string; labels?: CopyButtonLabels }) {
  const labels = options.labels ?? ENGLISH_COPY_LABELS;
  return async (tree: Root): Promise<void> => {
    const blocks: { pre: Element; code: Element; parent: Element | Root; index: number }[] = [];
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (code) blocks.push({ pre: node, code, parent: parent as Element | Root, index });
    });
    if (!blocks.length) return;
    const h = await getHighlighter(options.grammarPath);
    for (const { pre, code, parent, index } of blocks) {
      const requested = languageOf(code);
      const lang = (await ensureLanguage(h, requested)) ? requested : 'text';
      const text = toString(code).replace(/\n$/, '');
      // Tokens as codeToTokens gives them to highlightToHtml: the two paths' markup stays identical.
      const highlighted = h.codeToHast(text, { lang, theme: THEME.name!, mergeWhitespaces: false, ...TOKENIZE });
      const shikiPre = highlighted.children[0] as Element;
      shikiPre.position = pre.position;
      shikiPre.properties = { className: ['shiki'], tabIndex: 0 };
      tokenStylesToClasses(shikiPre);
      const wrapper: Element = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-block'], dataLanguage: requested },
        children: [
          {
            type: 'element',
            tagName: 'button',
            properties: { type: 'button', className: ['copy-button'], ariaLabel: labels.copyCode, title: labels.copyCode },
            children: [{ type: 'text', value: labels.copy }],
          },
          shikiPre as ElementContent,
        ],
      };
      parent.children[index] = wrapper;
    }
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/**
 * The same markup as the rehype plugin, as a string, for the Markdown renderer: the code-block
 * wrapper, its copy button, and token classes. `lang` must be loaded (see ensureLanguage).
 */
export function highlightToHtml(h: Highlighter, code: string, requested: string, labels: CopyButtonLabels = ENGLISH_COPY_LABELS): string {
  const lang = h.getLoadedLanguages().includes(requested) ? requested : 'text';
  const lines = h.codeToTokens(code.replace(/\n$/, ''), { lang: lang as BundledLanguage, theme: THEME.name!, ...TOKENIZE }).tokens;
  let html = '';
  for (let i = 0; i < lines.length; i++) {
    html += i ? '\n<span class="line">' : '<span class="line">';
    for (const token of lines[i]!) {
      const kind = /^var\(--code-token-([a-z-]+)\)$/.exec(token.color ?? '')?.[1];
      // fontStyle bit 1 is italic, 2 bold, 4 underline (shiki's FontStyle).
      const style = token.fontStyle && token.fontStyle > 0 ? `${token.fontStyle & 1 ? 'font-style:italic;' : ''}${token.fontStyle & 2 ? 'font-weight:bold;' : ''}${token.fontStyle & 4 ? 'text-decoration:underline;' : ''}` : '';
      // Plain tokens inherit the block's colour: no element needed.
      if (!kind && !style) html += escape(token.content);
      else html += `<span${kind ? ` class="tk-${kind}"` : ''}${style ? ` style="${style.slice(0, -1)}"` : ''}>${escape(token.content)}</span>`;
    }
    html += '</span>';
  }
  return `<div class="code-block" data-language="${escape(requested)}"><button type="button" class="copy-button" aria-label="${escape(labels.copyCode)}" title="${escape(labels.copyCode)}">${escape(labels.copy)}</button><pre class="shiki" tabindex="0"><code>${html}</code></pre></div>`;
}
