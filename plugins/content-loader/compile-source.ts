import type { Highlighter } from 'shiki';
import type { FrontMatter } from 'docs-gen';
import { splitFrontMatter } from './front-matter.ts';
import type { CompileInput, CompileOutput } from './compile-page.ts';
import { renderMarkdown } from './render-markdown.ts';
import { hasMermaid } from './mermaid.ts';
import { insertMathHtml, prepareMath } from './math.ts';
import { readsAsMarkdown } from './reads-as-markdown.ts';
import type { HighlightReuse } from './highlight-reuse.ts';

/** shiki, loaded by the first page with a code block (highlight.ts imports it on first use). */
async function loadHighlighter(grammarPath: string): Promise<Highlighter> {
  const { getHighlighter } = await import('./highlight.ts');
  return getHighlighter(grammarPath);
}

/**
 * The compile itself, loaded by `compilePage` on a cache miss. `.md` pages go to markdown-it;
 * the MDX compiler (`compile-mdx.ts`) is imported only for an `.mdx` page. `reuse`: the code
 * blocks of the page's last compile, and where this one notes those it writes (Markdown path only).
 */
export async function compileSource(input: CompileInput & { source: string }, reuse?: HighlightReuse): Promise<CompileOutput> {
  const { source } = input;
  const split = splitFrontMatter(source, input.relativePath);
  // A `.md` page is never refused: only an `.mdx` page's linkified prose is.
  if (input.format === 'md') return (await compileMarkdown(input, split, reuse))!;
  // An `.mdx` page that MDX reads as plain Markdown goes to markdown-it too, unless the site's
  // remark or rehype plugins, or components that replace HTML elements, are to see it.
  const { remarkPlugins = [], rehypePlugins = [], replacedElements = [] } = input.markdown ?? {};
  if (!remarkPlugins.length && !rehypePlugins.length && !replacedElements.length && readsAsMarkdown(split.body)) {
    const output = await compileMarkdown(input, split, reuse);
    if (output) return output;
  }
  const { frontMatter } = split;
  // Math first: TeX's braces must never reach MDX, where `{` opens an expression.
  const { body, rendered: math } = await prepareMath(split.body, { format: 'mdx', relativePath: input.relativePath, basePath: input.links.basePath });
  const { compileMdx } = await import('./compile-mdx.ts');
  const { compiled, cleanMarkdown, ...collected } = await compileMdx(input, body, math, reuse);
  return { frontMatter, body: split.body, compiled, usesMath: math.length > 0, usesMermaid: hasMermaid(body), ...collected, ...(cleanMarkdown === undefined ? {} : { cleanMarkdown }) };
}

/**
 * CommonMark needs no JavaScript: straight to HTML with markdown-it, no MDX compile, no React
 * render. For an `.mdx` page, undefined when markdown-it's reading is not sure to be MDX's.
 */
async function compileMarkdown(input: CompileInput, split: { frontMatter: FrontMatter; body: string }, reuse?: HighlightReuse): Promise<CompileOutput | undefined> {
  const { body, rendered: math } = await prepareMath(split.body, { format: 'md', relativePath: input.relativePath, basePath: input.links.basePath });
  const highlighter = input.highlight === false ? undefined : () => loadHighlighter(input.grammarPath);
  const rendered = await renderMarkdown(body, { links: input.links, highlighter, copyLabels: input.copyLabels, reuse, refuseLinkified: input.format === 'mdx' });
  if (!rendered) return undefined;
  const { html, ...collected } = rendered;
  return { frontMatter: split.frontMatter, body: split.body, compiled: { kind: 'html', code: await insertMathHtml(html, math) }, usesMath: math.length > 0, usesMermaid: hasMermaid(body), ...collected };
}
