import type { Root, RootContent } from 'hast';
import type { VFile } from 'vfile';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { assetHref, EXTERNAL_LINK_ATTRIBUTES, IMAGE_LOADING_ATTRIBUTES, isExternalHref, type PageLinkContext } from 'docs-gen';
import { eachNode } from './each-node.ts';
import { HIGHLIGHTED_BLOCK } from './highlight.ts';

/**
 * An `.mdx` page that is Markdown only (no JSX, no `{expression}`, no `import`/`export`) has no
 * code to run: its HTML is known once rehype is done. Such a page leaves the MDX compile there,
 * as HTML (`CompiledPage.kind: 'html'`, the `.md` pages' kind), and skips the rest of the
 * compiler (hast to estree, JSX, JavaScript text), the evaluation and the render of its body at
 * every build; it joins the render cache (`src/build/render-cache.ts`), which never holds code.
 *
 * The HTML is React's, from the elements hast-util-to-jsx-runtime makes of the tree: what
 * @mdx-js/mdx's compiled JSX would make (table cells' `align` as a style, no whitespace inside
 * tables, `data-*` flags as "true"). The renderer adds what the theme's components add to an MDX
 * body: the heading anchors and the responsive images (`Body` in `src/build/render-worker.tsx`);
 * the attributes every link and image gets are added here (`themeAttributes`). The reader gets
 * the DOM and the layout the function body gives (`markdown-only-mdx.e2e.ts`), with one
 * difference: a local image the size table does not hold (a format it does not measure, such as
 * `.apng`) is linked as written, as in a `.md` page, where the theme's `img` stops the build.
 * An element a plugin's component replaces (`mdxComponents.table`) is React's to render at
 * render time: a page holding one takes the whole compile.
 */
export class StaticPageHtml extends Error {
  constructor(readonly html: string) {
    super('an .mdx page of Markdown alone, compiled to HTML');
    this.name = 'StaticPageHtml';
  }
}

/** The node types of a tree with nothing to run. Any other (MDX's JSX, expressions and ESM; a `raw` or comment node a plugin added) takes the whole compile. */
const STATIC_TYPES = new Set(['root', 'element', 'text']);

function isStatic(node: Root | RootContent, replaced: ReadonlySet<string>): boolean {
  if (!STATIC_TYPES.has(node.type)) return false;
  if (node.type === 'element' && replaced.has(node.tagName)) return false;
  return !('children' in node) || node.children.every((child) => isStatic(child, replaced));
}

/**
 * What the theme's `a` and `img` give every link and image, and the image's URL on the built
 * site (with the base path), as the `.md` renderer writes it: the renderer's pass over HTML
 * finds a local image in the size table by that URL. An attribute the element has already (from
 * a site's rehype plugin) wins, as it does in the components.
 */
function themeAttributes(tree: Root, links: PageLinkContext): void {
  eachNode<Root | RootContent>(tree, (node) => {
    if (node.type === 'element' && node.tagName === 'a' && typeof node.properties.href === 'string' && isExternalHref(node.properties.href)) {
      node.properties = { target: EXTERNAL_LINK_ATTRIBUTES.target, rel: [EXTERNAL_LINK_ATTRIBUTES.rel], ...node.properties };
    } else if (node.type === 'element' && node.tagName === 'img') {
      const src = typeof node.properties.src === 'string' ? { src: assetHref(node.properties.src, links) } : {};
      node.properties = { ...IMAGE_LOADING_ATTRIBUTES, ...node.properties, ...src };
    }
  });
}

/** An expression's program as MDX keeps it (estree), by shape: what `isLiteralProgram` reads. */
interface ExpressionProgram {
  body?: readonly { type?: string; expression?: { type?: string; value?: unknown; raw?: unknown; regex?: unknown; bigint?: unknown } }[];
  comments?: readonly unknown[];
}

/**
 * Whether a literal's `raw` text, which MDX's code generator writes as it is, spells its `value`.
 * The parser sets it from the page; a site's plugin could set any text there (`String(Date.now())`
 * with the value `''`), so only the plain spellings are taken: a string quoted without escapes or
 * as JSON, a finite number as written, `true`, `false`, `null`.
 */
function rawSpellsValue(raw: unknown, value: unknown): boolean {
  if (raw === undefined) return typeof value !== 'number' || Number.isFinite(value);
  if (typeof raw !== 'string') return false;
  if (typeof value === 'string') return raw === JSON.stringify(value) || (!/['\\\n\r\u2028\u2029]/.test(value) && raw === `'${value}'`);
  if (typeof value === 'number') return Number.isFinite(value) && /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$|^0[xXoObB][\da-fA-F]+$/.test(raw) && Number(raw) === value;
  return raw === String(value);
}

/** What `buildsElementsOnly` reads of an MDX node (mdast-util-mdx's types, by shape). */
interface MdxNode {
  type: string;
  children?: readonly MdxNode[];
  attributes?: readonly { type: string; value?: unknown }[];
  data?: { estree?: ExpressionProgram | null };
}

/**
 * Whether an expression's program computes nothing: a comment alone, or one
 * literal string, number, boolean or null (`{' '}`, `width={90}`), which the page's code passes on
 * as it is. A regular expression or a big integer is an object of its own, and is left out.
 */
function isLiteralProgram(program: ExpressionProgram | null | undefined): boolean {
  const body = program?.body;
  if (!body) return false;
  if (body.length === 0) return true;
  const [statement] = body;
  const expression = statement?.expression;
  return (
    body.length === 1 &&
    !program.comments?.length &&
    statement?.type === 'ExpressionStatement' &&
    expression?.type === 'Literal' &&
    expression.regex === undefined &&
    expression.bigint === undefined &&
    (expression.value === null || ['string', 'number', 'boolean'].includes(typeof expression.value)) &&
    rawSpellsValue(expression.raw, expression.value)
  );
}

/** A JSX attribute whose value the page's code does not compute: a string, none (`true`), or a literal expression. */
function literalAttribute(attribute: { type: string; value?: unknown }): boolean {
  if (attribute.type !== 'mdxJsxAttribute') return false;
  const { value } = attribute;
  if (value === null || value === undefined || typeof value === 'string') return true;
  const expression = value as { type?: unknown; data?: { estree?: ExpressionProgram | null } };
  return expression.type === 'mdxJsxAttributeValueExpression' && isLiteralProgram(expression.data?.estree);
}

/** The elements the theme's MDX components render (theme/mdx/components.tsx): a block holding one stays a tree, for React to render at render time. */
const THEME_ELEMENTS = new Set(['a', 'img', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** The key on the `data` of a block `inlineHighlightedBlocks` made. */
const INLINED_BLOCK = 'docsGenInlinedBlock';

/** An HTML element's name as MDX leaves it to React: lower case (a capitalised or dotted one names a component). */
const INTRINSIC_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * Whether the two ways a property reaches React give it alike: MDX's (hast-util-to-estree, at the
 * compile) and this module's (hast-util-to-jsx-runtime). They part on booleans, on numbers for
 * boolean attributes (`hidden: 0`) and on `style`; the highlighter writes none of those.
 */
const sameEitherWay = (name: string, value: unknown) =>
  name !== 'style' && (typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string')) || (name === 'tabIndex' && typeof value === 'number'));

/** Whether a tree is elements and text alone, none of which a component renders, with properties React gets alike from either. */
function plainTree(node: Root | RootContent, rendered: ReadonlySet<string>): boolean {
  if (node.type === 'text') return true;
  if (node.type !== 'element' && node.type !== 'root') return false;
  if (node.type === 'element') {
    if (!INTRINSIC_NAME.test(node.tagName) || THEME_ELEMENTS.has(node.tagName) || rendered.has(node.tagName)) return false;
    if (!Object.entries(node.properties).every(([name, value]) => value === undefined || sameEitherWay(name, value))) return false;
  }
  return node.children.every((child) => plainTree(child, rendered));
}

/**
 * On a page React renders, each highlighted code block (rehypeHighlight marks them,
 * `HIGHLIGHTED_BLOCK`) whose parent is the page or a Markdown element becomes its `div` with its
 * lines as HTML (`dangerouslySetInnerHTML`, the HTML React makes of them now): MDX would turn
 * each token's `span` into a JSX call, made into JavaScript at the compile and run at every
 * render, for the same markup. A block under JSX stays a tree (a component gets its children as
 * it expects them), and so does one with an attribute other than its class and language, or an
 * element a component renders.
 */
function inlineHighlightedBlocks(tree: Root, rendered: ReadonlySet<string>): void {
  eachNode<Root | RootContent>(tree, (node) => {
    if (node.type !== 'element' && node.type !== 'root') return;
    node.children.forEach((block, index) => {
      if (block.type !== 'element' || (block.data as Record<string, unknown> | undefined)?.[HIGHLIGHTED_BLOCK] !== true || block.tagName !== 'div') return;
      const { className, dataLanguage, ...other } = block.properties;
      if (Object.keys(other).length || !Array.isArray(className) || !className.every((name) => typeof name === 'string') || typeof dataLanguage !== 'string') return;
      // The block's own `div` is one of Markdown's elements to MDX (`_components.div`): a component may replace it too.
      if (rendered.has('div') || !block.children.every((child) => plainTree(child, rendered))) return;
      const html = renderToStaticMarkup(toJsxRuntime({ type: 'root', children: block.children }, { Fragment, jsx, jsxs }));
      const inlined = {
        type: 'mdxJsxFlowElement',
        name: 'div',
        attributes: [
          // As space-separated-tokens spells a class list for MDX: trimmed.
          { type: 'mdxJsxAttribute', name: 'className', value: className.join(' ').trim() },
          { type: 'mdxJsxAttribute', name: 'data-language', value: dataLanguage },
          { type: 'mdxJsxAttribute', name: 'dangerouslySetInnerHTML', value: { type: 'mdxJsxAttributeValueExpression', value: `{__html: ${JSON.stringify(html)}}`, data: { estree: htmlObjectProgram(html) } } },
        ],
        children: [],
        data: { [INLINED_BLOCK]: true },
        position: block.position,
      };
      (node.children as unknown[])[index] = inlined;
    });
  });
}

/** `{__html: html}` as the program MDX keeps for an attribute's expression (estree). */
function htmlObjectProgram(html: string) {
  const property = { type: 'Property', kind: 'init', method: false, shorthand: false, computed: false, key: { type: 'Identifier', name: '__html' }, value: { type: 'Literal', value: html } };
  return { type: 'Program', sourceType: 'module', comments: [], body: [{ type: 'ExpressionStatement', expression: { type: 'ObjectExpression', properties: [property] } }] };
}

/** The node types whose code only makes elements; the JSX ones are checked further, an expression only when it is a comment or a literal. */
const ELEMENT_TYPES = new Set(['root', 'element', 'text', 'mdxJsxFlowElement', 'mdxJsxTextElement']);
const EXPRESSION_TYPES = new Set(['mdxFlowExpression', 'mdxTextExpression']);

/**
 * Whether the code MDX makes of `tree` only builds elements: Markdown, JSX whose attributes are
 * literal (a string, none for `true`, or `{90}`), and expressions that hold only a comment or a
 * literal. No code of the page's own runs, no attribute is computed or spread, no `import` or
 * `export`: what the page shows follows from the components it names and the data they get, as a
 * Markdown page's does from its HTML.
 */
function buildsElementsOnly(tree: MdxNode): boolean {
  if (EXPRESSION_TYPES.has(tree.type)) return isLiteralProgram(tree.data?.estree);
  if (!ELEMENT_TYPES.has(tree.type)) return false;
  // Its one attribute expression is a string literal of ours (`inlineHighlightedBlocks`).
  if ((tree.data as Record<string, unknown> | undefined)?.[INLINED_BLOCK] === true) return true;
  if (tree.attributes && !tree.attributes.every(literalAttribute)) return false;
  return !tree.children || tree.children.every(buildsElementsOnly);
}

/**
 * rehype plugin, the last: when the page is static, ends the compile with its HTML, thrown as a
 * `StaticPageHtml` (@mdx-js/mdx runs remark, rehype and recma as one pipeline; this is its only
 * way out before recma). `replacedElements`: the element names plugins' components take over.
 * A page that is not static but whose code only builds elements is marked so in the file's data
 * (`componentsOnly`), for its compiled page.
 */
export function rehypeStaticHtml(options: { links: PageLinkContext; replacedElements?: readonly string[] }) {
  const replaced = new Set(options.replacedElements);
  return (tree: Root, file: VFile): void => {
    if (replaced.has('wrapper') || !isStatic(tree, replaced)) {
      // A component that wraps the whole page (`wrapper`) gets its children as they are, trees and all: it may read them.
      if (!replaced.has('wrapper')) inlineHighlightedBlocks(tree, replaced);
      file.data.componentsOnly = buildsElementsOnly(tree as MdxNode);
      return;
    }
    themeAttributes(tree, options.links);
    throw new StaticPageHtml(renderToStaticMarkup(toJsxRuntime(tree, { Fragment, jsx, jsxs })));
  };
}
