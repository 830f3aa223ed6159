/// <reference lib="dom" />
// An `.mdx` page without JSX, expressions or imports is compiled to HTML and never run through
// React (plugins/content-loader/static-html.ts). The reader must not see a difference: the same
// text with one `{''}` added (an expression, so React renders it) gives the same DOM, in Chromium.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { readsAsMarkdown } from '../../plugins/content-loader/reads-as-markdown.ts';
import { fixture, tempSite } from '../helpers.ts';
import { useBuiltSite } from './browser.ts';

/** Both pages end with these: images (local, with apostrophes, external) and a heading whose text an earlier one has. */
const IMAGES_AND_A_REPEATED_HEADING = String.raw`### Images

![A small picture](/images/small.png)

![Don't panic](/images/small.png "It's small") and ![an apostrophe in the name](/images/it's.png)

![An external picture](https://example.com/x.png "Remote")

## Lists

The second heading with the same text gets its own id.
`;

/** Both pages have this table, with each alignment, and the heading of their lists. */
const A_TABLE_THEN_LISTS = String.raw`## A table [#a-table]

| Left | Centre | Right |
| :--- | :----: | ----: |
| a    | **b**  | ` + '`c`' + String.raw` |

## Lists`;

/** Every Markdown construct an `.mdx` page may hold, with text the two serializers escape differently. */
const PAGE = String.raw`---
title: Everything in Markdown
---

# Everything in Markdown

Quotes "double" and 'single', an ampersand & and one as an entity &amp;, \<escaped\> brackets, &copy; 2026.
*Emphasis*, **strong**, ~~struck~~, ` + '`code with <tags> & "quotes"`' + String.raw`, a hard break\
and a [link to the table](#a-table), [another page](/guide), [an external site](https://example.com "Example"),
a bare https://example.org/path?a=1&b=2 and mail@example.com.

${A_TABLE_THEN_LISTS}

1. First
   - nested with [x] no box
   - [ ] open task
2. Second

- [x] done task
- [ ] open task

> A quote with a footnote.[^note]
>
> Second paragraph.

---

### Code

` + '```ts filename="flow.ts" showLineNumbers {2}\nconst flow = [\'A\', "B"];\nexport default flow;\n```' + String.raw`

` + '```mermaid\ngraph TD\n  A[Start] --> B{Is it <b>bold</b>?}\n```' + String.raw`

Math inline $\frac{1}{2}$ and display:

$$
e^{i\pi} + 1 = 0
$$

${IMAGES_AND_A_REPEATED_HEADING}
[^note]: The note, with [a link](/guide).
`;

/**
 * Markdown MDX reads as CommonMark reads it (reads-as-markdown.ts): compiled by markdown-it, the
 * `.md` renderer, and still the DOM React gives the same text.
 */
const PLAIN_PAGE = String.raw`---
title: Plain Markdown
---

# Plain Markdown

Quotes "double" and 'single', an ampersand & and one as an entity &amp;, &copy; 2026.
*Emphasis*, **strong**, _underscored_ and ` + '`code with & "quotes"`' + String.raw`, a hard break\
and a [link to the table](#a-table), [another page](/guide) and [an external site](https://example.com "Example").

${A_TABLE_THEN_LISTS}

1. First
   - nested
   - and **strong**
2. Second

- [x] done task
- [ ] open task

> A quote.
>
> Second paragraph of it.

---

### Code

` + '```ts filename="flow.ts" showLineNumbers {2}\nconst flow = [\'A\', "B"];\nexport default <T,>(x: T) => x;\n```' + String.raw`

` + '```mermaid\ngraph TD\n  A[Start] --> B{Is it <b>bold</b>?}\n```' + String.raw`

${IMAGES_AND_A_REPEATED_HEADING}`;

let site: ReturnType<typeof tempSite>;
/** Made at collection time: `useBuiltSite` needs the folder when its hooks are registered. */
function makeSite(): string {
  site = tempSite({
    'docs-gen.config.ts': "export default { title: 'Markdown-only MDX' }\n",
    'content/guide.md': '# Guide\n\nThe page the links point to.\n',
    'content/static.mdx': PAGE,
    // An expression at the end renders nothing, and makes React render the page.
    'content/rendered-by-react.mdx': `${PAGE}\n{''}\n`,
    'content/plain.mdx': PLAIN_PAGE,
    'content/plain-by-react.mdx': `${PLAIN_PAGE}\n{''}\n`,
  });
  mkdirSync(join(site.root, 'public', 'images'), { recursive: true });
  const png = join(fixture('images-pages-get-sizes-and-variants'), 'public', 'images', 'small.png');
  for (const name of ['small.png', "it's.png"]) copyFileSync(png, join(site.root, 'public', 'images', name));
  return site.root;
}

const built = useBuiltSite(makeSite());
afterAll(() => site.cleanup());

/**
 * The page body as a list of lines, one per node: tag with its attributes sorted (a style as the
 * browser parsed it), or text (whitespace between top-level blocks left out); and where each
 * top-level block is laid out. A static page's body sits in the `.markdown-content` wrapper; a
 * React page's is the article's children between the breadcrumbs and the feedback box.
 */
async function body(page: Page, path: string): Promise<{ nodes: string[]; boxes: string[] }> {
  await page.goto(`${built.base}${path}`);
  return page.evaluate(() => {
    const lines: string[] = [];
    const walk = (node: Node, depth: number): void => {
      const pad = ' '.repeat(depth);
      if (node.nodeType === Node.TEXT_NODE) {
        lines.push(`${pad}${JSON.stringify(node.nodeValue)}`);
        return;
      }
      if (!(node instanceof Element)) return;
      const attributes = [...node.attributes]
        .map((a) => `${a.name}=${JSON.stringify(a.name === 'style' ? (node as HTMLElement).style.cssText : a.value)}`)
        .sort();
      lines.push(`${pad}<${node.localName} ${attributes.join(' ')}>`);
      for (const child of node.childNodes) walk(child, depth + 1);
    };
    const wrapper = document.querySelector('article .markdown-content');
    const article = document.querySelector('article')!;
    const children = wrapper
      ? [...wrapper.childNodes]
      : [...article.childNodes].filter((n) => !(n instanceof Element && (n.matches('nav.breadcrumbs, .feedback, nav.pagination'))));
    // Between the page's top-level blocks, whitespace shows nothing; the added `{''}` leaves one more "\n" there.
    for (const child of children) if (!(child.nodeType === Node.TEXT_NODE && !child.nodeValue!.trim())) walk(child, 0);
    const boxes = children
      .filter((child): child is Element => child instanceof Element)
      .map((element) => {
        const box = element.getBoundingClientRect();
        return `${element.localName}#${element.id} ${[box.top, box.left, box.width, box.height].map(Math.round).join(' ')}`;
      });
    return { nodes: lines, boxes };
  });
}

describe('an .mdx page of Markdown alone', () => {
  test('is served as HTML the compile made, not as React output', async () => {
    const page = await built.browser.newPage();
    await page.goto(`${built.base}/static`);
    expect(await page.locator('article .markdown-content').count()).toBe(1);
    await page.goto(`${built.base}/rendered-by-react`);
    expect(await page.locator('article .markdown-content').count()).toBe(0);
    await page.close();
  });

  test('has the DOM and the layout React gives the same text', async () => {
    const page = await built.browser.newPage();
    const { nodes: fromReact, boxes: reactBoxes } = await body(page, '/rendered-by-react');
    const { nodes: fromHtml, boxes: htmlBoxes } = await body(page, '/static');
    await page.close();
    // The body holds what the page is meant to show, so the comparison is not between two empty lists.
    const joined = fromReact.join('\n');
    for (const part of ['<table', '<picture', 'class="heading-anchor"', 'target="_blank"', 'data-footnotes', 'class="katex"', 'class="mermaid-diagram"', 'type="checkbox"', '\\"double\\"', 'alt="Don\'t panic"', 'src="/images/it\'s.png"']) {
      expect(joined).toContain(part);
    }
    expect(fromHtml).toEqual(fromReact);
    // The first block is the page's title: it starts where React's does, with or without the wrapper.
    expect(reactBoxes[0]).toMatch(/^h1#everything-in-markdown /);
    expect(htmlBoxes).toEqual(reactBoxes);
  });
});

describe('an .mdx page MDX reads as CommonMark', () => {
  test('is compiled by markdown-it and has the DOM and the layout React gives the same text', async () => {
    expect(readsAsMarkdown(PLAIN_PAGE.slice(PLAIN_PAGE.indexOf('\n---\n') + 5))).toBe(true);
    const page = await built.browser.newPage();
    const { nodes: fromReact, boxes: reactBoxes } = await body(page, '/plain-by-react');
    const { nodes: fromMarkdown, boxes: markdownBoxes } = await body(page, '/plain');
    await page.close();
    // markdown-it's own spelling of the rule: React writes `<hr/>`.
    expect(readFileSync(join(built.outDir, 'plain', 'index.html'), 'utf8')).toContain('<hr>');
    expect(readFileSync(join(built.outDir, 'plain-by-react', 'index.html'), 'utf8')).not.toContain('<hr>');
    const joined = fromReact.join('\n');
    for (const part of ['<table', '<picture', 'class="heading-anchor"', 'target="_blank"', 'class="mermaid-diagram"', 'type="checkbox"', 'class="contains-task-list"', '\\"double\\"', 'alt="Don\'t panic"', 'id="a-table"']) {
      expect(joined).toContain(part);
    }
    expect(fromMarkdown).toEqual(fromReact);
    expect(markdownBoxes).toEqual(reactBoxes);
  });
});
