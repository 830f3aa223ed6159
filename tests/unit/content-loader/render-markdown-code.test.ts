import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { getHighlighter } from '../../../plugins/content-loader/highlight.ts';
import { renderMarkdown } from '../../../plugins/content-loader/render-markdown.ts';
import type { PageLinkContext } from '../../../src/shared/page-href.ts';

const grammarPath = fileURLToPath(new URL('../../../theme/highlight/rel.tmLanguage.json', import.meta.url));
const links: PageLinkContext = { pageRoute: '/guide/page', folderRoute: '/guide', hrefPrefix: '', basePath: '' };
const render = (body: string) => renderMarkdown(body, { links, highlighter: () => getHighlighter(grammarPath) });

describe('code blocks of a .md page', () => {
  // The language must not depend on what pages the worker compiled before (a nested fence was
  // plain unless an earlier page had loaded its language).
  test('a fenced block inside a list item is highlighted in its language', async () => {
    const { html } = await render('- Run it:\n\n  ```haskell\n  main = print 1\n  ```\n');
    expect(html).toContain('data-language="haskell"');
    expect(html).toMatch(/class="tk-[a-z-]+"/);
  });

  test('a page without a fenced block never asks for the highlighter', async () => {
    const { html } = await renderMarkdown('# Title\n\n    indented code\n', {
      links,
      highlighter: () => Promise.reject(new Error('the highlighter was loaded')),
    });
    expect(html).toContain('<pre><code>indented code\n</code></pre>');
  });
});
