import { describe, expect, test } from 'vitest';
import type { Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { fileURLToPath } from 'node:url';
import { ensureLanguage, getHighlighter, highlightToHtml, rehypeHighlight } from '../../plugins/content-loader/highlight.ts';

const grammarPath = fileURLToPath(new URL('../../theme/highlight/rel.tmLanguage.json', import.meta.url));

/** A `pre > code.language-x` as remark-rehype makes it for a fenced block. */
function fence(lang: string, code: string): Root {
  return {
    type: 'root',
    children: [
      {
        type: 'element',
        tagName: 'pre',
        properties: {},
        children: [{ type: 'element', tagName: 'code', properties: { className: [`language-${lang}`] }, children: [{ type: 'text', value: code }] }],
      },
    ],
  };
}

describe('code blocks', () => {
  // .mdx pages highlight in hast, .md pages as a string: the markup must be the same.
  test.each([
    ['rel', 'def edge = {(1, 2); (2, 3)}\n// a comment\ndef output = count[edge]\n'],
    ['python', 'def f(x):\n    return "<b>" + x\n'],
    ['nonexistent-lang', 'plain <text> & more\n'],
  ])('a %s block has the same HTML on the MDX path and the Markdown path', async (lang, code) => {
    const tree = fence(lang, code);
    await rehypeHighlight({ grammarPath })(tree);
    const highlighter = await getHighlighter(grammarPath);
    await ensureLanguage(highlighter, lang);
    // Same characters escaped where it matters (`<`, `&`); `>` and `"` in text may be spelled either way.
    const optional = (html: string) => html.replace(/&gt;/g, '>').replace(/&quot;/g, '"');
    expect(toHtml(tree, { characterReferences: { useNamedReferences: true } })).toBe(optional(highlightToHtml(highlighter, code, lang)));
  });

  test('token colours are classes and the code is escaped', async () => {
    const highlighter = await getHighlighter(grammarPath);
    const html = highlightToHtml(highlighter, 'def x = "<b>"\n', 'rel');
    expect(html).toContain('<span class="tk-keyword">def</span>');
    expect(html).toContain('&lt;b&gt;');
    expect(html).not.toContain('<b>');
  });
});
