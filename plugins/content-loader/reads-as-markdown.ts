import { fencedLines, type BodyLine } from './fenced-lines.ts';

/**
 * Outside code, what MDX reads otherwise than CommonMark with GFM, or what our two parsers do
 * not render alike:
 * - `<` (JSX, and in CommonMark HTML and autolinks), `{` and `}` (expressions);
 * - `$` and a backslash before `(` or `[` (math, found before either parse, per format);
 * - `~` (GFM strikes through text between single tildes, markdown-it only between pairs);
 * - `@` and `www.` (GFM's literal autolinks, whose edges linkify-it draws otherwise);
 * - `[^` (footnotes: markdown-it-footnote orders and keeps them by other rules);
 * - `*` between letters or digits, `*` or `_` between punctuation, and three or more `*` or `_`
 *   together: runs that may open and close emphasis at once, which the two parsers pair
 *   differently (`x*y *z***` is `x<em>y <em>z</em></em>*` to one);
 * - backticks out of pairs on a line: markdown-it misses code spans after an unclosed `[`.
 */
const NOT_READ_ALIKE = /[<{}$~@]|\\[([]|\[\^|www\.|[\p{L}\p{N}]\*+[\p{L}\p{N}]|(?![*_])[\p{P}\p{S}](?:\*+|_+)(?![*_])[\p{P}\p{S}]|\*{3}|_{3}/iu;

/** The start of a link reference definition: `[label]: `. */
const LINK_DEFINITION = /^ {0,3}\[[^\]]+\]:/;

/** A table's delimiter row: pipes, dashes, colons and spaces, with a dash and a pipe or colon (micromark takes `--:` for one). */
const TABLE_DELIMITER_ROW = /^(?=[^-]*-)(?=.*[|:])[|:-][\s|:-]*$/;

/** A task list item with nothing after its box on that line. */
const EMPTY_TASK = /^\s*(?:[-*+]|\d+[.)])\s+\[[ xX]\]\s*$/;

/**
 * An `import` or `export` statement (MDX's ESM); a line CommonMark could take for indented code
 * (MDX has none), in a quote or list item too; and a quote's blank line with spaces after its
 * `>`, which sways whether a task list before it is loose.
 */
const ESM_OR_INDENTED = /^(?:import|export)\b|^ {0,3}\t|^ {4}|^(?: {0,3}> ?)+(?: {4}|\t)|^ {0,3}(?:[-*+]|\d{1,9}[.)])(?: {5}|\t)|^(?: {0,3}>)+\s{2,}$/;

/**
 * Whether MDX reads this `.mdx` body (front matter split off) as CommonMark with GFM reads it,
 * so that the `.md` renderer (markdown-it) may compile it, at a tenth of the MDX parse's cost,
 * into the DOM the MDX path gives (tests/e2e/mdx-read-as-markdown.e2e.ts compares them).
 *
 * Cautious by design: a page is refused on any sign of a construct the two read apart, even in
 * inline code. Inside a fenced code block anything goes, as long as every line of the block is
 * indented at least as far as its fence: a line less indented could end a list item the fence
 * is in, and with it the block, in one parser's reading and not in this scan's.
 * The linkify-it links markdown-it finds in prose are refused after its parse (`renderMarkdown`).
 */
export function readsAsMarkdown(body: string): boolean {
  let last: BodyLine['place'] = 'prose';
  let quoted = false;
  let inTable = false;
  // The two lines before this one, as written ('' for a blank line or a fence's).
  let previous = '';
  let beforePrevious = '';
  for (const line of fencedLines(body)) {
    last = line.place;
    const text = line.place === 'prose' ? line.text : '';
    if (line.place === 'code' && line.text.trim() && /^ */.exec(line.text)![0].length < line.fenceIndent!) return false;
    if (line.place === 'prose') {
      if (NOT_READ_ALIKE.test(text) || ESM_OR_INDENTED.test(text) || EMPTY_TASK.test(text) || text.split('`').length % 2 === 0) return false;
      // A line straight after a link's definition is read as the definition's title by one, and a paragraph by the other.
      if (LINK_DEFINITION.test(previous) && text.trim()) return false;
      // A line straight after a block quote without its `>` is lazy: the two read what it continues apart (a table's row, a paragraph).
      const quote = /^ {0,3}>/.test(text);
      if (quoted && !quote && text.trim()) return false;
      quoted = quote;
      // A table only as most are written: its header row at the start of a line, after a blank
      // line, and every row starting with `|` up to a blank line. Tables in a list or quote, after
      // a paragraph or ended by one are read apart.
      if (inTable) {
        if (!text.trim()) inTable = false;
        else if (!text.startsWith('|')) return false;
      } else if (TABLE_DELIMITER_ROW.test(text.replace(/^[\s>]+/, ''))) {
        if (/^[\s>]/.test(text) || !previous.startsWith('|') || beforePrevious.trim()) return false;
        inTable = true;
      }
    } else if (inTable) return false;
    beforePrevious = previous;
    previous = text;
  }
  // A fence left open runs to the end of the page in one reading and of its list item in another.
  return last !== 'open' && last !== 'code';
}
