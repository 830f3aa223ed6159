/**
 * Links in raw HTML (a `.md` page's `<a href>` and `<img src>`): found, and rewritten, by one
 * scanner, so the links `check` collects are exactly the ones the build rewrites. Comments are
 * skipped: a browser follows nothing inside them.
 */
import { escapeHtml } from 'docs-gen';

/** One `<a href>` or `<img src>` in a piece of HTML. */
export interface HtmlLink {
  kind: 'link' | 'image';
  /** The attribute's value, character references decoded. */
  url: string;
  /** Offsets of the value as written, quotes excluded, in the scanned HTML. */
  start: number;
  end: number;
  /** Whether the value was quoted (a rewritten value always is). */
  quoted: boolean;
}

const COMMENT_OR_TAG = /<!--[\s\S]*?(?:-->|$)|<(a|img)(?=[\s/>])((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /(^|\s)(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;
const REFERENCE = /&(?:(amp|quot|apos|lt|gt)|#(\d+)|#x([0-9a-f]+));/gi;
const NAMED: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

function decodeReferences(value: string): string {
  return value.replace(REFERENCE, (all, name: string | undefined, decimal: string | undefined, hex: string | undefined) => {
    if (name) return NAMED[name.toLowerCase()]!;
    const code = decimal ? Number(decimal) : Number.parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
}

/** Every `<a href>` and `<img src>` outside comments, in order. */
export function htmlLinks(html: string): HtmlLink[] {
  const links: HtmlLink[] = [];
  for (const tag of html.matchAll(COMMENT_OR_TAG)) {
    if (!tag[1]) continue;
    const kind = tag[1].toLowerCase() === 'a' ? 'link' : 'image';
    const wanted = kind === 'link' ? 'href' : 'src';
    const attributesAt = tag.index + 1 + tag[1].length;
    for (const attribute of tag[2]!.matchAll(ATTRIBUTE)) {
      if (attribute[2]!.toLowerCase() !== wanted) continue;
      const written = attribute[3] ?? attribute[4] ?? attribute[5]!;
      const quoted = attribute[5] === undefined;
      // The value ends the match, before its closing quote when it has one.
      const end = attributesAt + attribute.index + attribute[0].length - (quoted ? 1 : 0);
      links.push({ kind, url: decodeReferences(written), start: end - written.length, end, quoted });
      break;
    }
  }
  return links;
}

/** The HTML with each link's value replaced by `rewrite(link)` (escaped and quoted). */
export function rewriteHtmlLinks(html: string, rewrite: (link: HtmlLink) => string): string {
  let out = '';
  let from = 0;
  for (const link of htmlLinks(html)) {
    const value = escapeHtml(rewrite(link));
    out += html.slice(from, link.start) + (link.quoted ? value : `"${value}"`);
    from = link.end;
  }
  return out + html.slice(from);
}
