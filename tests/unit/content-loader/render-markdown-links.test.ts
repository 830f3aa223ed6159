import { describe, expect, test } from 'vitest';
import { renderMarkdown } from '../../../plugins/content-loader/render-markdown.ts';
import type { PageLinkContext } from '../../../src/shared/page-href.ts';

const links: PageLinkContext = { pageRoute: '/guide/page', folderRoute: '/guide', hrefPrefix: '/docs', basePath: '/docs' };
const render = (body: string) => renderMarkdown(body, { links });
/** `kind url line:column` of each reference the page's links are checked by. */
const referencesOf = async (body: string) => (await render(body)).references.map((r) => `${r.kind} ${r.url} ${r.line}:${r.column}`);

describe('the links check collects from a .md page are the ones it renders', () => {
  test.each([
    ['an inline link, at its destination', 'See [x](/a).', ['link /a 1:9']],
    ['a destination in <…>', 'See [x](</a b>).', ['link /a%20b 1:10']],
    ['a full reference link, at its definition', 'See [x][r].\n\n[r]: /full', ['link /full 3:6']],
    ['a collapsed reference link', 'See [r][].\n\n[r]: /collapsed', ['link /collapsed 3:6']],
    ['a shortcut reference link', 'See [r].\n\n[r]: /shortcut', ['link /shortcut 3:6']],
    ['a definition no link uses: nothing is rendered, nothing checked', '[unused]: /unused', []],
    ['a link in a table cell', '| a | b |\n| --- | --- |\n| 1 | [x](/cell) |', ['link /cell 3:11']],
    ['a raw HTML link inline', 'A <a href="/inline">x</a>.', ['link /inline 1:12']],
    ['a raw HTML link in a block', '<div>\n  <a href="/block">x</a>\n</div>', ['link /block 2:12']],
    ['a raw HTML image', '<img src="/i.png" alt="">', ['image /i.png 1:11']],
    ['a Markdown image', '![alt](/images/a.png)', ['image /images/a.png 1:8']],
    ['a badge: an image inside a link', '[![b](/b.svg)](/target)', ['image /b.svg 1:7', 'link /target 1:16']],
    ['a link inside an inline HTML comment: not rendered, not checked', 'A <!-- [x](/gone) <a href="/gone2">y</a> --> b.', []],
    ['links inside an HTML comment block', '<!--\n[x](/gone)\n<a href="/gone2">y</a>\n-->', []],
    ['a link in a code span', 'Write `[x](/code)` like this.', []],
    ['a link in a fenced code block', '```md\n[x](/fence)\n```', []],
    ['an autolink', 'At <https://example.com/x>.', ['link https://example.com/x 1:5']],
    ['a bare URL', 'At https://example.com/y today.', ['link https://example.com/y 1:4']],
    ['two links to the same place, each at its own', '[a](/same) and [b](/same)', ['link /same 1:5', 'link /same 1:20']],
    // A footnote's tokens come after the page's, its code block after a later one of the page.
    [
      'a bare URL in an inline footnote, where a footnote before a fence of the page has a code block',
      'Text.[^1] And ^[see https://x.example] a note.\n\n[^1]: Example:\n\n    ```\n    https://x.example\n    ```\n\n```sh\nnpm i\n```\n',
      ['link https://x.example 5:1'],
    ],
    // markdown-it ends a line at a lone carriage return; the places count lines at line feeds alone.
    ['links in a body of carriage returns alone, with a fence', '# T\r\rSee [x](/a) and <https://e.x/y>.\r\r```\rcode\r```\r', ['link /a 1:14', 'link https://e.x/y 1:23']],
    ['a reference link, at its definition, not at the same definition in a code block', '```md\n[r]: /ref\n```\n\nSee [x][r].\n\n    [r]: /ref\n\n[r]: /ref', ['link /ref 9:6']],
    [
      'links between code blocks of every kind, the same destinations written in the blocks before them',
      'Intro [a](/one).\n\n```md\n[x](/two) `[q](/two)`\n```\nBetween `[y](/two)` and [b](/two).\n\n    [z](/three) indented\n\n[c](/three)\n\n~~~\n[w](/one)\n~~~\n\n- item\n\n  ```\n  [v](/four)\n  ```\n\n  [d](/four) and `[e](/one)` [f](/one)\n',
      ['link /one 1:11', 'link /two 6:29', 'link /three 10:5', 'link /four 22:7', 'link /one 22:34'],
    ],
  ])('%s', async (_what, body, expected) => {
    expect(await referencesOf(body)).toEqual(expected);
  });
});

describe('a .md page renders each link with the built site\'s href', () => {
  test.each([
    ['a Markdown link gets the base path', '[x](/a)', '<a href="/docs/a">'],
    ['a reference link gets the base path', '[x][r]\n\n[r]: ../a.md#part', '<a href="/docs/a#part">'],
    ['a raw HTML link inline gets the base path', 'A <a href="/inline">x</a>.', '<a href="/docs/inline">'],
    ['a raw HTML link in a block gets the base path', '<p><a class="c" href=\'./sibling.md\'>x</a></p>', '<a class="c" href=\'/docs/guide/sibling\'>'],
    ['an unquoted raw HTML href is quoted', '<a href=/bare>x</a>', '<a href="/docs/bare">'],
    ['a raw HTML image gets the base path', '<img src="/i.png" alt="">', '<img src="/docs/i.png" alt="">'],
    ['an encoded # in a page name stays encoded', '[x](/a%23b)', '<a href="/docs/a%23b">'],
    ['an encoded % stays encoded', '<a href="/50%25">x</a>', '<a href="/docs/50%25">'],
    ['a same-page anchor is left alone', '<a href="#part">x</a>', '<a href="#part">'],
    ['an external raw HTML link is left alone', '<a href="https://example.com/a?b=1&amp;c=2">x</a>', '<a href="https://example.com/a?b=1&amp;c=2">'],
    ['a commented-out link is left as written', '<!-- <a href="/gone">x</a> -->', '<!-- <a href="/gone">x</a> -->'],
  ])('%s', async (_what, body, expected) => {
    expect((await render(body)).html).toContain(expected);
  });
});
