// A language whose grammar colours the code it embeds only with grammars already loaded
// (Markdown's fenced code) must not colour a block by what the worker compiled before: which
// worker compiles which page depends on timing, and two builds of one site must agree.
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { ensureLanguage, getHighlighter, highlightToHtml, rehypeHighlight } from '../../../plugins/content-loader/highlight.ts';
import { toHtml } from 'hast-util-to-html';
import type { Root } from 'hast';

const grammarPath = fileURLToPath(new URL('../../../theme/highlight/rel.tmLanguage.json', import.meta.url));
const markdownBlock = '# Title\n\n```ocaml\nlet f x = x + 1\n```\n\n```erlang\nf(X) -> X.\n```\n';

/** The MDX path's tree for one fenced block, as HTML. */
async function treePath(code: string, lang: string): Promise<string> {
  const tree: Root = { type: 'root', children: [{ type: 'element', tagName: 'pre', properties: {}, children: [{ type: 'element', tagName: 'code', properties: { className: [`language-${lang}`] }, children: [{ type: 'text', value: code }] }] }] };
  await rehypeHighlight({ grammarPath })(tree);
  return toHtml(tree);
}

describe('a block whose language embeds others lazily', () => {
  test.each(['markdown', 'md'])('%s: the same colours before and after the worker loaded the languages it embeds, on both paths', async (lang) => {
    const h = await getHighlighter(grammarPath);
    await ensureLanguage(h, lang);
    const before = { markdownIt: highlightToHtml(h, markdownBlock, lang, ''), tree: await treePath(markdownBlock, lang) };
    // A page with OCaml and Erlang blocks compiled in this worker in between (no other test loads them).
    await ensureLanguage(h, 'ocaml');
    await ensureLanguage(h, 'erlang');
    expect(h.getLoadedLanguages()).toEqual(expect.arrayContaining(['ocaml', 'erlang']));
    expect(highlightToHtml(h, markdownBlock, lang, '')).toBe(before.markdownIt);
    expect(await treePath(markdownBlock, lang)).toBe(before.tree);
    // Still coloured as Markdown (a heading token), the fenced code left plain.
    expect(before.markdownIt).toMatch(/class="tk-[a-z-]+"[^>]*># ?<\/span>|class="tk-/);
    expect(before.markdownIt).toContain('let f x = x + 1');
  });

  test('a language without lazy embeddings is highlighted by the worker\'s highlighter as before', async () => {
    const h = await getHighlighter(grammarPath);
    await ensureLanguage(h, 'python');
    expect(highlightToHtml(h, 'def f(x):\n    return x\n', 'python', '')).toContain('tk-');
  });
});
