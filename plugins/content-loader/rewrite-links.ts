import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { isExternalHref, resolveLink } from 'docs-gen';

export interface LinkContext {
  pageRoute: string;
  /** Route of the source file's folder: relative links resolve against it. */
  folderRoute: string;
  /** Base path plus locale prefix. */
  hrefPrefix: string;
  basePath: string;
}

/**
 * rehype plugin for pages compiled straight to HTML (`.md`): internal links and images get
 * the URLs the built site uses — the same resolution the theme's MDX `a` and `img` apply.
 */
export function rehypeRewriteLinks() {
  return (tree: Root, file: VFile): void => {
    const context = file.data.links as LinkContext;
    visit(tree, 'element', (node: Element) => {
      if (node.tagName === 'a' && typeof node.properties.href === 'string') {
        const href = node.properties.href;
        if (isExternalHref(href)) {
          node.properties.target = '_blank';
          node.properties.rel = ['noreferrer'];
        } else if (!href.startsWith('#')) {
          const resolved = resolveLink(href, context);
          if (resolved) node.properties.href = `${context.hrefPrefix}${resolved.route}${resolved.search}${resolved.hash ? `#${resolved.hash}` : ''}`;
        }
      } else if (node.tagName === 'img') {
        const src = node.properties.src;
        if (typeof src === 'string' && src.startsWith('/')) node.properties.src = `${context.basePath}${src}`;
        node.properties.loading ??= 'lazy';
        node.properties.decoding ??= 'async';
      }
    });
  };
}
