import type { Element, Root, RootContent } from 'hast';
import { assetHref, isExternalHref, pageHref, type PageLinkContext } from 'docs-gen';
import type { JsxElement } from './collect.ts';
import { eachNode } from './each-node.ts';

/**
 * rehype plugin: an MDX page's links get the built site's URLs at compile time, with the rule
 * the `.md` renderer and the navigation use (`pageHref`, `assetHref`). Markdown links, and raw
 * JSX `<a href>` and `<img src>`, which MDX renders as they are written (its `components` only
 * replace what Markdown syntax makes). Runs after `rehypeCollect`, so `check` sees each link as
 * written and resolves it the same way. An `href={expression}` is the author's own.
 */
export function rehypeSiteLinks(links: PageLinkContext) {
  return (tree: Root): void => {
    eachNode<Root | RootContent>(tree, (node) => {
      if (node.type === 'element') {
        const element = node as Element;
        const href = element.properties.href;
        if (element.tagName === 'a' && typeof href === 'string' && !isExternalHref(href)) element.properties.href = pageHref(href, links);
        return;
      }
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      const jsx = node as unknown as JsxElement;
      const rewrite = jsx.name === 'a' ? 'href' : jsx.name === 'img' ? 'src' : undefined;
      const attribute = jsx.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === rewrite);
      if (!attribute || typeof attribute.value !== 'string') return;
      attribute.value = rewrite === 'href' ? pageHref(attribute.value, links) : assetHref(attribute.value, links);
    });
  };
}
