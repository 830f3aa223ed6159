import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { fileURLToPath } from 'node:url';
import { MAX_HIGHLIGHTED_LINE, ensureLanguage, getHighlighter, highlightToHtml, rehypeHighlight } from '../../plugins/content-loader/highlight.ts';

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

describe('highlighting does not depend on the time it takes', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A clock that jumps a second forward each time it is read: every line looks as slow as can be. */
  function slowClock(): void {
    let now = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 1000));
  }

  const code = 'def edge = {(1, 2); (2, 3)}\n// a comment\ndef output = count[edge]\n';

  test('a clock that jumps forward between reads gives the same tokens as a still one', async () => {
    const highlighter = await getHighlighter(grammarPath);
    await ensureLanguage(highlighter, 'rel');
    const still = highlightToHtml(highlighter, code, 'rel');
    slowClock();
    expect(highlightToHtml(highlighter, code, 'rel')).toBe(still);
    const tree = fence('rel', code);
    await rehypeHighlight({ grammarPath })(tree);
    expect(toHtml(tree)).toContain('<span class="tk-keyword">def</span>');
  });

  test('with a clock that jumps forward, a block has the same HTML on the MDX path and the Markdown path', async () => {
    const highlighter = await getHighlighter(grammarPath);
    await ensureLanguage(highlighter, 'rel');
    slowClock();
    const tree = fence('rel', code);
    await rehypeHighlight({ grammarPath })(tree);
    const optional = (html: string) => html.replace(/&gt;/g, '>').replace(/&quot;/g, '"');
    expect(toHtml(tree, { characterReferences: { useNamedReferences: true } })).toBe(optional(highlightToHtml(highlighter, code, 'rel')));
  });

  test('a line longer than the limit is emitted as plain text, the same on both paths', async () => {
    const highlighter = await getHighlighter(grammarPath);
    await ensureLanguage(highlighter, 'rel');
    const long = `def x = ${'1 + '.repeat(MAX_HIGHLIGHTED_LINE / 4)}1\ndef y = 2\n`;
    const html = highlightToHtml(highlighter, long, 'rel');
    expect(html).toContain('<span class="line">def x = 1 + 1 + ');
    expect(html).toContain('<span class="line"><span class="tk-keyword">def</span>');
    const tree = fence('rel', long);
    await rehypeHighlight({ grammarPath })(tree);
    expect(toHtml(tree, { characterReferences: { useNamedReferences: true } })).toBe(html);
  });
});

describe('the Rel grammar', () => {
  test.each([['2025-01-15'], ['2025-01-15T10:30:00Z'], ['2025-01-15T10:30:00.5+01:00']])('the date literal %s is one constant token, not a subtraction', async (literal) => {
    const highlighter = await getHighlighter(grammarPath);
    await ensureLanguage(highlighter, 'rel');
    const html = highlightToHtml(highlighter, `def start = ${literal}\n`, 'rel');
    expect(html).toContain(`<span class="tk-constant">${literal}</span>`);
  });
});
