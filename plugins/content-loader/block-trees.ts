import type { Element, ElementContent, Properties } from 'hast';

/** The blocks of a page's last compile: HTML by key (the Markdown path's), trees by key (the MDX path's). */
export interface PreviousBlocks {
  html: ReadonlyMap<string, string>;
  trees: ReadonlyMap<string, EncodedNode>;
}

/**
 * A highlighted block's tree as an entry keeps it: a text is its string, an element
 * `[tagName, properties, children]`. A third of the JSON of the tree as it is, and all of it:
 * a node with anything more (data, a comment, raw HTML) is not kept (`encodeBlock` gives none),
 * and the block is highlighted again next time. Positions are left out: the compile sets the
 * fence's on the tree it writes, after this.
 */
export type EncodedNode = string | [tagName: string, properties: Properties, children: EncodedNode[]];

const isPropertyValue = (value: unknown): boolean =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) || (Array.isArray(value) && value.every((item) => typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item))));

/** `node` encoded, or undefined when something of it would not survive (see `EncodedNode`). */
export function encodeBlock(node: Element | ElementContent): EncodedNode | undefined {
  if (node.type === 'text') return Object.keys(node).every((key) => key === 'type' || key === 'value' || key === 'position' || (key === 'data' && node.data === undefined)) ? node.value : undefined;
  if (node.type !== 'element') return undefined;
  for (const key of Object.keys(node)) if (!['type', 'tagName', 'properties', 'children', 'position'].includes(key) && !(key === 'data' && node.data === undefined)) return undefined;
  if (node.content !== undefined || !Object.values(node.properties).every(isPropertyValue)) return undefined;
  const children: EncodedNode[] = [];
  for (const child of node.children) {
    const encoded = encodeBlock(child);
    if (encoded === undefined) return undefined;
    children.push(encoded);
  }
  // A copy: the site's rehype plugins run on the tree after this, and one that changes a node's
  // properties in place must not change what is kept (it would apply twice to a reused block).
  const properties: Properties = {};
  for (const [name, value] of Object.entries(node.properties)) properties[name] = Array.isArray(value) ? [...value] : value;
  return [node.tagName, properties, children];
}

/** The tree `encoded` stands for (new objects each time: the compile changes the trees it writes). */
export function decodeBlock(encoded: EncodedNode): Element | ElementContent {
  if (typeof encoded === 'string') return { type: 'text', value: encoded };
  const [tagName, properties, children] = encoded;
  return { type: 'element', tagName, properties: structuredClone(properties), children: children.map((child) => decodeBlock(child) as ElementContent) };
}

/** Whether `value` is an encoded tree (an entry read back is checked before it is used). */
export function isEncodedNode(value: unknown): value is EncodedNode {
  if (typeof value === 'string') return true;
  if (!Array.isArray(value) || value.length !== 3 || typeof value[0] !== 'string' || typeof value[1] !== 'object' || value[1] === null || Array.isArray(value[1]) || !Array.isArray(value[2])) return false;
  return Object.values(value[1] as Record<string, unknown>).every(isPropertyValue) && (value[2] as unknown[]).every(isEncodedNode);
}
