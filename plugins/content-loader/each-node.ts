/** A node of any unist tree (mdast, hast, with MDX's nodes): what `eachNode` reads of it. */
interface TreeNode {
  type: string;
  children?: readonly TreeNode[];
}

/**
 * Calls `visitor` on `tree` and every node under it, parents before children, in document order.
 * The collector, the link rewriting and the heading ids each walk a whole page; unist-util-visit
 * makes a closure and names a function for every node it passes (its stack traces read better),
 * which made those walks about a tenth of an MDX page's compile. Visitors here only read a node
 * or change it in place, never its parent's list of children.
 */
export function eachNode<Node extends TreeNode>(tree: Node, visitor: (node: Node) => void): void {
  visitor(tree);
  const children = tree.children as readonly Node[] | undefined;
  if (children) for (const child of children) eachNode(child, visitor);
}
