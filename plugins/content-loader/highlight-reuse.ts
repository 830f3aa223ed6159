import { createHash } from 'node:crypto';
import { toolBuildId } from 'docs-gen';
import { hashOfFile, type BlockRecord } from './compile-cache.ts';
import type { CopyButtonLabels } from './code-meta.ts';
import type { LinkContext } from './render-markdown.ts';
import type { EncodedNode, PreviousBlocks } from './block-trees.ts';

/**
 * Highlighted code blocks carried from a page's last compile to its next. A page whose source
 * changed is compiled again whole, but its code blocks mostly did not change: a rebuild after a
 * sentence was added to a page of 2000 highlighted that page's blocks again, and loading shiki
 * and its grammars for them was most of the time its one compile took (the main thread waited
 * on it). The compile cache's entry of the page's last compile records where each block's HTML
 * is in its code, by the block's key (`BlockRecord`); the next compile of that page reads those
 * (`readHighlightedBlocks`) and writes a block whose key it finds without highlighting it, and
 * loads no highlighter when it finds them all. The Markdown path (markdown-it) writes a block as
 * HTML, which its entry's code holds: the entry records where. The MDX compiler's blocks are
 * trees that end up as JavaScript in its code: the entry keeps each tree itself, compactly
 * (`EncodedNode`), beside the code.
 *
 * A block's key holds everything its HTML follows from: its code, language and meta string; the
 * languages of every fence of the page (a page loads them all before highlighting, and a
 * grammar may colour the code it embeds with another); and what every block of the site shares:
 * the tool (shiki and its grammars are in its build id), the Rel grammar's text, the base path
 * (a mermaid block links its module) and the copy button's labels.
 */
export class HighlightReuse {
  /** Each block the page's render wrote, in order: its key and its HTML, found or highlighted now. */
  readonly written: [key: string, html: string][] = [];

  /** The blocks of the page's last compile, by key: HTML (the Markdown path's) and trees (the MDX path's). */
  readonly known: ReadonlyMap<string, string>;
  readonly knownTrees: ReadonlyMap<string, EncodedNode>;

  /**
   * Whether the MDX path keeps its block trees: only for a page compiled before (`previous` was
   * given). A tree kept costs its encoding and a dozen times its code's bytes in the entry: a cold
   * build of 500 `.mdx` pages with components took 4 % longer keeping them all, for pages most of
   * which are never compiled again. A page edited once keeps them for its next compile.
   */
  readonly recordTrees: boolean;

  /** Each block tree the page's MDX compile wrote, in order: its key and the tree (found or highlighted now), or none for a tree that cannot be kept. */
  readonly writtenTrees: [key: string, tree: EncodedNode][] = [];

  constructor(
    private readonly shared: Buffer,
    previous?: PreviousBlocks,
  ) {
    this.known = previous?.html ?? new Map();
    this.knownTrees = previous?.trees ?? new Map();
    this.recordTrees = previous !== undefined;
  }

  /** A block's key; `languages` are the page's fences' languages, sorted. */
  keyOf(code: string, lang: string, meta: string, languages: readonly string[]): string {
    return createHash('sha256')
      .update(this.shared)
      .update(JSON.stringify([lang, meta, languages]))
      .update('\0')
      .update(code)
      .digest('base64url')
      .slice(0, 22);
  }

  /**
   * Where each block written is in the page's finished code: its HTML is searched for after the
   * one before, so a block that came out otherwise (nothing does today) is only not recorded.
   */
  records(code: string): BlockRecord[] {
    const records: BlockRecord[] = [];
    let from = 0;
    for (const [key, html] of this.written) {
      const start = html ? code.indexOf(html, from) : -1;
      if (start < 0) continue;
      records.push([key, start, html.length]);
      from = start + html.length;
    }
    return records;
  }
}

/** The reuse of one page's compile: `previous` the blocks of its last compile (none when there is none). */
export async function highlightReuse(input: { grammarPath: string; links: Pick<LinkContext, 'basePath'>; copyLabels?: CopyButtonLabels }, previous?: PreviousBlocks): Promise<HighlightReuse> {
  const [tool, grammar] = await Promise.all([toolBuildId(), hashOfFile(input.grammarPath)]);
  const shared = createHash('sha256')
    .update(JSON.stringify([tool, grammar, input.links.basePath, input.copyLabels ?? null]))
    .digest();
  return new HighlightReuse(shared, previous);
}
