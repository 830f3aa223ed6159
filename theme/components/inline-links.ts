import { escapeHtml } from '../../src/shared/escape-html.ts';
import { pageHref } from '../../src/shared/page-href.ts';

/** Escapes text and turns `[text](href)` into links: the banner's only markup. */
export function inlineMarkdownLinks(text: string, basePath: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(/\[([^\]]+)\]\(([^)\s]+)\)/g)) {
    html += escapeHtml(text.slice(last, match.index));
    const href = match[2]!.startsWith('/') ? pageHref(match[2]!, { pageRoute: '/', folderRoute: '/', hrefPrefix: basePath, basePath }) : match[2]!;
    const safe = /^(https?:|\/|#|mailto:)/i.test(href) ? href : '#';
    html += `<a href="${escapeHtml(safe)}">${escapeHtml(match[1]!)}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}
