// Which `.mdx` pages are compiled by markdown-it, the `.md` renderer (reads-as-markdown.ts):
// those MDX reads as CommonMark with GFM reads them, with no plugin of the site to see the tree.
// tests/e2e/mdx-read-as-markdown.e2e.ts shows the DOM is the same either way.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { compileSource } from '../../../plugins/content-loader/compile-source.ts';
import { readsAsMarkdown } from '../../../plugins/content-loader/reads-as-markdown.ts';
import { tmp } from '../../helpers.ts';

const TABLE = '| a | b |\n| - | - |\n| 1 | 2 |\n';

describe('readsAsMarkdown', () => {
  test.each([
    ['headings, emphasis, code, links, images and a rule', '# Title\n\nSome *emphasis*, **strong**, `code` and [a link](/x "X").\n\n![pic](./p.png)\n\n---\n'],
    ['a table after a blank line', `Intro.\n\n${TABLE}\nAfter.\n`],
    ['lists, nested, with tasks', '- one\n  - nested\n- [x] done\n\n1. first\n2. second\n'],
    ['a quote', '> Quoted\n>\n> Again.\n'],
    ['JSX, braces, dollars and tildes inside fenced code', "```tsx\nexport default () => <b>{'$~'}</b>;\n```\n\n~~~\n<x>\n~~~\n"],
    ['a fence in a list item, its lines as indented as it', '- item\n\n  ```json\n  {"a": 1}\n  ```\n'],
    ['snake_case words and a closing `**` before punctuation', 'Call `snake_case_name`, then **stop**.\n'],
    ['a fence with a title and lines to mark after its language', '```ts title="a.ts" {2}\nconst a = 1;\n```\n'],
    ['HTTP as a word, and a link to a site', 'HTTP requests go to [the API](https://example.com/api).\n'],
    ['a setext heading of one line', 'Title\n=====\n\nText.\n'],
  ])('takes %s for Markdown', (_name, body) => {
    expect(readsAsMarkdown(body)).toBe(true);
  });

  test.each([
    ['JSX', 'Press <kbd>K</kbd>.\n'],
    ['an HTML comment', '<!-- note -->\n'],
    ['an autolink', 'See <https://example.com>.\n'],
    ['a destination in angle brackets', '[x](<https://example.com/a b>)\n'],
    ['an expression', 'Two is {1 + 1}.\n'],
    ['a lone closing brace', 'A } here.\n'],
    ['an import', "import { X } from './x.js'\n\nText.\n"],
    ['an export', 'export const n = 2\n\nText.\n'],
    ['inline math', 'Euler: $e$.\n'],
    ['TeX delimiters', 'Inline \\(x\\) and display \\[y\\].\n'],
    ['a tilde', 'About ~5 ms.\n'],
    ['an email address', 'Write to docs@example.com.\n'],
    ['a www. address', 'See www.example.com.\n'],
    ['a www. address or a web address with a backslash before a dot, colon or slash (GFM links them)', 'See www\\.example.com, https\\://a.org or http:\\/\\/b.org.\n'],
    ['a footnote', 'Note[^1].\n\n[^1]: Here.\n'],
    ['`*` inside a word', 'Compute 2*3*4.\n'],
    ['three `*` together', '***Both***\n'],
    ['three `_` together', '___Both___\n'],
    ['`*` between punctuation', '*alpha,**: beta*\n'],
    ['an unpaired backtick on a line', 'A ` alone.\n'],
    ['indented code', 'Text.\n\n    code\n'],
    ['a tab in the indentation', '-\titem\n'],
    ['indented code in a quote', '>     code\n'],
    ['indented code in a list item', '-     code\n'],
    ['a link reference definition', 'See [the guide][g].\n\n[g]: /guide\n'],
    ['a link reference definition in a quote', '> [foo]: /u\n> "title"\n'],
    ['what follows a `](` that is no link', 'See [docs](~old~ new) and ](https://localhost_) and [a]b](/x{y}).\n'],
    ['a closing fence in a list item indented past three spaces', '- a\n  ```\n  x\n     ```\n  One plus one is 2.\n  ```\n'],
    ['a backslash in a table row', '| a |\n|---|\n| a \\\\| b |\n'],
    ['a web address in prose', 'See https://localhost_ for it.\n'],
    ['a character reference that could spell one', 'See &#104;ttps://a.com or a&colon;b.\n'],
    ['a link to a scheme markdown-it refuses', '[x](javascript:a) and [y](file:///etc/x)\n'],
    ['a link with a host outside ASCII', '[x](https://bücher.de/ü)\n'],
    ['a tab in prose', 'a\t\nb\n'],
    ['a carriage return', '# Title\r\n\r\nText.\r\n'],
    ['a byte-order mark', '\uFEFF# Title\n'],
    ["a brace in a fence's language", '```js{1}\nlet a;\n```\n'],
    ["an escape or a reference in a fence's info string", '```c\\+\\+\nint a;\n```\n'],
    ['a math fence', 'Text\n```math\nx^2\n```\n'],
    ['a heading in a list item', '- # Heading\n'],
    ['a heading in a quote', '> # Quoted\n\ntext\n'],
    ['a setext heading in a quote', '> Quoted\n> ===\n'],
    ['a setext heading over two lines', 'Getting\nstarted\n=======\n'],
    ['a lazy line after a quote', '> Quoted\nlazy\n'],
    ['a table after a paragraph line', `Intro.\n${TABLE}`],
    ['a table in a quote', `> ${TABLE.split('\n').join('\n> ')}`],
    ['a table ended by a line without a pipe', `${TABLE}After.\n`],
    ['a delimiter row without a pipe', 'Head\n--:\n'],
    ['a task with nothing after its box', '- [ ]\n  text\n'],
    ['a fence whose lines are less indented than it', '- item\n  ```\ncode\n  ```\n'],
    ['a fence left open', '```\ncode\n'],
  ])('refuses %s', (_name, body) => {
    expect(readsAsMarkdown(body)).toBe(false);
  });
});

const grammarPath = fileURLToPath(new URL('../../../theme/highlight/rel.tmLanguage.json', import.meta.url));

/** The HTML of an `.mdx` page: markdown-it writes a rule as `<hr>`, React as `<hr/>`. */
async function ruleOf(body: string, markdown: { remarkPlugins?: { module: string }[]; rehypePlugins?: { module: string }[]; replacedElements?: string[] } = {}): Promise<string> {
  const links = { pageRoute: '/p', folderRoute: '', hrefPrefix: '', basePath: '' };
  const { compiled } = await compileSource({ file: '/site/content/p.mdx', relativePath: 'content/p.mdx', format: 'mdx', grammarPath, moduleDir: '/site/.docs-gen-cache/pages', links, highlight: false, source: body, markdown: { remarkPlugins: [], rehypePlugins: [], ...markdown } });
  expect(compiled.kind).toBe('html');
  return /<hr\/?>/.exec(compiled.code)![0];
}

describe('an .mdx page of plain Markdown', () => {
  test('is compiled by markdown-it', async () => {
    expect(await ruleOf('Text with [a link](https://example.com).\n\n---\n')).toBe('<hr>');
  });

  test("has the search text and headings of the MDX path, words on either side of a line break apart", async () => {
    const links = { pageRoute: '/p', folderRoute: '', hrefPrefix: '', basePath: '' };
    const body = '# Title\n\nA para  \nnext line\\\nand a soft\nbreak.\n\n## Part two\n\nMore.\n';
    const compile = (replacedElements: string[]) => compileSource({ file: '/site/content/p.mdx', relativePath: 'content/p.mdx', format: 'mdx', grammarPath, moduleDir: '/site/.docs-gen-cache/pages', links, highlight: false, source: body, markdown: { remarkPlugins: [], rehypePlugins: [], replacedElements } });
    const [asMarkdown, asMdx] = await Promise.all([compile([]), compile(['x-never-used'])]);
    expect(asMarkdown.compiled.code).toContain('<br>');
    expect(asMarkdown.sections).toEqual(asMdx.sections);
    expect(asMarkdown.sections[0]!.text).toContain('A para\nnext line\nand a soft\nbreak.');
    expect(asMarkdown.headings).toEqual(asMdx.headings);
  });

  test('goes to MDX when linkify-it finds a link in its prose (GFM draws its edges otherwise)', async () => {
    expect(await ruleOf('See example.com or https://example.com/x.\n\n---\n')).toBe('<hr/>');
  });

  test("goes to MDX when the site's remark or rehype plugins, or components that replace an element, are to see it", async () => {
    // A plugin that changes nothing: what it could change is what the page must be compiled for.
    const file = join(tmp(), 'nothing.mjs');
    writeFileSync(file, 'export default () => () => {};\n');
    const plugin = { module: pathToFileURL(file).href };
    expect(await ruleOf('Text.\n\n---\n', { replacedElements: ['table'] })).toBe('<hr/>');
    expect(await ruleOf('Text.\n\n---\n', { remarkPlugins: [plugin] })).toBe('<hr/>');
    expect(await ruleOf('Text.\n\n---\n', { rehypePlugins: [plugin] })).toBe('<hr/>');
  });
});
