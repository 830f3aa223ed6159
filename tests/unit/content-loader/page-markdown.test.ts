import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, test } from 'vitest';
import { mdxToMarkdown, pageMarkdown, writtenBackAsIs, type PageMarkdownInput } from '../../../plugins/content-loader/page-markdown.ts';
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

// A page whose links and images all stay as written needs no parse at all (over half of a 250-page
// build's worker time went to it): its clean Markdown is its text, exactly what the parse gives.
describe('a .md page whose links and images are written as the built site has them', () => {
  const plain: PageLinkContext = { pageRoute: '/guide/page', folderRoute: '/guide', hrefPrefix: '', basePath: '' };
  const parsedWith = (body: string, context: PageLinkContext) =>
    mdxToMarkdown(body, unified().use(remarkParse).use(remarkGfm).parse(body) as unknown as Parameters<typeof mdxToMarkdown>[1], { pageRoute: '/guide/page', links: context });

  test.each([
    ['absolute links, anchors and an image', 'See [a](/guide/next), [b](/other/page#some-part), ![img](/images/a.png) and [c](https://example.com/x?y=1).\n'],
    ['links in a table, a list and nested in a link', '| [a](/x) | ![i](/i.png) |\n| - | - |\n\n- [b](/y)\n\n[![i](/i.png)](/z)\n'],
    ['a `](` in code that is no link', 'Text `a](/b)` and\n\n```\nx](/y)\n```\n\n[d](/d)\n'],
    ['an empty destination', '[a]()\n'],
    ['images with plain alt text, or none', '![Plain words, digits 42 and \'quotes\': ünïcode](/i.png) ![](/j.png)\n'],
  ])('%s: its text as written, without the parser', (_name, body) => {
    expect(writtenBackAsIs(body, plain)).toBe(true);
    expect(parsedWith(body, plain)).toBe(body);
  });

  test('an image is written back with its alt as plain text, so an alt with markup is not its source', () => {
    expect(parsedWith('![a *b*](/i.png)\n', plain)).toBe('![a b](/i.png)\n');
    expect(parsedWith('![a &amp; b](/i.png)\n', plain)).toBe('![a & b](/i.png)\n');
  });

  test.each([
    ['a relative link', '[a](./next)\n', plain],
    ['a `](` in code that is no link but not bare', 'Text `a](b c)`\n', plain],
    ['a link with a title', '[a](/x "T")\n', plain],
    ['an escape in the destination', '[a](/x\\_y)\n', plain],
    ['a destination in angle brackets', '[a](</x y>)\n', plain],
    ['parentheses in the destination', '[a](/x(1))\n', plain],
    ['a heading with a custom id', '## Title [#custom]\n\n[a](/x)\n', plain],
    ['an image whose alt has emphasis', '![a *b*](/i.png)\n', plain],
    ['an image whose alt has a reference', '![a &amp; b](/i.png)\n', plain],
    ['an image whose alt has a link', '![x [y](/z)](/i.png)\n', plain],
    ['an image whose alt has math', '![$x$](/i.png)\n', plain],
    ['a reference image', '![a][r]\n\n[r]: /i.png\n', plain],
    ['a base path to add', '[a](/x)\n', links],
  ])('%s: parsed', (_name, body, context) => {
    expect(writtenBackAsIs(body, context)).toBe(false);
  });

  test("a root-absolute destination's answer is each href prefix's and base path's own, whichever page asked first", () => {
    const body = 'See [a](/shared/page) and ![i](/shared/i.png).\n';
    const french = { ...plain, hrefPrefix: '/fr-FR' };
    const underDocs = { ...plain, hrefPrefix: '/docs', basePath: '/docs' };
    for (let round = 0; round < 2; round++) {
      expect(writtenBackAsIs(body, underDocs)).toBe(false);
      expect(writtenBackAsIs(body, plain)).toBe(true);
      expect(writtenBackAsIs(body, french)).toBe(false);
      // Another page of the same locale, in another folder: the same answer.
      expect(writtenBackAsIs(body, { ...plain, pageRoute: '/a/b/c', folderRoute: '/a/b' })).toBe(true);
    }
  });
});
