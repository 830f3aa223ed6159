// Math at build time (issue 12): where TeX is found, KaTeX's markup in .md and .mdx alike, TeX
// with braces inside MDX, and a TeX error as a diagnostic at its place.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import * as runtime from 'react/jsx-runtime';
import { compilePage, type CompileOutput } from '../../../plugins/content-loader/compile-page.ts';
import { findMath } from '../../../plugins/content-loader/find-math.ts';
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.ts';

const grammarPath = fileURLToPath(new URL('../../../theme/highlight/rel.tmLanguage.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'docs-gen-math-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function compile(format: 'md' | 'mdx', source: string): Promise<CompileOutput> {
  const file = join(dir, `page.${format}`);
  writeFileSync(file, source);
  const links = { pageRoute: '/page', folderRoute: '', hrefPrefix: '/docs', basePath: '/docs' };
  return compilePage({ file, relativePath: `content/page.${format}`, format, grammarPath, moduleDir: dir, links, highlight: false });
}

/** A page's HTML: the Markdown path's string, or the MDX path's function body rendered by React. */
async function html(format: 'md' | 'mdx', source: string): Promise<string> {
  const { compiled } = await compile(format, source);
  if (compiled.kind === 'html') return compiled.code;
  const { default: Content } = new Function(compiled.code)({ ...runtime }) as { default: (props: object) => unknown };
  return renderToStaticMarkup(runtime.jsx(Content as never, {}));
}

const found = (source: string, format: 'md' | 'mdx' = 'md') => findMath(source, format).map((m) => `${m.display ? 'display' : 'inline'} ${m.tex}`);

describe('where math is found', () => {
  test.each([
    ['inline dollars', 'Area $\\pi r^2$ here.', ['inline \\pi r^2']],
    ['display dollars across lines', '$$\n\\frac{a}{b}\n$$', ['display \n\\frac{a}{b}\n']],
    ['parentheses and brackets', 'A \\(x\\) and \\[y\\].', ['inline x', 'display y']],
    ['parentheses alone', 'A \\(x\\).', ['inline x']],
    ['brackets alone', 'A \\[y\\].', ['display y']],
    ['a math fence', '```math\nx^2\n```', ['display x^2']],
    ['a math fence of tildes, its language in capitals and followed by more', 'Text.\n\n  ~~~~ MATH title\ny\n~~~~', ['display y']],
    ['a fence whose language only starts with math', '```mathematica\nx^2\n```', []],
    ['prices are not math', 'It costs $5 and $10.', []],
    ['a space after the opening dollar is not math', 'a $ b$ c', []],
    ['an escaped dollar is a dollar', 'a \\$x$ b', []],
    ['not in a code span', 'Use `$x$` here.', []],
    ['not in another fence', '```sh\necho "$HOME $PATH"\n```', []],
    ['not across a blank line', 'a $x\n\ny$ b', []],
    ['not in a tag attribute', '<a title="$x$">t</a>', []],
  ])('%s', (_name, source, expected) => {
    expect(found(source)).toEqual(expected);
  });

  test('not in an MDX expression or import line', () => {
    expect(found('import x from "./$a$.js"\n\n{`$${price}$`} and $y$', 'mdx')).toEqual(['inline y']);
  });
});

const PAGE = '# Math\n\nInline $\\frac{a}{b}$ and \\(x^2\\).\n\n$$\n\\sum_{i=1}^{n} i\n$$\n\nAfter.\n';

describe.each(['md', 'mdx'] as const)('math in a .%s page', (format) => {
  test('is KaTeX markup at build time, TeX braces and all, with the stylesheet linked once', async () => {
    const page = await html(format, PAGE);
    expect(page.match(/<span class="katex">/g)).toHaveLength(3);
    expect(page.match(/<span class="katex-display">/g)).toHaveLength(1);
    expect(page).toContain('<annotation encoding="application/x-tex">\\frac{a}{b}</annotation>');
    expect(page.match(/<link rel="stylesheet" href="\/docs\/_next\/static\/katex-[0-9a-f]{12}\/katex\.min\.css"\/?>/g)).toHaveLength(1);
    expect(page).toContain('After.');
    expect(page).not.toContain('$');
    expect(page).not.toContain('<script');
  });

  test('is reported with its file, line and column when the TeX is wrong', async () => {
    const error = await compile(format, '# Math\n\nText and $\\frac{a}{b$ there.\n').then(() => undefined, (e: unknown) => e);
    const diagnostics = (error as { diagnostics?: Diagnostic[] }).diagnostics;
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics![0]).toMatchObject({ severity: 'error', code: 'math-syntax', file: `content/page.${format}`, line: 3 });
    expect(diagnostics![0]!.column).toBeGreaterThan(10);
    expect(diagnostics![0]!.message).toMatch(/^TeX error: /);
  });

  test('marks the page as using math; a page without math is not', async () => {
    expect((await compile(format, PAGE)).usesMath).toBe(true);
    expect((await compile(format, '# Plain\n\nIt costs $5.\n')).usesMath).toBe(false);
  });
});

test('a .md and an .mdx page write the same math markup', async () => {
  const normalise = (page: string) => page.replace(/\/>/g, '>').replace(/;"/g, '"');
  const [md, mdx] = [normalise(await html('md', PAGE)), normalise(await html('mdx', PAGE))];
  const math = (page: string) => page.match(/<span class="katex">[\s\S]*?<\/annotation>/g);
  expect(math(md)).toEqual(math(mdx));
});
