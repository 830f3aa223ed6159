import { escapeHtml } from '../../src/shared/escape-html.ts';
import { pageHref } from '../../src/shared/page-href.ts';

/** Escapes text and turns `[text](href)` into links: the banner's only markup. Site links get the base path and the page's locale prefix (`hrefPrefix`). */
export function inlineMarkdownLinks(text: string, { basePath, hrefPrefix }: { basePath: string; hrefPrefix: string }): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(/\[([^\]]+)\]\(([^)\s]+)\)/g)) {
    html += escapeHtml(text.slice(last, match.index));
    const href = match[2]!.startsWith('/') ? pageHref(match[2]!, { pageRoute: '/', folderRoute: '/', hrefPrefix, basePath }) : match[2]!;
    const safe = /^(https?:|\/|#|mailto:)/i.test(href) ? href : '#';
    html += `<a href="${escapeHtml(safe)}">${escapeHtml(match[1]!)}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}
