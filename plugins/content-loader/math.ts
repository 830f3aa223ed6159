import type { Element, ElementContent, Root, RootContent } from 'hast';
import { visit } from 'unist-util-visit';
import { DiagnosticError, positionAt, type Diagnostic } from 'docs-gen';
import { findMath, type MathSpan } from './find-math.ts';
import type { JsxElement } from './collect.ts';
import { katexStylesheetHref } from './katex-assets.ts';

/** The attribute a placeholder carries: the index of its math in the page. */
const PLACEHOLDER_ATTRIBUTE = 'data-docs-gen-math';
const placeholder = (index: number) => `<span ${PLACEHOLDER_ATTRIBUTE}="${index}"></span>`;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) =>
    name[0] === '#' ? String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))) : (ENTITIES[name] ?? whole),
  );

const TOKEN = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*"[^"]*")?)*)\s*(\/?)>|[^<]+/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*"([^"]*)")?/g;

/**
 * KaTeX's HTML as a hast tree. KaTeX writes well-formed markup (every element closed or
 * self-closed, attributes double-quoted, text escaped), so a tokenizer for exactly that suffices.
 */
export function katexToHast(html: string): ElementContent[] {
  const root: Element = { type: 'element', tagName: 'root', properties: {}, children: [] };
  const stack: Element[] = [root];
  for (const match of html.matchAll(TOKEN)) {
    const [whole, closing, tagName, attributes, selfClosing] = match;
    const parent = stack.at(-1)!;
    if (!tagName) {
      parent.children.push({ type: 'text', value: decode(whole) });
      continue;
    }
    if (closing) {
      if (stack.length > 1) stack.pop();
      continue;
    }
    const element: Element = { type: 'element', tagName, properties: {}, children: [] };
    for (const [, name, value] of attributes!.matchAll(ATTRIBUTE)) {
      if (name === 'class') element.properties.className = decode(value ?? '').split(/\s+/).filter(Boolean);
      else element.properties[name!] = decode(value ?? '');
    }
    parent.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  return root.children;
}

export interface PreparedMath {
  /** The body with each math span replaced by a placeholder element (line breaks kept, so places stay true). */
  body: string;
  /** The rendered math, by placeholder index. */
  rendered: ElementContent[][];
}

/** A TeX error as a diagnostic at its place in the page. */
function texError(error: unknown, span: MathSpan, context: { body: string; relativePath: string }): Diagnostic {
  const { position, rawMessage, message } = error as { position?: number; rawMessage?: string; message: string };
  const offset = span.texStart + (typeof position === 'number' ? position : 0);
  return { severity: 'error', code: 'math-syntax', message: `TeX error: ${rawMessage ?? message}`, file: context.relativePath, ...positionAt(context.body, offset) };
}

/**
 * Renders a page's math with KaTeX at build time (no client JavaScript) and puts placeholders in its
 * place, before Markdown or MDX parses the page. Every TeX error of the page is reported at once.
 */
export async function prepareMath(body: string, options: { format: 'md' | 'mdx'; relativePath: string; basePath: string }): Promise<PreparedMath> {
  const spans = findMath(body, options.format);
  if (!spans.length) return { body, rendered: [] };
  // Loaded on first use: pages without math never pay for KaTeX.
  const { default: katex } = await import('katex');
  const diagnostics: Diagnostic[] = [];
  const rendered: ElementContent[][] = [];
  let out = '';
  let cursor = 0;
  spans.forEach((span, index) => {
    try {
      const html = katex.renderToString(span.tex, { displayMode: span.display, throwOnError: true, strict: 'ignore', trust: false, output: 'htmlAndMathml' });
      rendered.push(katexToHast(html));
    } catch (error) {
      diagnostics.push(texError(error, span, { body, relativePath: options.relativePath }));
      rendered.push([]);
    }
    const lineBreaks = body.slice(span.start, span.end).split('\n').length - 1;
    out += body.slice(cursor, span.start) + placeholder(index) + '\n'.repeat(lineBreaks);
    cursor = span.end;
  });
  if (diagnostics.length) throw new DiagnosticError(diagnostics);
  // The stylesheet comes with the first math of the page (a body-ok link): pages without math never load it.
  const stylesheet: Element = { type: 'element', tagName: 'link', properties: { rel: ['stylesheet'], href: katexStylesheetHref(options.basePath) }, children: [] };
  rendered[0]!.unshift(stylesheet);
  return { body: out + body.slice(cursor), rendered };
}

/** The Markdown path: placeholders in markdown-it's HTML become the math; a display block alone in its paragraph loses the `<p>`. */
export async function insertMathHtml(html: string, rendered: ElementContent[][]): Promise<string> {
  if (!rendered.length) return html;
  // Loaded on first use: a page without math never pays for the HTML serializer.
  const { toHtml } = await import('hast-util-to-html');
  const mathHtml = (index: string) => toHtml({ type: 'root', children: rendered[Number(index)] ?? [] });
  return html
    .replace(new RegExp(`<p>${placeholder(0).replace('"0"', '"(\\d+)"')}\\s*</p>\\n?`, 'g'), (_whole, index: string) => `${mathHtml(index)}\n`)
    .replace(new RegExp(placeholder(0).replace('"0"', '"(\\d+)"'), 'g'), (_whole, index: string) => mathHtml(index));
}

function placeholderIndex(node: RootContent): number | undefined {
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return undefined;
  const jsx = node as unknown as JsxElement;
  const attribute = jsx.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === PLACEHOLDER_ATTRIBUTE);
  return typeof attribute?.value === 'string' ? Number(attribute.value) : undefined;
}

/**
 * rehype plugin for the MDX path: placeholders become the rendered math. It runs after the
 * collector, so headings' ids and search text treat math as the Markdown path does (not as text).
 */
export function rehypeMath(rendered: ElementContent[][]) {
  return (tree: Root): void => {
    if (!rendered.length) return;
    visit(tree, (node, index, parent) => {
      const math = placeholderIndex(node as RootContent);
      if (math === undefined || !parent || index === undefined) return;
      parent.children.splice(index, 1, ...(rendered[math] ?? []));
      return index + (rendered[math]?.length ?? 0);
    });
  };
}
