// The literal autolinks of a .md page (markdown-it with linkify-it) against GFM's (remark-gfm, the
// MDX path and Nextra's): which words become links, and where each leads.
import { createProcessor } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import { describe, expect, test } from 'vitest';
import { renderMarkdown } from '../../../plugins/content-loader/render-markdown.ts';

const links = { pageRoute: '/guide/page', folderRoute: '/guide', hrefPrefix: '', basePath: '' };

/** HTML's escapes as markdown-it writes them, read back. */
const unescaped = (html: string) => html.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');

/** Each link's text and destination in a .md page's HTML. */
async function markdownItLinks(text: string): Promise<string[]> {
  const { html } = await renderMarkdown(text, { links });
  return [...html.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => `${unescaped(m[2]!)} → ${unescaped(m[1]!)}`);
}

/** Each link's text and destination as remark-gfm parses the same text. */
function gfmLinks(text: string): string[] {
  const found: string[] = [];
  const visit = (node: { type: string; url?: string; value?: string; children?: unknown[] }) => {
    if (node.type === 'link') found.push(`${(node.children as { value?: string }[]).map((c) => c.value ?? '').join('')} → ${node.url}`);
    else for (const child of node.children ?? []) visit(child as typeof node);
  };
  visit(createProcessor({ format: 'md', remarkPlugins: [remarkGfm] }).parse(text) as unknown as Parameters<typeof visit>[0]);
  return found;
}

describe('a .md page links what GFM links in its text, and only that', () => {
  test.each([
    ['file names ending in a country code', 'Edit README.md, then run build.sh or main.py.'],
    ['a bare domain', 'See example.com for more.'],
    ['a version number', 'Needs Node 20.20 or 1.2.3.'],
    ['a www name, in any case', 'Visit www.example.org or WWW.EXAMPLE.NET today.'],
    ['a www name in capitals alone', 'Visit WWW.EXAMPLE.NET today.'],
    ['a www name with a path and query', 'Read www.example.org/docs/a?b=1 now.'],
    ['a www name in parentheses', 'The site (www.example.org) is up.'],
    ['a URL with a scheme', 'At https://example.com/y today, or http://example.org.'],
    ['an email address', 'Write to team@example.org with questions.'],
    ['a protocol-relative URL and an FTP one', 'Mirrors: //cdn.example.org/a and ftp://files.example.org/b.'],
    ['a URL with a port, parentheses and a trailing dot', 'Open http://localhost:3000/x or https://example.com/a_b_(c).'],
    ['addresses at newer top-level domains', 'Write to team@example.dev or x@y.app.'],
    ['a www name ending in characters GFM leaves out', 'See www.example.org/path_ or www.example.org/path* or www.example.org/a~, then www.example.org/x).'],
    ['a www name ending in an entity reference, or in a semicolon', 'See www.example.org/a?b=1&hl; and www.example.org/a; then www.example.org/a&b;c now.'],
    ['a www name with a query, an ampersand and a trailing dot', 'Read www.example.org/a?b=1&c=2.'],
  ])('%s', async (_what, text) => {
    expect(await markdownItLinks(text)).toEqual(gfmLinks(text));
  });

  test('names nothing a link that is none, and sends www names to http', async () => {
    expect(await markdownItLinks('Edit README.md or example.com.')).toEqual([]);
    expect(await markdownItLinks('Visit www.example.org.')).toEqual(['www.example.org → http://www.example.org']);
    expect(await markdownItLinks('Visit WWW.EXAMPLE.NET.')).toEqual(['WWW.EXAMPLE.NET → http://WWW.EXAMPLE.NET']);
  });
});
