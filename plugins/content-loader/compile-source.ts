import type { Highlighter } from 'shiki';
import { splitFrontMatter } from './front-matter.ts';
import type { CompileInput, CompileOutput } from './compile-page.ts';
import { renderMarkdown } from './render-markdown.ts';
import { hasMermaid } from './mermaid.ts';
import { insertMathHtml, prepareMath } from './math.ts';

/** shiki, loaded by the first page with a code block (highlight.ts imports it on first use). */
async function loadHighlighter(grammarPath: string): Promise<Highlighter> {
  const { getHighlighter } = await import('./highlight.ts');
  return getHighlighter(grammarPath);
}

/**
 * The compile itself, loaded by `compilePage` on a cache miss. `.md` pages go to markdown-it;
 * the MDX compiler (`compile-mdx.ts`) is imported only for an `.mdx` page.
 */
export async function compileSource(input: CompileInput & { source: string }): Promise<CompileOutput> {
  const { source } = input;
  const split = splitFrontMatter(source, input.relativePath);
  const { frontMatter } = split;
  // Math first: TeX's braces must never reach MDX, where `{` opens an expression.
  const { body, rendered: math } = await prepareMath(split.body, { format: input.format, relativePath: input.relativePath, basePath: input.links.basePath });
  const usesMath = math.length > 0;
  const usesMermaid = hasMermaid(body);
  if (input.format === 'md') {
    // CommonMark needs no JavaScript: straight to HTML, no MDX compile, no React render.
    const highlighter = input.highlight === false ? undefined : () => loadHighlighter(input.grammarPath);
    const { html, ...collected } = await renderMarkdown(body, { links: input.links, highlighter, copyLabels: input.copyLabels });
    return { frontMatter, body: split.body, compiled: { kind: 'html', code: await insertMathHtml(html, math) }, usesMath, usesMermaid, ...collected };
  }
  const { compileMdx } = await import('./compile-mdx.ts');
  const { compiled, cleanMarkdown, ...collected } = await compileMdx(input, body, math);
  return { frontMatter, body: split.body, compiled, usesMath, usesMermaid, ...collected, ...(cleanMarkdown === undefined ? {} : { cleanMarkdown }) };
}
