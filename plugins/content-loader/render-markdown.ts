import MarkdownIt, { type PluginSimple } from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import footnote from 'markdown-it-footnote';
import GithubSlugger from 'github-slugger';
import type { Highlighter } from 'shiki';
import { assetHref, EXTERNAL_LINK_ATTRIBUTES, IMAGE_LOADING_ATTRIBUTES, isExternalHref, pageHref, type Heading, type PageLinkContext } from 'docs-gen';
import type { CollectedData, TextSection } from './collect.ts';
import type { CopyButtonLabels } from './code-meta.ts';
import { rewriteHtmlLinks } from './html-links.ts';
import { splitCustomId } from './custom-heading-id.ts';
import { collectMarkdownReferences } from './markdown-references.ts';
import type { HighlightReuse } from './highlight-reuse.ts';

/** Where a page's links point: relative links resolve against its folder. */
export type LinkContext = PageLinkContext;

/** What one render needs besides the source; markdown-it passes it to every rule as `env`. */
interface RenderEnv {
  links: LinkContext;
  /** Absent when highlighting is off (`check`) or the page has no code block: code is written plain. */
  highlightBlock?: (code: string, lang: string, meta: string) => string;
  /** The code blocks' copy button in the page's language. */
  copyLabels?: CopyButtonLabels;
}

/** A fence's language (`text` when it names none) and the meta string after it. */
function fenceInfo(token: Token): { lang: string; meta: string } {
  const info = token.info.trim();
  const name = /^[^\s{]*/.exec(info)![0];
  return { lang: name.toLowerCase() || 'text', meta: info.slice(name.length) };
}

/**
 * An inline's text. In a heading (its id and title) a soft line break is a space and a hard one
 * nothing, the ids `.md` pages have always had; in search text both are a newline, as in the
 * MDX path's, so that words on either side stay apart.
 */
function inlineText(token: Token, of: 'heading' | 'search' = 'heading'): string {
  const lineBreak = (child: Token) => (of === 'search' ? '\n' : child.type === 'softbreak' ? ' ' : '');
  return (token.children ?? [])
    .map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : child.type === 'softbreak' || child.type === 'hardbreak' ? lineBreak(child) : ''))
    .join('');
}

/**
 * GitHub's ids for headings (github-slugger, as rehype-slug gives MDX pages), or the id a
 * heading names itself with a trailing `[#id]` (removed from its text, as on the MDX path).
 */
function headingIds(state: StateCore): void {
  const slugger = new GithubSlugger();
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.type !== 'heading_open') continue;
    const inline = tokens[i + 1]!;
    const last = inline.children?.at(-1);
    const custom = last?.type === 'text' ? splitCustomId(last.content) : undefined;
    if (custom) {
      last!.content = custom.text;
      tokens[i]!.attrSet('id', custom.id);
    } else tokens[i]!.attrSet('id', slugger.slug(inlineText(inline)));
  }
}

/** GFM task list items: `- [ ]` and `- [x]` become disabled checkboxes. */
function taskLists(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 2; i < tokens.length; i++) {
    const inline = tokens[i]!;
    if (inline.type !== 'inline' || tokens[i - 1]!.type !== 'paragraph_open' || tokens[i - 2]!.type !== 'list_item_open') continue;
    const match = /^\[([ xX])\]\s/.exec(inline.content);
    const first = inline.children?.[0];
    if (!match || first?.type !== 'text') continue;
    first.content = first.content.slice(3).replace(/^\s/, '');
    const checkbox = new state.Token('html_inline', '', 0);
    checkbox.content = `<input type="checkbox" disabled${match[1] === ' ' ? '' : ' checked'}> `;
    inline.children!.unshift(checkbox);
    tokens[i - 2]!.attrJoin('class', 'task-list-item');
    // The list holding it is marked too, as remark-gfm marks it on MDX pages.
    const list = tokens.findLast((token, at) => at < i - 2 && token.level === tokens[i - 2]!.level - 1 && (token.type === 'bullet_list_open' || token.type === 'ordered_list_open'));
    if (list && !list.attrGet('class')?.split(' ').includes('contains-task-list')) list.attrJoin('class', 'contains-task-list');
  }
}

/**
 * A table's tags written without newlines between them, as React writes an MDX page's: the
 * parser keeps whitespace inside a table as text nodes (unseen, but the DOM of the same text
 * should not depend on which path compiled it).
 */
function compactTables(state: StateCore): void {
  for (const token of state.tokens) if (/^(?:table_open|(?:thead|tbody|tr|th|td)_(?:open|close))$/.test(token.type)) token.block = false;
}

/** Footnotes with GFM's markup (the same as MDX pages get), ids from their labels. */
function gfmFootnotes(md: MarkdownIt): void {
  const name = (token: Token) => String(token.meta.label ?? token.meta.id + 1);
  const rules = md.renderer.rules;
  rules.footnote_ref = (tokens, idx) => {
    const id = name(tokens[idx]!);
    const sub = tokens[idx]!.meta.subId > 0 ? `-${tokens[idx]!.meta.subId + 1}` : '';
    return `<sup><a href="#user-content-fn-${id}" id="user-content-fnref-${id}${sub}" data-footnote-ref="" aria-describedby="footnote-label">${tokens[idx]!.meta.id + 1}</a></sup>`;
  };
  rules.footnote_block_open = () => '<section data-footnotes="" class="footnotes"><h2 class="sr-only" id="footnote-label">Footnotes</h2>\n<ol>\n';
  rules.footnote_block_close = () => '</ol>\n</section>\n';
  rules.footnote_open = (tokens, idx) => `<li id="user-content-fn-${name(tokens[idx]!)}">`;
  rules.footnote_anchor = (tokens, idx) => {
    const id = name(tokens[idx]!);
    const sub = tokens[idx]!.meta.subId > 0 ? `-${tokens[idx]!.meta.subId + 1}` : '';
    return ` <a href="#user-content-fnref-${id}${sub}" data-footnote-backref="" aria-label="Back to reference ${tokens[idx]!.meta.id + 1}" class="data-footnote-backref">↩</a>`;
  };
}

/**
 * Internal links and images get the built site's URLs (`pageHref`, `assetHref`: the same rule as
 * the MDX path and the navigation), in Markdown and in raw HTML alike.
 */
function siteUrls(md: MarkdownIt): void {
  const rules = md.renderer.rules;
  const defaultLink = rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  rules.link_open = (tokens, idx, options, env: RenderEnv, self) => {
    const token = tokens[idx]!;
    const href = token.attrGet('href') ?? '';
    if (isExternalHref(href)) for (const [name, value] of Object.entries(EXTERNAL_LINK_ATTRIBUTES)) token.attrSet(name, value);
    else token.attrSet('href', pageHref(href, env.links));
    return defaultLink(tokens, idx, options, env, self);
  };
  // An image's alt is the text of its description as GFM and the MDX path have it: code, escaped
  // characters and character references included, a hard break nothing (markdown-it leaves out the first two and writes a newline for the last).
  const asText = md.renderer.renderInlineAsText.bind(md.renderer);
  md.renderer.renderInlineAsText = (tokens, options, env) =>
    tokens.map((token) => (token.type === 'code_inline' || token.type === 'text_special' ? token.content : token.type === 'hardbreak' ? '' : asText([token], options, env))).join('');
  const defaultImage = rules.image!;
  rules.image = (tokens, idx, options, env: RenderEnv, self) => {
    const token = tokens[idx]!;
    token.attrSet('src', assetHref(token.attrGet('src') ?? '', env.links));
    for (const [name, value] of Object.entries(IMAGE_LOADING_ATTRIBUTES)) token.attrSet(name, value);
    return defaultImage(tokens, idx, options, env, self);
  };
  const rawHtml = (html: string, env: RenderEnv) =>
    rewriteHtmlLinks(html, (link) => (link.kind === 'link' ? pageHref(link.url, env.links) : assetHref(link.url, env.links)));
  rules.html_inline = (tokens, idx, _options, env: RenderEnv) => rawHtml(tokens[idx]!.content, env);
  rules.html_block = (tokens, idx, _options, env: RenderEnv) => rawHtml(tokens[idx]!.content, env);
  const defaultFence = rules.fence!;
  rules.fence = (tokens, idx, options, env: RenderEnv, self) => {
    const token = tokens[idx]!;
    const { lang, meta } = fenceInfo(token);
    // After a list item's hidden paragraph, a newline, as markdown-it writes before any block there (and the MDX path too).
    const newline = idx > 0 && tokens[idx - 1]!.hidden ? '\n' : '';
    return newline + (env.highlightBlock ? env.highlightBlock(token.content, lang, meta) : defaultFence(tokens, idx, options, env, self));
  };
}

/**
 * Literal autolinks as GFM has them (and the MDX path, through remark-gfm): `http://` and
 * `https://` URLs, email addresses, and names that start with `www.`, which link to `http://` and
 * the name. Not a bare domain: linkify-it by default links any word that ends in a top-level
 * domain of its list, and so made `README.md`, `build.sh` and `main.py` links to Moldova, Saint
 * Helena and Paraguay. Where a URL's link ends is linkify-it's rule, which GFM's differs from at a
 * few edges (a trailing `_` or `*` after a scheme's URL); a `www.` name ends as GFM's does.
 */
function gfmLiteralAutolinks(md: MarkdownIt): void {
  md.linkify.set({ fuzzyLink: false });
  // GFM links no `//host` and no `ftp://`.
  md.linkify.add('//', null).add('ftp:', null);
  // An address at any top-level domain, as GFM's (linkify-it's list is short: `team@example.dev`
  // was no link). The list's entries are joined into its expressions as written, so this entry is
  // a pattern (render-markdown-autolinks.test.ts holds such addresses).
  md.linkify.tlds('[a-z][a-z0-9-]*[a-z0-9]', true);
  md.linkify.add('www.', {
    // What follows `www.` as linkify-it reads a host and path after `http://` (its own rule for that scheme), less the end GFM leaves out.
    validate: (text, pos, self) => {
      const tail = text.slice(pos);
      const re = self.re as typeof self.re & { wwwTail?: RegExp };
      re.wwwTail ??= new RegExp(`^${re.src_host_port_strict}${re.src_path}`, 'i');
      const found = re.wwwTail.exec(tail)?.[0];
      if (found === undefined) return 0;
      // linkify-it stops before a `;`: GFM then leaves out the entity reference the `;` ends, if any.
      const entityEnds = tail[found.length] === ';' && TRAILING_ENTITY.test(`${found};`);
      return withoutGfmTrailing(entityEnds ? `${found};` : found).length;
    },
    normalize: (match) => {
      match.url = `http://${match.url}`;
    },
  });
  // markdown-it asks `pretest` of each paragraph before it looks for links in its text. linkify-it's
  // own says yes to any `.` before a letter (a domain of the list above), and the look that follows
  // found nothing on nearly every page: 30 µs of a page's 100 µs in markdown-it. With fuzzy links
  // off and `//` not a scheme, every link it can find has a scheme's colon, an address's `@` or a
  // `www.` name. (markdown-it's inline rule links `http://` and `https://` URLs without asking
  // `pretest`; the colon is there for the schemes that rule does not read, should one be added.)
  const pretest = md.linkify.pretest.bind(md.linkify);
  md.linkify.pretest = (text) => MAY_HOLD_AUTOLINK.test(text) && pretest(text);
}

/** What every literal autolink holds: the colon of `http:`, `https:` or `mailto:`, an email address's `@`, or `www.`. */
const MAY_HOLD_AUTOLINK = /[:@]|www\./i;

/** A trailing entity reference (`&hl;`): GFM leaves it out of a link. */
const TRAILING_ENTITY = /&[a-z0-9]+;$/i;

/** `link` less what GFM leaves out at a literal autolink's end: any of `?!.,:*_~`, and an entity reference, over and over. */
function withoutGfmTrailing(link: string): string {
  let end = link;
  for (;;) {
    const trimmed = end.replace(/[?!.,:*_~]+$/, '').replace(TRAILING_ENTITY, '');
    if (trimmed === end) return end;
    end = trimmed;
  }
}

let markdown: MarkdownIt | undefined;

/** CommonMark + GFM (tables, strikethrough, autolinks, task lists, footnotes); raw HTML passes through. */
function createRenderer(): MarkdownIt {
  const md = new MarkdownIt({ html: true, linkify: true });
  gfmLiteralAutolinks(md);
  // The plugin's types describe markdown-it's CommonJS build; the plugin itself fits both.
  md.use(footnote as unknown as PluginSimple);
  md.core.ruler.push('heading_ids', headingIds);
  md.core.ruler.push('task_lists', taskLists);
  md.core.ruler.push('compact_tables', compactTables);
  gfmFootnotes(md);
  siteUrls(md);
  return md;
}

/** Headings and the text under each, for the table of contents and search. */
function collectText(tokens: Token[]): { headings: Heading[]; sections: TextSection[] } {
  const headings: Heading[] = [];
  const sections: TextSection[] = [];
  let current: TextSection = { id: '', title: '', text: '' };
  let inFootnotes = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'footnote_block_open') inFootnotes = true;
    if (token.type === 'heading_open') {
      const id = token.attrGet('id') ?? '';
      const value = inlineText(tokens[i + 1]!).trim();
      headings.push({ id, value, depth: Number(token.tag.slice(1)) });
      if (current.text.trim() || current.id) sections.push(current);
      current = { id, title: value, text: '' };
      i++;
    } else if (token.type === 'inline' && !inFootnotes) {
      const text = inlineText(token, 'search').trim();
      if (text) current.text += `${text}\n`;
    } else if (token.type === 'fence' || token.type === 'code_block') current.text += `${token.content.trim()}\n`;
  }
  if (current.text.trim() || current.id) sections.push(current);
  return { headings, sections };
}

/**
 * Renders a `.md` page to HTML with markdown-it: an order of magnitude faster than the
 * micromark/unified pipeline MDX needs, with the same output conventions.
 */
export async function renderMarkdown(
  body: string,
  options: { links: LinkContext; highlighter?: () => Promise<Highlighter>; copyLabels?: CopyButtonLabels; reuse?: HighlightReuse },
): Promise<CollectedData & { html: string }>;
/**
 * With `refuseLinkified` (an `.mdx` page's body, reads-as-markdown.ts): undefined when linkify-it found
 * a link in its prose, where GFM's literal autolinks, which the MDX path has, may draw other edges.
 */
export async function renderMarkdown(
  body: string,
  options: { links: LinkContext; highlighter?: () => Promise<Highlighter>; copyLabels?: CopyButtonLabels; reuse?: HighlightReuse; refuseLinkified: boolean },
): Promise<(CollectedData & { html: string }) | undefined>;
export async function renderMarkdown(
  body: string,
  options: { links: LinkContext; highlighter?: () => Promise<Highlighter>; copyLabels?: CopyButtonLabels; reuse?: HighlightReuse; refuseLinkified?: boolean },
): Promise<(CollectedData & { html: string }) | undefined> {
  markdown ??= createRenderer();
  const env: RenderEnv = { links: options.links, copyLabels: options.copyLabels };
  const tokens = markdown.parse(body, env);
  if (options.refuseLinkified && tokens.some((token) => token.children?.some((child) => child.markup === 'linkify'))) return undefined;
  // The highlighter (shiki) is loaded only for a page with a fenced block: a site without code never pays for it.
  const fences = tokens.filter((token) => token.type === 'fence');
  if (options.highlighter && fences.length) {
    const { reuse } = options;
    const infos = fences.map(fenceInfo);
    const fenceLanguages = [...new Set(infos.map((info) => info.lang))];
    const languages = [...fenceLanguages].sort();
    const keyOf = (code: string, lang: string, meta: string) => reuse!.keyOf(code, lang, meta, languages);
    // shiki is loaded only when a block is not among those of the page's last compile.
    const allKnown = reuse !== undefined && reuse.known.size > 0 && fences.every((fence, i) => reuse.known.has(keyOf(fence.content, infos[i]!.lang, infos[i]!.meta)));
    // Every block rendered is one of `fences` (markdown-it's block tokens are one flat list, footnotes' too): each was found.
    let highlight: (code: string, lang: string, meta: string) => string = () => {
      throw new Error('internal error: a code block was rendered that the page\'s fences did not hold');
    };
    if (!allKnown) {
      const [highlighter, { ensureLanguage, highlightToHtml }] = await Promise.all([options.highlighter(), import('./highlight.ts')]);
      // Every fence's own language, nested ones too: a block's colours never depend on the pages the worker compiled before.
      for (const lang of fenceLanguages) await ensureLanguage(highlighter, lang);
      highlight = (code, lang, meta) => highlightToHtml(highlighter, code, lang, meta, env.links.basePath, env.copyLabels);
    }
    env.highlightBlock = reuse
      ? (code, lang, meta) => {
          const key = keyOf(code, lang, meta);
          const html = reuse.known.get(key) ?? highlight(code, lang, meta);
          reuse.written.push([key, html]);
          return html;
        }
      : highlight;
  }
  // Before rendering, which rewrites the tokens' hrefs: `check` resolves links as written.
  const references = collectMarkdownReferences(tokens, body, markdown);
  const html = markdown.renderer.render(tokens, markdown.options, env);
  const { headings, sections } = collectText(tokens);
  return { html, headings, sections, references };
}
