import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCodeMeta, type CopyButtonLabels } from '../../plugins/content-loader/code-meta.ts';
import { MAX_HIGHLIGHTED_LINE, ensureLanguage, getHighlighter, highlightToHtml, rehypeHighlight } from '../../plugins/content-loader/highlight.ts';

const grammarPath = fileURLToPath(new URL('../../theme/highlight/rel.tmLanguage.json', import.meta.url));

/** A `pre > code.language-x` as remark-rehype makes it for a fenced block (the meta on the code's data). */
function fence(lang: string, code: string, meta?: string): Root {
  return {
    type: 'root',
    children: [
      {
        type: 'element',
        tagName: 'pre',
        properties: {},
        children: [
          { type: 'element', tagName: 'code', properties: { className: [`language-${lang}`] }, children: [{ type: 'text', value: code }], ...(meta ? { data: { meta } } : {}) },
        ],
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
    // `<` is what must be escaped in text; `>` may be spelled either way.
    expect(html).toContain('&lt;b');
    expect(html).not.toContain('<b>');
  });
});

/** Every fenced block of the Rel site's pages: its language, meta and code as the Markdown renderer gets them. */
function siteFences(): { file: string; lang: string; meta: string; code: string }[] {
  const fences: { file: string; lang: string; meta: string; code: string }[] = [];
  const contentDir = fileURLToPath(new URL('../../content', import.meta.url));
  for (const entry of readdirSync(contentDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.mdx?$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    for (const match of readFileSync(file, 'utf8').matchAll(/^(`{3,})([\w+-]+)[ \t]*([^\n`]*)\n([\s\S]*?)^\1[ \t]*$/gm)) {
      fences.push({ file, lang: match[2]!, meta: match[3]!, code: match[4]! });
    }
  }
  return fences;
}

describe('the Markdown path writes a block from shiki\'s tokens', () => {
  // highlightToHtml writes the lines from tokens, not through a hast tree: the bytes must be the tree path's.
  async function treeHtml(lang: string, code: string, meta?: string, labels?: CopyButtonLabels): Promise<string> {
    const tree = fence(lang, code, meta);
    await rehypeHighlight({ grammarPath, labels })(tree);
    return toHtml(tree, { characterReferences: { useNamedReferences: true } });
  }

  test.each([
    ['rel', 'def x = "a < b && c > d"\n\n\t// tab, blank line above\ndef y = \'é 🚀\'\n', ''],
    ['rel', 'def output = 1\ndef b = 2\ndef c = 3\n', '{1,3} showLineNumbers'],
    ['python', 'x = 1  # <tag> & entity &amp;\n', 'filename="a <b>.py" copy=false'],
    ['python', 'def f():\n    return 1\n', '/return/'],
    ['js', 'const a = `${b}` < 2;\n', '{1}'],
    ['text', 'just <text> & more\n', 'title="t"'],
    ['unknown-lang', 'plain <text>\n', ''],
    ['rel', '', ''],
    ['rel', '\n\n', ''],
  ])('a %s block (%#) is byte for byte what the tree path writes', async (lang, code, meta) => {
    const highlighter = await getHighlighter(grammarPath);
    await ensureLanguage(highlighter, lang);
    expect(highlightToHtml(highlighter, code, lang, meta)).toBe(await treeHtml(lang, code, meta));
  });

  test('takes no hast tree for a plain block, and the tree path for one with marked substrings', async () => {
    const highlighter = await getHighlighter(grammarPath);
    await ensureLanguage(highlighter, 'rel');
    const trees = vi.spyOn(highlighter, 'codeToHast');
    try {
      highlightToHtml(highlighter, 'def output = 1\n', 'rel', '{1} showLineNumbers filename="a.rel"');
      expect(trees).not.toHaveBeenCalled();
      highlightToHtml(highlighter, 'def output = 1\n', 'rel', '/output/');
      expect(trees).toHaveBeenCalledTimes(1);
    } finally {
      trees.mockRestore();
    }
  });

  test('a block\'s chrome, made once for its language, meta and labels, is never another block\'s', async () => {
    const highlighter = await getHighlighter(grammarPath);
    await ensureLanguage(highlighter, 'python');
    const german: CopyButtonLabels = { copy: 'Kopieren', copyCode: 'Code kopieren' };
    // The button's text as English has it, its name not: each label is in the key.
    const namedInGerman: CopyButtonLabels = { copy: 'Copy', copyCode: 'Code kopieren' };
    const blocks: [code: string, meta: string, labels?: CopyButtonLabels][] = [
      ['x = 1\n', 'filename="a.py"'],
      ['y = 2\n', 'filename="a.py"', german],
      ['v = 5\n', 'filename="a.py"', namedInGerman],
      ['z = 3\n', 'filename="b.py"'],
      ['x = 1\n', 'filename="a.py" copy=false'],
      ['w = 4\n', 'filename="a.py"'],
    ];
    for (const [code, meta, labels] of blocks) {
      const html = highlightToHtml(highlighter, code, 'python', meta, '', labels);
      expect(html).toBe(await treeHtml('python', code, meta, labels));
    }
    expect(highlightToHtml(highlighter, 'y = 2\n', 'python', 'filename="a.py"', '', german)).toContain('>Kopieren</button>');
    expect(highlightToHtml(highlighter, 'z = 3\n', 'python', 'filename="b.py"')).toContain('>b.py</div>');
  });

  test('every block of the Rel site is byte for byte what the tree path writes', async () => {
    const fences = siteFences();
    expect(fences.length).toBeGreaterThan(500);
    const highlighter = await getHighlighter(grammarPath);
    const differing: string[] = [];
    for (const { file, lang, meta, code } of fences) {
      await ensureLanguage(highlighter, lang);
      if (highlightToHtml(highlighter, code, lang, meta) !== (await treeHtml(lang, code, meta))) differing.push(`${file}: ${lang} ${meta}`);
    }
    expect(differing).toEqual([]);
  });
});

describe('fence meta (Nextra\'s syntax)', () => {
  test('is read into title, highlighted lines, line numbers, substrings and copy', () => {
    expect(parseCodeMeta('filename="a b.js" {1,3-5} showLineNumbers /x y/ /z/ copy=false')).toEqual({
      title: 'a b.js',
      highlightedLines: new Set([1, 3, 4, 5]),
      showLineNumbers: true,
      substrings: ['x y', 'z'],
      copy: false,
    });
    expect(parseCodeMeta(undefined)).toEqual({ highlightedLines: new Set(), showLineNumbers: false, substrings: [], copy: true });
    expect(parseCodeMeta("title='t' unknown words {2}")).toMatchObject({ title: 't', highlightedLines: new Set([2]) });
  });

  const META = 'filename="<app>.js" {2} showLineNumbers /value/ copy=false';
  const CODE = 'const a = 1;\nconst value = a + value;\nreturn value;\n';

  test('gives the same markup on the MDX path and the Markdown path', async () => {
    const tree = fence('js', CODE, META);
    await rehypeHighlight({ grammarPath })(tree);
    const highlighter = await getHighlighter(grammarPath);
    await ensureLanguage(highlighter, 'js');
    expect(toHtml(tree, { characterReferences: { useNamedReferences: true } })).toBe(highlightToHtml(highlighter, CODE, 'js', META));
  });

  test('writes an escaped title bar, no copy button, numbered lines, the highlighted line and marked substrings', async () => {
    const highlighter = await getHighlighter(grammarPath);
    await ensureLanguage(highlighter, 'js');
    const html = highlightToHtml(highlighter, CODE, 'js', META);
    expect(html).toMatch(/^<div class="code-block has-title" data-language="js"><div class="code-title">&lt;app>\.js<\/div><pre class="shiki" tabindex="0" data-line-numbers="">/);
    expect(html).not.toContain('copy-button');
    expect(html).not.toContain('code-language');
    expect(html.match(/<span class="line( highlighted)?">/g)).toEqual(['<span class="line">', '<span class="line highlighted">', '<span class="line">']);
    expect(html.match(/<mark class="code-mark">value<\/mark>/g)).toHaveLength(3);
    // The text is unchanged: marks only wrap it.
    expect(html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<')).toBe(`<app>.js${CODE.trimEnd()}`);
  });

  test('labels the language when there is no title, and keeps the copy button by default', async () => {
    const highlighter = await getHighlighter(grammarPath);
    await ensureLanguage(highlighter, 'js');
    const html = highlightToHtml(highlighter, 'x\n', 'js');
    expect(html).toContain('<span class="code-language" aria-hidden="true">js</span><button type="button" class="copy-button"');
    expect(highlightToHtml(highlighter, 'x\n', 'text')).not.toContain('code-language');
  });

  test('marks a substring that spans several tokens', async () => {
    const highlighter = await getHighlighter(grammarPath);
    await ensureLanguage(highlighter, 'js');
    const html = highlightToHtml(highlighter, 'const value = 1;\n', 'js', '/value = 1/');
    expect(html.replace(/<(?!\/?mark)[^>]+>/g, '')).toContain('const <mark class="code-mark">value</mark><mark class="code-mark"> </mark>');
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
