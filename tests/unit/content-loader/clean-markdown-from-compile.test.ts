import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { compileSource } from '../../../plugins/content-loader/compile-source.ts';
import { pageMarkdown, type PageMarkdownInput } from '../../../plugins/content-loader/page-markdown.ts';
import type { PageLinkContext } from '../../../src/shared/page-href.ts';
import type { RelOutputData } from '../../../src/shared/types.ts';
import { tmp } from '../../helpers.ts';

// An .mdx page's clean Markdown (`<route>.md`, llms-full.txt) comes from the compile's own parse,
// so the page is not parsed a second time: it must be what the second parse would have made.
// The compile here is always MDX's (a component for an element no page has keeps a page from
// markdown-it, compile-source.ts); `pageMarkdown` reads a page of Markdown alone as Markdown
// (reads-as-markdown.ts), so the first case also shows that reading gives what MDX's does.
const grammarPath = fileURLToPath(new URL('../../../theme/highlight/rel.tmLanguage.json', import.meta.url));
const links: PageLinkContext = { pageRoute: '/guide/page', folderRoute: '/guide', hrefPrefix: '/docs', basePath: '/docs' };
const dir = tmp();
writeFileSync(join(dir, 'x.js'), 'export const X = () => null;\n');

/** The site's Rel outputs: `./out.json` beside the page (resolveRelOutputSrc), and one more. */
const relOutputs: RelOutputData = {
  path: '/rel-output',
  files: {
    '/rel-output/guide/page/out.json': [{ relationId: '/:output/String/Int64', id: '/String/Int64', columns: [{ label: 'String' }, { label: 'Int64' }] as RelOutputData['files'][string][number]['columns'], rows: [['Lima', '10092000'], ['a | b', null]] }],
    '/rel-output/other.json': [{ relationId: '/:output/Int64', id: '/Int64', columns: [{ label: 'Int64' }] as RelOutputData['files'][string][number]['columns'], rows: [['1']] }],
  },
};

async function bothWays(source: string): Promise<{ fromCompile?: string; parsed: string }> {
  const file = join(dir, 'page.mdx');
  writeFileSync(file, source);
  const markdown = { remarkPlugins: [], rehypePlugins: [], replacedElements: ['x-never-used'] };
  const compiled = await compileSource({ file, relativePath: 'content/guide/page.mdx', format: 'mdx', grammarPath, moduleDir: dir, links, highlight: false, source, markdown });
  const input: PageMarkdownInput = { body: compiled.body, format: 'mdx', title: 'Page', pageRoute: '/guide/page', links, relOutputs };
  return {
    fromCompile: compiled.cleanMarkdown === undefined ? undefined : await pageMarkdown({ ...input, cleanMarkdown: compiled.cleanMarkdown }),
    parsed: await pageMarkdown(input),
  };
}

describe('the clean Markdown of an .mdx page', () => {
  test.each([
    ['links, images and reference links', '# Page\n\nSee [next](./next "Next") and ![a](/img/a b.png), [ref][r].\n\n[r]: /target\n'],
    ['components, expressions, imports and exports', "---\ntitle: Page\n---\nimport { X } from './x.js'\nexport const n = 2\n\n# Page\n\n<Alert type=\"warning\">\n  Careful with [this](/a).\n</Alert>\n\nTwo is {n}. <kbd>Ctrl</kbd>\n\n<DocImage src=\"/i.png\" alt=\"I\" caption=\"Cap\" />\n\n<div>\n  <p>Inside *JSX* with a [link](../up)</p>\n</div>\n"],
    ['code, tables, lists and footnotes', "Intro[^1].\n\n```js\nimport x from 'y';\n```\n\n| a | b |\n| - | - |\n| [1](/one) | 2 |\n\n- item\n  > quote with ![img](./p.png)\n\n[^1]: Note.\n"],
    // Their tables come from the site's data, known after the compile: marked where they go.
    ['rel outputs, in a list and a quote, one with no data and one without a src', '# Page\n\n<RelOutput src="./out.json" />\n\n- item\n\n  <RelOutput src="/rel-output/other" />\n\n> <RelOutput src="./missing.json" />\n\n<RelOutput />\n'],
  ])('from the compile is what parsing the page makes: %s', async (_name, source) => {
    const { fromCompile, parsed } = await bothWays(source);
    expect(fromCompile).toBeDefined();
    expect(fromCompile).toBe(parsed);
  });

  test('with rel outputs, holds their tables', async () => {
    const { fromCompile } = await bothWays('# Page\n\n<RelOutput src="./out.json" />\n');
    expect(fromCompile).toBe('# Page\n\n`/String/Int64`\n\n| String | Int64 |\n| --- | --- |\n| Lima | 10092000 |\n| a \\| b |  |\n');
  });

  test.each([
    ['math', '# Page\n\nEuler: $e^{i\\pi} = -1$ and [a link](/x).\n'],
    // The quote's `> ` and a component's dedent read the tables' lines.
    ['a rel output inside a component', '# Page\n\n<Alert type="info">\n  <RelOutput src="./out.json" />\n</Alert>\n'],
    ['the characters that mark a rel output', '# Page\n\nA private \u{F0000} character.\n'],
    ['those characters as character references', '# Page\n\n![&#xF0000;"./out.json"&#xF0001;](/a.png)\n\n<RelOutput src="./out.json" />\n'],
    ['one in a rel output\'s src', '# Page\n\n<RelOutput src="https://example.com/&#xF0001;.json" />\n'],
    // The heading's `[#id]` is found at the end of its text, where the tables are not yet.
    ['a rel output in a heading', '# Page\n\n## Results [#results] <RelOutput src="./out.json" />\n'],
  ])('with %s, is left to its own parse', async (_name, source) => {
    const { fromCompile } = await bothWays(source);
    expect(fromCompile).toBeUndefined();
  });
});
