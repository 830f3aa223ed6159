import { assetHref, pageHref, resolveRelOutputSrc, type PageLinkContext, type RelOutputData, type RelOutputRelation } from 'docs-gen';
import { splitCustomId } from './custom-heading-id.ts';
import { findMath } from './find-math.ts';
import { readsAsMarkdown } from './reads-as-markdown.ts';
import type { JsxAttribute } from './collect.ts';

export interface PageMarkdownInput {
  /** The page's source after its front matter, as the compile read it. */
  body: string;
  format: 'md' | 'mdx';
  title: string;
  description?: string;
  pageRoute: string;
  /** Links are written as the built site has them (base path, locale prefix), as in the HTML. */
  links: PageLinkContext;
  relOutputs?: RelOutputData;
  /** The body's clean Markdown as the compile made it (`CompileOutput.cleanMarkdown`): no second parse. */
  cleanMarkdown?: string;
}

/** An mdast node as the MDX parser leaves it: what the conversion reads. */
export interface SourceNode {
  type: string;
  name?: string | null;
  url?: string;
  title?: string | null;
  alt?: string | null;
  attributes?: JsxAttribute[];
  children?: SourceNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

const ALERT_LABELS: Record<string, string> = { info: 'Note', warning: 'Warning', error: 'Error' };

function attribute(node: SourceNode, name: string): string | undefined {
  const found = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof found?.value === 'string' ? found.value : undefined;
}

function dedent(text: string): string {
  const lines = text.split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length));
  return Number.isFinite(indent) ? lines.map((l) => l.slice(indent)).join('\n') : text;
}

const cell = (value: string | null) => (value ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A Rel output as Markdown tables, one per relation, as the page shows them. */
function relOutputTables(relations: RelOutputRelation[]): string {
  return relations
    .map((relation) => {
      const header = `| ${relation.columns.map((c) => cell(c.label)).join(' | ')} |`;
      const rule = `| ${relation.columns.map(() => '---').join(' | ')} |`;
      const rows = relation.rows.map((row) => `| ${row.map(cell).join(' | ')} |`);
      return [`\`${relation.id}\``, '', header, rule, ...rows].join('\n');
    })
    .join('\n\n');
}

/** A `<RelOutput src>` as its tables, from the site's Rel outputs; nothing when it names none of them. */
function relOutputMarkdown(src: string | undefined, input: Pick<PageMarkdownInput, 'pageRoute' | 'relOutputs'>): string {
  const target = src && input.relOutputs ? resolveRelOutputSrc(src, { pageRoute: input.pageRoute, relOutputPath: input.relOutputs.path }) : undefined;
  const relations = target?.kind === 'local' ? input.relOutputs?.files[target.path] : undefined;
  return relations ? relOutputTables(relations) : '';
}

/**
 * Where a `<RelOutput>` is in clean Markdown the compile made, before the site's Rel outputs are
 * known: its `src` (JSON, or `null`) between two private-use characters, put in its place by
 * `withRelOutputs`. A page whose Markdown holds either character anywhere else (in its source, or
 * decoded from a character reference) is made by a parse (`compiledMarkdown` counts them).
 */
const MARK_START = '\u{F0000}';
const MARK_END = '\u{F0001}';
const MARKS = /\u{F0000}([^\u{F0001}]*)\u{F0001}/gu;
const relOutputMark = (src: string | undefined) => `${MARK_START}${JSON.stringify(src ?? null)}${MARK_END}`;
const countOf = (text: string, character: string) => text.split(character).length - 1;

/** Clean Markdown with each `<RelOutput>` mark replaced by that output's tables. */
function withRelOutputs(markdown: string, input: Pick<PageMarkdownInput, 'pageRoute' | 'relOutputs'>): string {
  if (!markdown.includes(MARK_START)) return markdown;
  return markdown.replace(MARKS, (_mark, src: string) => relOutputMarkdown((JSON.parse(src) as string | null) ?? undefined, input));
}

/** The nodes whose conversion reads its children's text: other JSX (a quote's `> ` on every line, the dedent of a component's children) and a heading (its `[#id]` at the end). */
const READS_CHILDREN_TEXT = new Set(['mdxJsxFlowElement', 'mdxJsxTextElement', 'heading']);

/**
 * The clean Markdown of a page from its compile's parse (`CompileOutput.cleanMarkdown`), each
 * `<RelOutput>` marked for its tables; undefined when a `<RelOutput>` is inside a node whose
 * conversion reads its children's text (the tables' lines are not there yet), or when the
 * Markdown holds a mark's character that is no mark: such a page's Markdown is made by a parse
 * once the outputs are known.
 */
export function compiledMarkdown(source: string, tree: SourceNode, input: Pick<PageMarkdownInput, 'pageRoute' | 'links'>): string | undefined {
  let outputs = 0;
  const unreadable = (node: SourceNode, inside: boolean): boolean => {
    if (node.name === 'RelOutput' && (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement')) {
      outputs++;
      if (inside) return true;
    }
    return (node.children ?? []).some((child) => unreadable(child, inside || READS_CHILDREN_TEXT.has(node.type)));
  };
  if (unreadable(tree, false)) return undefined;
  const markdown = mdxToMarkdown(source, tree, { ...input, markRelOutputs: true });
  return countOf(markdown, MARK_START) === outputs && countOf(markdown, MARK_END) === outputs ? markdown : undefined;
}

/**
 * The page as clean Markdown: front matter, `import`/`export` lines and expressions gone; the
 * theme's components turned into what they show (Alert a blockquote, DocImage an image, RelOutput
 * tables); other JSX reduced to its children. Everything else is the author's own text, sliced from
 * the source, so Markdown, math and code stay exactly as written.
 */
export function mdxToMarkdown(source: string, tree: SourceNode, input: Pick<PageMarkdownInput, 'pageRoute' | 'relOutputs' | 'links'> & { markRelOutputs?: boolean }): string {
  const start = (node: SourceNode) => node.position?.start.offset ?? 0;
  const end = (node: SourceNode) => node.position?.end.offset ?? 0;
  const between = (from: number, to: number, children: SourceNode[]): string => {
    let out = '';
    let cursor = from;
    for (const child of children) {
      out += source.slice(cursor, start(child)) + convert(child);
      cursor = end(child);
    }
    return out + source.slice(cursor, to);
  };
  const childrenOf = (node: SourceNode) => {
    const children = node.children ?? [];
    return children.length ? between(start(children[0]!), end(children.at(-1)!), children) : '';
  };
  const destination = (url: string) => (/[\s()<>]/.test(url) ? `<${url}>` : url);
  const title = (node: SourceNode) => (node.title ? ` ${JSON.stringify(node.title)}` : '');
  const convert = (node: SourceNode): string => {
    // Inline links and images only: a reference-style one keeps its definition's URL.
    const inline = /^!?\[[\s\S]*\]\(/.test(source.slice(start(node), end(node)));
    switch (node.type) {
      case 'link':
        return inline ? `[${childrenOf(node)}](${destination(pageHref(node.url ?? '', input.links))}${title(node)})` : between(start(node), end(node), node.children ?? []);
      case 'image':
        return inline ? `![${node.alt ?? ''}](${destination(assetHref(node.url ?? '', input.links))}${title(node)})` : source.slice(start(node), end(node));
      case 'heading': {
        // `## Title [#id]`: the marker gave the HTML heading its id; in Markdown it would read as
        // text (and links to the section go to the HTML page, where the id is), so it goes.
        const children = node.children ?? [];
        if (!children.length) return source.slice(start(node), end(node));
        const text = childrenOf(node);
        return source.slice(start(node), start(children[0]!)) + (splitCustomId(text)?.text ?? text) + source.slice(end(children.at(-1)!), end(node));
      }
      case 'mdxjsEsm':
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        return '';
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        const inner = dedent(childrenOf(node)).trim();
        if (node.name === 'Alert') {
          const label = ALERT_LABELS[attribute(node, 'type') ?? ''];
          const text = label ? `**${label}:** ${inner}` : inner;
          return text.split('\n').map((line) => (line ? `> ${line}` : '>')).join('\n');
        }
        if (node.name === 'DocImage' || node.name === 'img') {
          const image = `![${attribute(node, 'alt') ?? ''}](${destination(assetHref(attribute(node, 'src') ?? '', input.links))})`;
          const caption = attribute(node, 'caption');
          return caption ? `${image}\n\n*${caption}*` : image;
        }
        if (node.name === 'RelOutput') {
          const src = attribute(node, 'src');
          return input.markRelOutputs ? relOutputMark(src) : relOutputMarkdown(src, input);
        }
        return inner;
      }
      default:
        return between(start(node), end(node), node.children ?? []);
    }
  };
  return convert(tree);
}

/** `# Title`, the description as a quote, then the page without its own first `#` heading. */
function withTitle(body: string, input: PageMarkdownInput): string {
  const text = body.replace(/^\s*#[ \t]+[^\n]*\n?/, '').replace(/\n{3,}/g, '\n\n').trim();
  const description = input.description ? `> ${input.description.replace(/\n/g, ' ')}\n\n` : '';
  return `# ${input.title}\n\n${description}${text}\n`;
}

/**
 * A parser of the page's format (loaded once per worker). Plain Markdown needs remark alone, not
 * the MDX compiler, whose pipeline costs a quarter of a CPU second to load: the tree is the one
 * `createProcessor({ format: 'md' })` parses (its other plugins only transform or compile).
 */
function parserOf(format: 'md' | 'mdx'): Promise<{ parse(text: string): unknown }> {
  let parser = parsers.get(format);
  if (!parser) {
    parser = (async () => {
      const { default: remarkGfm } = await import('remark-gfm');
      if (format === 'mdx') return (await import('@mdx-js/mdx')).createProcessor({ format, remarkPlugins: [remarkGfm] });
      const [{ unified }, { default: remarkParse }] = await Promise.all([import('unified'), import('remark-parse')]);
      return unified().use(remarkParse).use(remarkGfm);
    })();
    parsers.set(format, parser);
  }
  return parser;
}

const parsers = new Map<'md' | 'mdx', Promise<{ parse(text: string): unknown }>>();

/** A bare destination right after `](`, up to its `)`: no title, no space, nothing the parser would decode (escapes, references) or balance (parentheses). */
const BARE_DESTINATION = /^([^\s()<>"'\\&%]*)\)/;

/** `![alt](`: an image's start, its alt up to the first `]`. */
const IMAGE_START = /^!\[([^\]\n]*)\]\(/;
/** Alt text that is its own plain text: letters, digits, spaces and punctuation Markdown leaves alone (no emphasis, code, escape, reference, bracket, math or HTML). */
const PLAIN_ALT = /^[\p{L}\p{N} .,;:'"?/+=#-]*$/u;

/**
 * Whether the clean Markdown of a `.md` body is the body itself, known without parsing it: every
 * `](` opens a bare destination that neither rewrite (a link's `pageHref`, an image's `assetHref`)
 * changes, every image's alt is plain words, so each inline link and image would be written back
 * exactly as it is, and no heading can carry a `[#id]` marker. A `](` that is no link (in code) only makes the answer a cautious no.
 * The parse (micromark with GFM) was over half of a 250-page build's worker time.
 */
export function writtenBackAsIs(body: string, links: PageLinkContext): boolean {
  if (body.includes('[#')) return false;
  // An image is written back with its alt as plain text (`*b*` becomes `b`, `&amp;` `&`): every
  // `![` must open plain words, then `](`.
  for (let at = body.indexOf('!['); at !== -1; at = body.indexOf('![', at + 2)) {
    const alt = IMAGE_START.exec(body.slice(at, at + 4096))?.[1];
    if (alt === undefined || !PLAIN_ALT.test(alt)) return false;
  }
  for (let at = body.indexOf(']('); at !== -1; at = body.indexOf('](', at + 2)) {
    const url = BARE_DESTINATION.exec(body.slice(at + 2, at + 2 + 4096))?.[1];
    if (url === undefined || !destinationAsIs(url, links)) return false;
  }
  return true;
}

/** Whether neither rewrite changes a link's or an image's destination. */
function destinationAsIs(url: string, links: PageLinkContext): boolean {
  // A root-absolute destination's rewrites read the href prefix and the base path alone
  // (resolveLink, resolveImagePath): answered once for each, as a site's pages link the same
  // pages over and over (the bench's 2000 pages: 7000 links to 3700 places; the check of a cold
  // build's pages went from 161 to 124 ms of its main thread, profiled).
  if (!url.startsWith('/') || url.startsWith('//')) return pageHref(url, links) === url && assetHref(url, links) === url;
  const key = `${links.hrefPrefix}\0${links.basePath}\0${url}`;
  let asIs = rootDestinationsAsIs.get(key);
  if (asIs === undefined) {
    asIs = pageHref(url, links) === url && assetHref(url, links) === url;
    if (rootDestinationsAsIs.size >= ROOT_DESTINATIONS_KEPT) rootDestinationsAsIs.clear();
    rootDestinationsAsIs.set(stringOfItsOwn(key), asIs);
  }
  return asIs;
}

/**
 * `text` copied into a string of its own. A destination is a regular expression's capture from a
 * page's body, which V8 keeps as a view of the whole body (past a dozen characters): kept as a
 * key, it kept the body alive, flattened by the scan into a copy of the source (10 MB of the main
 * thread's heap at 2000 pages, through a whole cold build). JSON spells every code unit, a lone
 * surrogate too, and reads back a new string.
 */
const stringOfItsOwn = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

/** `destinationAsIs`'s answers for root-absolute destinations, by href prefix, base path and destination (keys of their own, `stringOfItsOwn`). */
const rootDestinationsAsIs = new Map<string, boolean>();

/** Answers kept at most: a site links a few thousand places, but nothing bounds them (dev, over a day of edits). */
const ROOT_DESTINATIONS_KEPT = 16_384;

/** The format the page's body is parsed as: an `.mdx` body MDX reads as CommonMark is Markdown (no MDX parser). */
const parsedFormat = (input: PageMarkdownInput): 'md' | 'mdx' => (input.format === 'mdx' && readsAsMarkdown(input.body) ? 'md' : input.format);

/**
 * The page's clean Markdown when it needs no parse, else undefined: the compile made it, or a
 * Markdown page's links and images are all written as the built site has them (or it has none),
 * so that every node would be sliced from the source as written. Cheap enough for the main
 * thread, where it costs less than a look-up in the cache (`page-markdown-cache.ts`).
 */
export function markdownWithoutParse(input: PageMarkdownInput, format?: 'md' | 'mdx'): string | undefined {
  if (input.cleanMarkdown !== undefined) return withTitle(withRelOutputs(input.cleanMarkdown, input), input);
  if ((format ?? parsedFormat(input)) === 'md' && writtenBackAsIs(input.body, input.links)) return withTitle(input.body, input);
  return undefined;
}

/** Worker task: one page's clean Markdown, for `<route>.md` and `llms-full.txt`. */
export async function pageMarkdown(input: PageMarkdownInput): Promise<string> {
  const format = parsedFormat(input);
  const unparsed = markdownWithoutParse(input, format);
  if (unparsed !== undefined) return unparsed;
  const { body } = input;
  // TeX's braces are not MDX expressions: the parser reads the math masked (same length, same
  // lines), and the Markdown is sliced from the unmasked text.
  let masked = body;
  for (const span of findMath(body, format)) masked = masked.slice(0, span.start) + body.slice(span.start, span.end).replace(/[^\n]/g, 'm') + masked.slice(span.end);
  const tree = (await parserOf(format)).parse(masked) as unknown as SourceNode;
  return withTitle(mdxToMarkdown(body, tree, input), input);
}
