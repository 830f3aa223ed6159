import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, test } from 'vitest';
import { mdxToMarkdown, pageMarkdown, type PageMarkdownInput } from '../../../plugins/content-loader/page-markdown.ts';
import type { PageLinkContext } from '../../../src/shared/page-href.ts';

const links: PageLinkContext = { pageRoute: '/guide/page', folderRoute: '/guide', hrefPrefix: '/docs', basePath: '/docs' };

function markdownOf(body: string): Promise<string> {
  const input: PageMarkdownInput = { body, format: 'md', title: 'Page', pageRoute: '/guide/page', links };
  return pageMarkdown(input);
}

/** What the parsed path makes of a body: the reference the shortcut must equal. */
function parsed(body: string): string {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(body) as unknown as Parameters<typeof mdxToMarkdown>[1];
  return mdxToMarkdown(body, tree, { pageRoute: '/guide/page', links });
}

describe('the clean Markdown of a .md page', () => {
  test('rewrites inline links and images to the built site', async () => {
    expect(await markdownOf('# Page\n\nSee [next](./next) and ![a](/img/a.png).\n')).toBe('# Page\n\nSee [next](/docs/guide/next) and ![a](/docs/img/a.png).\n');
  });

  // Without `](` nothing is rewritten, so the page is its text as written (the parser is not loaded).
  test.each([
    ['reference links, autolinks and raw HTML', '\n\n# Page\n\nA [ref][r], <https://example.com>, www.example.com and <a href="/x">x</a>.\n\n[r]: /target\n'],
    ['code, tables, lists and footnotes', 'Intro[^1].\n\n```js\nimport x from "y";\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- [ ] task\n  > quote\n\n[^1]: Note.\n\n\n\n'],
    ['a heading later in the page', 'Lead paragraph.\n\n# Not first\n\ntext  \n'],
  ])('without inline links or images, %s stay as written', async (_name, body) => {
    const title = '# Page\n\n';
    const expected = `${title}${parsed(body).replace(/^\s*#[ \t]+[^\n]*\n?/, '').replace(/\n{3,}/g, '\n\n').trim()}\n`;
    expect(await markdownOf(body)).toBe(expected);
  });
});
