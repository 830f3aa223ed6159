import { readFileSync } from 'node:fs';
import { bundledLanguages, createHighlighter, type Highlighter, type LanguageRegistration } from 'shiki';
import type { Element, ElementContent, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';

let highlighter: Promise<Highlighter> | undefined;
const loading = new Map<string, Promise<void>>();

/** Our own Rel grammar ships in the theme, so Rel examples get real highlighting. */
function relGrammar(grammarPath: string): LanguageRegistration {
  return { ...(JSON.parse(readFileSync(grammarPath, 'utf8')) as LanguageRegistration), name: 'rel' };
}

function getHighlighter(grammarPath: string): Promise<Highlighter> {
  highlighter ??= createHighlighter({
    themes: ['github-light', 'github-dark'],
    langs: [relGrammar(grammarPath)],
  });
  return highlighter;
}

/** Languages load on first use: a worker pays only for the grammars its pages need. */
async function ensureLanguage(h: Highlighter, lang: string): Promise<boolean> {
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

function languageOf(code: Element): string {
  const classes = (code.properties.className as string[] | undefined) ?? [];
  const tag = classes.find((c) => c.startsWith('language-'));
  return tag ? tag.slice('language-'.length).toLowerCase() : 'text';
}

/**
 * rehype plugin: replaces every `pre > code` with shiki's dual-theme HTML (colours as CSS
 * variables, switched by the page's colour scheme in CSS), wrapped with a copy button.
 */
export function rehypeHighlight(options: { grammarPath: string }) {
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
      const highlighted = h.codeToHast(text, {
        lang,
        themes: { light: 'github-light', dark: 'github-dark' },
        defaultColor: false,
      });
      const shikiPre = highlighted.children[0] as Element;
      shikiPre.position = pre.position;
      shikiPre.properties.tabIndex = 0;
      const wrapper: Element = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-block'], dataLanguage: requested },
        children: [
          {
            type: 'element',
            tagName: 'button',
            properties: { type: 'button', className: ['copy-button'], ariaLabel: 'Copy code', title: 'Copy code' },
            children: [{ type: 'text', value: 'Copy' }],
          },
          shikiPre as ElementContent,
        ],
      };
      parent.children[index] = wrapper;
    }
  };
}
