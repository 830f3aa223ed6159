import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { compileSource } from '../../../plugins/content-loader/compile-source.ts';
import { pageMarkdown, type PageMarkdownInput } from '../../../plugins/content-loader/page-markdown.ts';
import type { PageLinkContext } from '../../../src/shared/page-href.ts';
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

async function bothWays(source: string): Promise<{ fromCompile?: string; parsed: string }> {
  const file = join(dir, 'page.mdx');
  writeFileSync(file, source);
  const markdown = { remarkPlugins: [], rehypePlugins: [], replacedElements: ['x-never-used'] };
  const compiled = await compileSource({ file, relativePath: 'content/guide/page.mdx', format: 'mdx', grammarPath, moduleDir: dir, links, highlight: false, source, markdown });
  const input: PageMarkdownInput = { body: compiled.body, format: 'mdx', title: 'Page', pageRoute: '/guide/page', links };
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
  ])('from the compile is what parsing the page makes: %s', async (_name, source) => {
    const { fromCompile, parsed } = await bothWays(source);
    expect(fromCompile).toBeDefined();
    expect(fromCompile).toBe(parsed);
  });

  test.each([
    ['math', '# Page\n\nEuler: $e^{i\\pi} = -1$ and [a link](/x).\n'],
    ['a rel output', '# Page\n\n<RelOutput src="./out.json" />\n'],
  ])('with %s, is left to its own parse', async (_name, source) => {
    const { fromCompile } = await bothWays(source);
    expect(fromCompile).toBeUndefined();
  });
});
