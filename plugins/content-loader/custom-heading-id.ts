import type { Nodes, Root as MdastRoot } from 'mdast';
import { eachNode } from './each-node.ts';

/** Nextra's `## Title [#custom-id]`: the marker ends the heading, the id has no spaces or brackets. */
const CUSTOM_ID = /[ \t]*\[#([^\]\s]+)\][ \t]*$/;

/** The heading text without its `[#id]` marker, and the id; undefined when the text has none. */
export function splitCustomId(text: string): { text: string; id: string } | undefined {
  const match = CUSTOM_ID.exec(text);
  return match ? { text: text.slice(0, match.index), id: match[1]! } : undefined;
}

/**
 * remark plugin: a heading ending in `[#id]` gets that id (rehype-slug keeps an id it finds), and
 * the marker leaves its text — the same rule as the Markdown path's `headingIds`.
 */
export function remarkCustomHeadingIds() {
  return (tree: MdastRoot): void => {
    eachNode<Nodes>(tree, (heading) => {
      if (heading.type !== 'heading') return;
      const last = heading.children.at(-1);
      if (last?.type !== 'text') return;
      const split = splitCustomId(last.value);
      if (!split) return;
      last.value = split.text;
      if (!last.value) heading.children.pop();
      heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id: split.id } };
    });
  };
}
