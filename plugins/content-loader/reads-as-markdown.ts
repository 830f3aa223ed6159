import { fencedLines, type BodyLine } from './fenced-lines.ts';

/**
 * In prose, what MDX reads otherwise than CommonMark with GFM, or what our two parsers do not
 * render alike:
 * - `<` (JSX, and in CommonMark HTML and autolinks), `{` and `}` (expressions);
 * - `$` and a backslash before `(` or `[` (math, found before either parse, per format);
 * - `~` (GFM strikes through text between single tildes, markdown-it only between pairs);
 * - `@`, `www.`, `http://`, `https://`, spelt with a backslash before a dot, colon or slash too
 *   (`www\.`: text to markdown-it, a link to GFM), and the character references that could spell
 *   them (numeric ones, `&colon;`, `&sol;`, `&period;`, `&commat;`): GFM's literal autolinks, whose
 *   edges linkify-it draws otherwise, or not at all (`https://localhost_`);
 * - `[^` (footnotes: markdown-it-footnote orders and keeps them by other rules);
 * - `*` between letters or digits, `*` or `_` between punctuation, and three or more `*` or `_`
 *   together: runs that may open and close emphasis at once, which the two parsers pair
 *   differently (`x*y *z***` is `x<em>y <em>z</em></em>*` to one);
 * - a tab (markdown-it keeps one before a line break; MDX drops it).
 */
const NOT_READ_ALIKE = /[<{}$~@\t]|\\[([]|\[\^|www\\?\.|https?\\?:(?:\\?\/){2}|&(?:#|(?:colon|sol|period|commat);)|[\p{L}\p{N}]\*+[\p{L}\p{N}]|(?![*_])[\p{P}\p{S}](?:\*+|_+)(?![*_])[\p{P}\p{S}]|\*{3}|_{3}/iu;

/**
 * A link's destination: one with a scheme markdown-it refuses to link (`file:`, `data:`,
 * `javascript:`, `vbscript:`: it leaves the text as written) or with a character outside ASCII
 * (markdown-it writes a host in punycode, MDX percent-encodes it).
 */
const DESTINATION_READ_APART = /\]\(\s*<?\s*(?:(?:file|data|javascript|vbscript):|[^)\s]*[^\0-\x7f])/i;

/**
 * A link reference definition (`[label]: /url`): markdown-it reports a reference link at its
 * definition, MDX at each use, so `check` would point elsewhere; and a line after one is its
 * title to one parser and a paragraph to the other. In a quote or list item too.
 */
const LINK_DEFINITION = /^ {0,3}(?:(?:>|[-*+]|\d{1,9}[.)])[ ]*)*\[[^\]]+\]:/;

/** A heading inside a block quote or list item: MDX's search text starts no section there, the `.md` collector does. */
const NESTED_HEADING = /^ {0,3}(?:(?:>|[-*+]|\d{1,9}[.)])[ ]*)+#{1,6}(?:[ ]|$)/;

/** A setext heading's underline. */
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ ]*$/;

/** An underline that is indented or quoted: a setext heading inside a list item or quote (see NESTED_HEADING). */
const NESTED_UNDERLINE = /^(?: +|(?: {0,3}>[ ]?)+)(?:=+|-+)[ ]*$/;

/** A table's delimiter row: pipes, dashes, colons and spaces, with a dash and a pipe or colon (micromark takes `--:` for one). */
const TABLE_DELIMITER_ROW = /^(?=[^-]*-)(?=.*[|:])[|:-][\s|:-]*$/;

/** A task list item with nothing after its box on that line. */
const EMPTY_TASK = /^\s*(?:[-*+]|\d+[.)])\s+\[[ xX]\]\s*$/;

/**
 * An `import` or `export` statement (MDX's ESM); a line CommonMark could take for indented code
 * (MDX has none), in a quote or list item too; and a quote's blank line with spaces after its
 * `>`, which sways whether a task list before it is loose.
 */
const ESM_OR_INDENTED = /^(?:import|export)\b|^ {4}|^(?: {0,3}> ?)+ {4}|^ {0,3}(?:[-*+]|\d{1,9}[.)]) {5}|^(?: {0,3}>)+\s{2,}$/;

/**
 * A fence's info string MDX reads otherwise: a backslash escape or a character reference
 * (decoded by MDX, not by the `.md` renderer), or a brace in the language (`js{1}` is MDX's
 * language, the renderer's `js` with lines to mark). And a `math` fence: its KaTeX placeholder
 * sits where each path puts it, inside a paragraph or list item for one and not the other.
 */
const INFO_READ_APART = /^ {0,3}(?:`{3,}|~{3,})\s*(?:[^\s]*\{|math(?:\s|$))|^ {0,3}(?:`{3,}|~{3,})[^\n]*[\\&]/i;

/**
 * An inline link or image as most are written, `[text](destination "title")`: a label without
 * brackets right before a destination of URL characters alone, then perhaps a title, closed at
 * once. Its destination is not text, so no autolink can form in it, and is left out of the check
 * (its label and title are checked). Anything else after a `](` (a space, `~`, `{`, `&`, `@`, a
 * `]` that closes no label) stays in it.
 */
const INLINE_LINK = /(\[[^[\]]*\]\()[\w\-./:?#=%+,;!'*]*((?: +"[^"\\]*")?\))/g;

/** Any prose line refused outright. */
const refusedLine = (text: string) =>
  NOT_READ_ALIKE.test(text.replace(INLINE_LINK, '$1$2')) || DESTINATION_READ_APART.test(text) || LINK_DEFINITION.test(text) || NESTED_HEADING.test(text) || NESTED_UNDERLINE.test(text) || ESM_OR_INDENTED.test(text) || EMPTY_TASK.test(text) || text.split('`').length % 2 === 0;

/**
 * Whether MDX reads this `.mdx` body (front matter split off) as CommonMark with GFM reads it,
 * so that the `.md` renderer (markdown-it) may compile it, at a tenth of the MDX parse's cost,
 * into the DOM the MDX path gives (tests/e2e/mdx-read-as-markdown.e2e.ts compares them).
 *
 * Cautious by design: a page is refused on any sign of a construct the two read apart, even in
 * inline code (backticks out of pairs on a line too: markdown-it misses code spans after an
 * unclosed `[`). A fenced code block's lines are not prose and may hold anything, as long as
 * each is indented at least as far as its fence: a line less indented could end a list item
 * the fence is in, and with it the block, in one parser's reading and not in this scan's. Its
 * opening line's info string is checked (INFO_READ_APART). Carriage returns and a byte-order
 * mark are refused (MDX keeps `\r` in headings' text; markdown-it reads a BOM as text).
 * A link linkify-it finds in prose all the same is refused after markdown-it's parse
 * (`renderMarkdown`): a guard, since every spelling of one it links is refused above.
 */
export function readsAsMarkdown(body: string): boolean {
  if (/[\r\uFEFF]/.test(body)) return false;
  let last: BodyLine['place'] = 'prose';
  let quoted = false;
  let inTable = false;
  // The two lines before this one, as written ('' for a blank line or a fence's).
  let previous = '';
  let beforePrevious = '';
  for (const line of fencedLines(body)) {
    last = line.place;
    const text = line.place === 'prose' ? line.text : '';
    if (line.place === 'open' && INFO_READ_APART.test(line.text)) return false;
    if (line.place === 'code' && line.text.trim() && /^ */.exec(line.text)![0].length < line.fenceIndent!) return false;
    // In a fence in a list item, a closing fence may be indented up to three spaces past the item's
    // content: this scan only sees one up to three from the line's start.
    if (line.place === 'code' && line.fenceIndent && /^ {4,}(?:`{3,}|~{3,})[ ]*$/.test(line.text)) return false;
    if (line.place === 'prose') {
      if (refusedLine(text)) return false;
      // A setext heading over more than one line: the `.md` collector's id joins the lines with a space, MDX's with a newline.
      if (SETEXT_UNDERLINE.test(text) && previous.trim() && beforePrevious.trim()) return false;
      // A line straight after a block quote without its `>` is lazy: the two read what it continues apart (a table's row, a paragraph).
      const quote = /^ {0,3}>/.test(text);
      if (quoted && !quote && text.trim()) return false;
      quoted = quote;
      // A backslash in a table's row: GFM and markdown-it split `\\|` and escaped pipes in code otherwise.
      if (text.startsWith('|') && text.includes('\\')) return false;
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
