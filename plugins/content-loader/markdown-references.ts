/**
 * The links and images of a `.md` page, taken from the token stream markdown-it renders, so
 * what `check` checks is exactly what the page shows: reference-style links (`[t][r]`, `[t][]`,
 * `[t]`), links in table cells and raw HTML count; anything inside an HTML comment or a code
 * span does not; a definition no link uses renders nothing and is not checked.
 * Tokens carry no columns, so each link is then found in the source lines of its block.
 */
import type MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type { SourceReference } from 'docs-gen';
import { htmlLinks } from './html-links.ts';

/** A destination after `](`, bare or in `<…>`. */
const INLINE_DESTINATION = /\]\(\s*(<[^>\n]*>|[^\s)]*)/g;
/** A reference definition: `[label]: destination`. */
const DEFINITION = /^ {0,3}\[(?:[^\]\\]|\\.)+\]:[ \t]*\n?[ \t]*(<[^>\n]*>|\S+)/gm;

/** `text` with its code spans blanked out. The spans this blanks are within a line (`[^`\n]`): a text's lines are blanked as they would be in the whole. */
const withoutCodeSpans = (text: string) => text.replace(/`+[^`\n]*`+/g, (code) => ' '.repeat(code.length));

/** `text` blank but its line breaks. */
const blankLines = (text: string) =>
  text
    .split('\n')
    .map((line) => ' '.repeat(line.length))
    .join('\n');

/**
 * The body with code blanked out (same length, same offsets): examples there are not links. Made
 * in one pass over the blocks' lines, in the order they are in the body (a footnote's tokens come
 * after the page's, wherever the footnote is written) and joined where they overlap: spliced into
 * the whole text block by block, each block copied the page again (19 µs of a page's 450 µs
 * compile). A block whose first line `lineStarts` does not have (markdown-it counts a lone `\r`
 * as a line's end, `lineStarts` does not) stays as it is, as when it was spliced in.
 */
function withoutCode(body: string, tokens: Token[], lineStarts: number[]): string {
  const blocks: [start: number, end: number][] = [];
  for (const token of tokens) {
    if ((token.type !== 'fence' && token.type !== 'code_block') || !token.map) continue;
    const start = lineStarts[token.map[0]];
    if (start !== undefined) blocks.push([start, lineStarts[token.map[1]] ?? body.length]);
  }
  blocks.sort((a, b) => a[0] - b[0]);
  let text = '';
  let done = 0;
  for (const [from, end] of blocks) {
    const start = Math.max(from, done);
    if (end <= start) continue;
    text += withoutCodeSpans(body.slice(done, start)) + blankLines(body.slice(start, end));
    done = end;
  }
  return text + withoutCodeSpans(body.slice(done));
}

export function collectMarkdownReferences(tokens: Token[], body: string, md: MarkdownIt): SourceReference[] {
  const lineStarts = [0];
  for (let i = body.indexOf('\n'); i >= 0; i = body.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const text = withoutCode(body, tokens, lineStarts);
  const normalize = (destination: string) => md.normalizeLink(md.utils.unescapeAll(destination.replace(/^<([\s\S]*)>$/, '$1')));
  const references: SourceReference[] = [];
  const add = (kind: SourceReference['kind'], url: string, offset: number) => {
    let line = 0;
    while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= offset) line++;
    references.push({ kind, url, line: line + 1, column: offset - lineStarts[line]! + 1 });
  };

  // The block being read: links are searched for from `cursor`, which moves past each one found.
  let region = { start: 0, end: text.length };
  let cursor = 0;
  const find = (needle: string): number => {
    const at = needle ? text.indexOf(needle, cursor) : -1;
    if (at < 0 || at >= region.end) return cursor;
    cursor = at + needle.length;
    return at;
  };
  /** Where a link's destination is written: after `](` in the block, or else in its reference definition. */
  const destination = (href: string): number => {
    INLINE_DESTINATION.lastIndex = cursor;
    for (let match = INLINE_DESTINATION.exec(text); match && match.index < region.end; match = INLINE_DESTINATION.exec(text)) {
      if (normalize(match[1]!) !== href) continue;
      cursor = match.index + match[0].length;
      return match.index + match[0].length - match[1]!.length + (match[1]!.startsWith('<') ? 1 : 0);
    }
    for (const definition of text.matchAll(DEFINITION)) {
      if (normalize(definition[1]!) === href) return definition.index + definition[0].length - definition[1]!.length + (definition[1]!.startsWith('<') ? 1 : 0);
    }
    return cursor;
  };
  const html = (content: string) => {
    for (const link of htmlLinks(content)) add(link.kind, link.url, find(content.slice(link.start, link.end)));
  };

  for (const token of tokens) {
    if (token.map) {
      region = { start: lineStarts[token.map[0]]!, end: lineStarts[token.map[1]] ?? text.length };
      // Table cells have no map of their own: they are read within their row's.
      cursor = region.start;
    }
    if (token.type === 'html_block') html(token.content);
    if (token.type !== 'inline') continue;
    const children = token.children ?? [];
    const image = (child: Token) => add('image', child.attrGet('src') ?? '', destination(child.attrGet('src') ?? ''));
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      if (child.type === 'html_inline') html(child.content);
      else if (child.type === 'image') image(child);
      else if (child.type === 'link_open') {
        const href = child.attrGet('href') ?? '';
        if (child.markup === 'autolink' || child.markup === 'linkify') {
          // Autolinks (`<https://…>`) and bare URLs are written as their own text.
          add('link', href, find(children[i + 1]?.content ?? ''));
          continue;
        }
        // An image inside the link (a badge) is written before the link's own destination.
        let close = i + 1;
        while (close < children.length && children[close]!.type !== 'link_close') close++;
        const inner = children.slice(i + 1, close);
        for (const grandchild of inner) if (grandchild.type === 'image') image(grandchild);
        add('link', href, destination(href));
        for (const grandchild of inner) if (grandchild.type === 'html_inline') html(grandchild.content);
        i = close;
      }
    }
  }
  return references;
}
