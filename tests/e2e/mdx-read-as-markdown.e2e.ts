/// <reference lib="dom" />
// An `.mdx` page that MDX reads as plain Markdown is compiled by markdown-it, the `.md` renderer
// (plugins/content-loader/reads-as-markdown.ts). Generated pages (a seeded mix of every Markdown
// construct, with the words that trip parsers up) are compiled both ways; wherever the page is
// taken for Markdown, Chromium must build the same DOM from both outputs.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { compileSource } from '../../plugins/content-loader/compile-source.ts';
import type { CompileOutput } from '../../plugins/content-loader/compile-page.ts';
import { readsAsMarkdown } from '../../plugins/content-loader/reads-as-markdown.ts';
import { launchChromium } from './browser.ts';

const grammarPath = fileURLToPath(new URL('../../theme/highlight/rel.tmLanguage.json', import.meta.url));

/** A small seeded generator (a linear congruential one): the same pages on every run. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const WORDS = ['alpha', 'beta', 'snake_case_name', 'x*y', 'a_b_c', 'café', 'naïve', '"quoted"', "it's", 'A&B', '&amp;', '&copy;', '&#35;', '\\*', '\\_', '\\#', '2*3', 'config.py', 'node.js', 'example.com', '100%', '#tag', 'C#', 'a|b', '(paren)', '[bracket]', '!bang', '--', '...', '`', '**', '__', '_', '*', 'https://example.org/x', 'https://localhost_', '&#104;ttps://a.com', 'R&amp;D', 'HTTP'];
const TARGETS = ['/guide', './rel', '../up', '#part', '/guide#part', 'https://example.com/a?b=1&c=2', 'other.md', '/x "Title"', 'javascript:a', 'https://bücher.de/ü', '<https://example.com/a b>'];

function page(seed: number): string {
  const { next, pick } = generator(seed);
  const inline = (depth = 0): string => {
    const parts: string[] = [];
    for (let i = 1 + Math.floor(next() * 8); i > 0; i--) {
      const r = next();
      if (r < 0.4 || depth > 1) parts.push(pick(WORDS) + pick(['', '', ',', '.', ':', '!', '?']));
      else if (r < 0.5) parts.push(`*${inline(depth + 1)}*`);
      else if (r < 0.58) parts.push(`**${inline(depth + 1)}**`);
      else if (r < 0.62) parts.push(`_${inline(depth + 1)}_`);
      else if (r < 0.66) parts.push(`__${inline(depth + 1)}__`);
      else if (r < 0.74) parts.push(`\`${pick(['code', 'a*b', 'x_y', 'a | b', 'q "s"', '&amp;', ' sp ', 'a\\b'])}\``);
      else if (r < 0.82) parts.push(`[${inline(depth + 1)}](${pick(TARGETS)})`);
      else if (r < 0.86) parts.push(`![${pick(['pic', 'a picture', "it's", '', 'R&amp;D chart', 'a\\_b', 'C&#35; guide', 'with `code`'])}](${pick(['/img/a.png', 'b.png', 'https://example.com/c.png'])})`);
      else if (r < 0.9) parts.push(`[${pick(['ref', 'Ref', 'missing'])}]`);
      else if (r < 0.94) parts.push(pick(['  \n', '\\\n', '\n']));
      else parts.push(pick(['[x]', '[ ]', 'http', 'HTTPS']));
    }
    return parts.join(pick([' ', ' ', '', '  ']));
  };
  const indent = (text: string, width: number) => text.split('\n').map((line) => (line ? ' '.repeat(width) + line : line)).join('\n');
  const block = (depth = 0): string => {
    const r = next();
    if (r < 0.18) return `${'#'.repeat(1 + Math.floor(next() * 6))} ${inline()}${pick(['', ' ##', ' [#custom-id]'])}`;
    if (r < 0.24) return `${inline()}\n${pick(['===', '---'])}`;
    if (r < 0.4 && depth < 2) {
      const bullet = pick(['-', '*', '+', '1.', '1)', '2.']);
      const items = Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
        const nested = next() < 0.3 ? `\n${pick(['', '\n'])}${indent(block(depth + 1), bullet.length + 1)}` : '';
        return `${bullet} ${pick(['', '[ ] ', '[x] ', '[X] '])}${inline()}${nested}`;
      });
      return items.join(pick(['\n', '\n\n']));
    }
    if (r < 0.5 && depth < 2) return block(depth + 1).split('\n').map((line) => `> ${line}`).join('\n');
    if (r < 0.55) return pick(['---', '***', '___', '- - -']);
    if (r < 0.67) {
      const columns = 1 + Math.floor(next() * 3);
      const row = () => `| ${Array.from({ length: columns }, () => pick(['a', '`c|d`', '**b**', '\\|', '', 'x y', '[l](/g)'])).join(' | ')} |`;
      const rule = `|${Array.from({ length: columns }, () => pick([' --- ', ':---', '---:', ':-:'])).join('|')}|`;
      return [row(), rule, ...Array.from({ length: Math.floor(next() * 3) }, row)].join('\n');
    }
    if (r < 0.8) {
      const fence = pick(['```', '~~~', '````']);
      return `${fence}${pick(['', 'rel', 'python', 'json', 'text', 'js title="a.js"', 'mermaid', 'js{1}', '{r}', 'c\\+\\+', 'math', 'ts title="a&amp;b.ts" {2}'])}\n${pick(['def f(x): return {x}', '<b>tag</b>', '{"a": 1}', 'a\n\n  b', 'x = $y'])}\n${fence}`;
    }
    if (r < 0.82) return `${pick(['1.', '-'])} ${inline()}:\n   \`\`\`${pick(['sh', 'rel', ''])}\n   npm i\n   \`\`\``;
    if (r < 0.84) return `[${pick(['ref', 'Ref'])}]: ${pick(['/guide', 'https://example.com', '/t "T"'])}`;
    return inline();
  };
  // A title first: a page that began with a `---` rule would be read as opening front matter.
  return `# Page ${seed}\n\n${Array.from({ length: 2 + Math.floor(next() * 6) }, () => block()).join(pick(['\n\n', '\n']))}\n`;
}

const links = { pageRoute: '/guide/page', folderRoute: '/guide', hrefPrefix: '', basePath: '', sourceFolder: 'content/guide' };

/**
 * The page compiled as the build compiles it, or, with `forceMdx`, by the MDX path. A plugin's
 * component for an element no page has (`x-never-used`) is what keeps a page from markdown-it
 * (compile-source.ts); the MDX output is then the static HTML React renders (static-html.ts).
 */
function compile(source: string, forceMdx: boolean): Promise<CompileOutput> {
  const markdown = { remarkPlugins: [], rehypePlugins: [], replacedElements: forceMdx ? ['x-never-used'] : [] };
  return compileSource({ file: '/site/content/guide/page.mdx', relativePath: 'content/guide/page.mdx', format: 'mdx', grammarPath, moduleDir: '/site/.docs-gen-cache/pages', links, source, markdown });
}

/**
 * The DOM Chromium builds from `html`, one line per node, attributes sorted (styles as parsed).
 * Whitespace a reader never sees is left out: between blocks, and at the end of a list item's
 * text before a block (`<li>text\n<pre>`: one output has the newline, the other not).
 */
function domOf(page: Page, html: string): Promise<string[]> {
  return page.evaluate((markup) => {
    const holder = document.createElement('div');
    holder.innerHTML = markup;
    // In the document, so that each element has its computed display.
    document.body.append(holder);
    const lines: string[] = [];
    const blockParents = new Set(['DIV', 'TABLE', 'THEAD', 'TBODY', 'TR', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'SECTION']);
    const walk = (node: Node, depth: number): void => {
      const pad = ' '.repeat(depth);
      if (node.nodeType === Node.TEXT_NODE) {
        const beforeBlock = node.nextSibling instanceof Element && getComputedStyle(node.nextSibling).display !== 'inline';
        const value = beforeBlock ? node.nodeValue!.replace(/\s+$/, '') : node.nodeValue!;
        if (value.trim() || !blockParents.has(node.parentNode!.nodeName)) lines.push(`${pad}${JSON.stringify(value)}`);
        return;
      }
      if (!(node instanceof Element)) return;
      const attributes = [...node.attributes].map((a) => `${a.name}=${JSON.stringify(a.name === 'style' ? (node as HTMLElement).style.cssText : a.value)}`).sort();
      lines.push(`${pad}<${node.localName} ${attributes.join(' ')}>`);
      for (const child of node.childNodes) walk(child, depth + 1);
    };
    for (const child of holder.childNodes) walk(child, 0);
    holder.remove();
    return lines;
  }, html);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('an .mdx page MDX reads as plain Markdown', () => {
  test('is compiled by markdown-it into the DOM the MDX path gives, and the same headings, for 14000 generated pages', async () => {
    const tab = await browser.newPage();
    let compared = 0;
    let routed = 0;
    for (let seed = 1; seed <= 14000; seed++) {
      const source = page(seed);
      if (!readsAsMarkdown(source)) continue;
      const [asMarkdown, asMdx] = await Promise.all([compile(source, false), compile(source, true)]);
      // A page with a link linkify-it found in its prose goes back to the MDX path (it then has cleanMarkdown, which markdown-it's output never has).
      if (asMarkdown.cleanMarkdown !== undefined) continue;
      routed++;
      expect(asMdx.cleanMarkdown, source).toBeDefined();
      expect(await domOf(tab, asMarkdown.compiled.code), source).toEqual(await domOf(tab, asMdx.compiled.code));
      expect(asMarkdown.headings, source).toEqual(asMdx.headings);
      compared++;
    }
    await tab.close();
    // The generator's pages are hostile on purpose; enough of them must still be Markdown for the comparison to mean something.
    expect(routed).toBeGreaterThanOrEqual(120);
    expect(compared).toBe(routed);
  });
});
