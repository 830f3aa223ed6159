import type { Element, Root, RootContent } from 'hast';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { isExternalHref } from 'docs-gen';

/**
 * An `.mdx` page that is Markdown only (no JSX, no `{expression}`, no `import`/`export`) has no
 * code to run: its HTML is known once rehype is done. Such a page leaves the MDX compile there,
 * as HTML (`CompiledPage.kind: 'html'`, the `.md` pages' kind), and skips the rest of the
 * compiler (hast to estree, JSX, JavaScript text), the evaluation and the render of its body at
 * every build; it joins the render cache (`src/build/render-cache.ts`), which never holds code.
 *
 * The HTML is React's, from the elements hast-util-to-jsx-runtime makes of the tree: what
 * @mdx-js/mdx's compiled JSX would make (table cells' `align` as a style, no whitespace inside
 * tables, `data-*` flags as "true"), so the reader gets the DOM the function body would give.
 * The renderer adds what the theme's components add to an MDX body: the heading anchors and
 * the responsive images (`Body` in `src/build/render-worker.tsx`); the rest is added here. An
 * element a plugin's component replaces (`mdxComponents.table`) is React's to render at
 * render time: a page holding one takes the whole compile.
 */
export class StaticPageHtml {
  constructor(readonly html: string) {}
}

/** The node types of a tree with nothing to run. Any other (MDX's JSX, expressions and ESM; a `raw` or comment node a plugin added) takes the whole compile. */
const STATIC_TYPES = new Set(['root', 'element', 'text']);

function isStatic(node: Root | RootContent, replaced: ReadonlySet<string>): boolean {
  if (!STATIC_TYPES.has(node.type)) return false;
  if (node.type === 'element' && replaced.has(node.tagName)) return false;
  return !('children' in node) || node.children.every((child) => isStatic(child, replaced));
}

/**
 * What the theme's `a` and `img` add that the renderer's pass over HTML does not: links to other
 * sites open in a new tab, and every image loads lazily, external ones too (the `.md` renderer
 * does the same). The element's own attributes win, as they do in the components.
 */
function themeAttributes(node: Root | RootContent): void {
  if (node.type === 'element' && node.tagName === 'a' && typeof node.properties.href === 'string' && isExternalHref(node.properties.href)) {
    node.properties = { target: '_blank', rel: ['noreferrer'], ...node.properties };
  } else if (node.type === 'element' && node.tagName === 'img') {
    node.properties = { loading: 'lazy', decoding: 'async', ...node.properties };
  }
  if ('children' in node) for (const child of node.children) themeAttributes(child as Element);
}

/**
 * rehype plugin, the last: when the page is static, stops the compile with its HTML
 * (`StaticPageHtml`, thrown: unified has no other way to leave a pipeline before its end).
 * `replacedElements`: the element names registered components take over.
 */
export function rehypeStaticHtml(replacedElements: readonly string[] = []) {
  const replaced = new Set(replacedElements);
  return (tree: Root): void => {
    if (replaced.has('wrapper') || !isStatic(tree, replaced)) return;
    themeAttributes(tree);
    throw new StaticPageHtml(renderToStaticMarkup(toJsxRuntime(tree, { Fragment, jsx, jsxs })));
  };
}
