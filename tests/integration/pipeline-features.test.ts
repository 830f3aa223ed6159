// Issue 12's pipeline features on one small site (.md and .mdx pages, a base path, two locales):
// `[#id]` headings, code-fence meta, build-time math, mermaid, and the AI-ready output.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { checkSite } from '../../src/check/check.ts';
import type { CheckReport } from '../../src/check/report.ts';
import type { SearchData } from '../../src/shared/search-index-format.ts';
import { fixture, tmp } from '../helpers.ts';

const ROOT = fixture('headings-code-math-diagrams-and-llms-txt-work-on-every-page');
const dirs: string[] = [];
const outs: string[] = [];
let report: CheckReport;
const read = (path: string, out = outs[0]!) => readFileSync(join(out, path), 'utf8');

beforeAll(async () => {
  // Two builds: the AI-ready output must be the same bytes each time.
  for (let i = 0; i < 2; i++) {
    const dir = tmp();
    dirs.push(dir);
    outs.push(join(dir, 'out'));
    await build({ root: ROOT, outDir: outs[i]! });
  }
  report = await checkSite({ root: ROOT });
});
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('custom heading ids', () => {
  test('are the ids of .md and .mdx headings, without the marker in the text', () => {
    // Each ends with its `#` anchor (added at render time), named after the text without the marker.
    expect(read('guide/math/index.html')).toContain('<h2 id="custom-area">The area of a circle<a class="heading-anchor" href="#custom-area" aria-label="Link to the section “The area of a circle”">#</a></h2>');
    expect(read('guide/diagrams/index.html')).toContain('<h2 id="flow-id">A flow<a class="heading-anchor" href="#flow-id" aria-label="Link to the section “A flow”">#</a></h2>');
    expect(read('guide/diagrams/index.html')).not.toContain('[#flow-id]');
  });

  test('key the search sections', () => {
    const data = JSON.parse(read('_next/static/chunks/nextra-data-en-US.json')) as SearchData;
    expect(Object.keys(data['/docs/guide/math']?.data ?? data['/guide/math']!.data)).toContain('custom-area#The area of a circle');
  });

  test('are anchors check knows: links to #custom-id check clean', () => {
    expect(report.findings.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('code fence meta', () => {
  test('gives a title bar, numbered and highlighted lines, marked substrings, and no copy button with copy=false', () => {
    const page = read('guide/math/index.html');
    expect(page).toContain('<div class="code-block has-title" data-language="js"><div class="code-title">area.js</div><button type="button" class="copy-button"');
    expect(page).toContain('data-line-numbers=""');
    expect(page).toContain('<span class="line highlighted">');
    expect(page).toContain('<mark class="code-mark">radius</mark>');
    expect(page).toMatch(/<div class="code-block" data-language="python"><span class="code-language" aria-hidden="true">python<\/span><pre/);
  });
});

describe('math', () => {
  test('is KaTeX markup in .md and .mdx pages, with no client script for it', () => {
    for (const page of ['guide/math/index.html', 'guide/diagrams/index.html', 'fr-FR/guide/math/index.html']) {
      expect(read(page)).toContain('<span class="katex">');
      expect(read(page)).not.toMatch(/<script[^>]*katex/);
    }
    expect(read('guide/math/index.html')).toContain('it costs $5 or $10.');
  });

  test("links KaTeX's hashed stylesheet, served from the site with its fonts, only on pages with math", () => {
    const href = /<link rel="stylesheet" href="\/docs\/(_next\/static\/katex-[0-9a-f]{12}\/katex\.min\.css)"/.exec(read('guide/math/index.html'))?.[1];
    expect(href).toBeDefined();
    const css = read(href!);
    const fonts = [...css.matchAll(/url\(fonts\/([^)]+)\)/g)].map((m) => m[1]!);
    expect(fonts.length).toBeGreaterThan(10);
    for (const font of fonts) expect(existsSync(join(outs[0]!, href!, '..', 'fonts', font))).toBe(true);
    expect(read('index.html')).not.toContain('katex');
  });
});

describe('mermaid', () => {
  test('a fence is its text, escaped, with the module the client imports on that page alone', () => {
    const page = read('guide/diagrams/index.html');
    const module = /<div class="mermaid-diagram" data-mermaid-module="\/docs\/(_next\/static\/mermaid-[0-9a-f]{12}\/mermaid\.esm\.min\.mjs)"/.exec(page)?.[1];
    expect(module).toBeDefined();
    expect(existsSync(join(outs[0]!, module!))).toBe(true);
    expect(page).toContain('B{Is it &lt;b&gt;bold&lt;/b&gt;?}');
    expect(page).not.toContain('<b>bold');
    expect(read('guide/math/index.html')).not.toContain('mermaid');
  });
});

describe('AI-ready output', () => {
  test('llms.txt: the site title and description, then pages by section with their descriptions, hidden pages left out', () => {
    expect(read('llms.txt')).toBe(
      [
        '# Feature Docs',
        '',
        '> Docs that use every pipeline feature.',
        '',
        '## Feature Docs',
        '',
        '- [Home](https://docs.example.com/docs/index.md): Where the features start.',
        '',
        '## Guide',
        '',
        "- [Guide overview](https://docs.example.com/docs/guide.md): The guide's first page.",
        '- [Math in Markdown](https://docs.example.com/docs/guide/math.md): Formulas in a .md page.',
        '- [Diagrams in MDX](https://docs.example.com/docs/guide/diagrams.md)',
        '',
      ].join('\n'),
    );
    expect(read('fr-FR/llms.txt')).toContain('- [Les maths](https://docs.example.com/docs/fr-FR/guide/math.md): Des formules.');
  });

  test('every page has clean Markdown at <route>.md (/index.md for /), none for hidden and special pages', () => {
    const home = read('index.md');
    expect(home).toBe(
      [
        '# Home',
        '',
        '> Where the features start.',
        '',
        'The answer is .',
        '',
        '> **Warning:** Mind the **gap**.',
        '',
        '![A small picture](/docs/images/small.png)',
        '',
        '*Small.*',
        '',
        'See [the math](/docs/guide/math#custom-area) and [diagrams](/docs/guide/diagrams#flow-id).',
        '',
      ].join('\n'),
    );
    expect(read('guide.md')).toContain('| String | Int64 |\n| --- | --- |\n| Lima | 10092000 |');
    const diagrams = read('guide/diagrams.md');
    expect(diagrams).toContain('TeX with braces in MDX: $\\frac{1}{2}$ and \\(\\sqrt{x}\\).');
    expect(diagrams).toContain('```mermaid\ngraph TD');
    expect(home).not.toContain('export const');
    expect(read('fr-FR/guide/math.md')).toMatch(/^# Les maths\n\n> Des formules\.\n\nAire \$\\pi r\^2\$\.\n$/);
    for (const absent of ['secret.md', '404.md', '500.md', 'search.md']) expect(existsSync(join(outs[0]!, absent))).toBe(false);
    expect(read('llms.txt')).not.toContain('Secret');
  });

  test("a heading's [#id] marker is left out of the page's Markdown and llms-full.txt (.md and .mdx)", () => {
    expect(read('guide/diagrams.md')).toContain('\n## A flow\n');
    expect(read('guide/math.md')).toContain('\n## The area of a circle\n');
    expect(read('llms-full.txt')).not.toMatch(/\[#[^\]\s]+\]/);
  });

  test('llms-full.txt holds every page in order, and the output is the same bytes on every build', () => {
    const full = read('llms-full.txt');
    expect(full.indexOf('# Home')).toBeLessThan(full.indexOf('# Guide overview'));
    // Exactly the pages' own Markdown files, in llms.txt's order, a newline between each and the next.
    const listed = [...read('llms.txt').matchAll(/\]\(https:\/\/docs\.example\.com\/docs\/([^)]+\.md)\)/g)].map((match) => match[1]!);
    expect(listed.length).toBeGreaterThan(2);
    expect(full).toBe(listed.map((path) => read(path)).join('\n'));
    const files = (out: string) => readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((p) => /\.(md|txt)$/.test(p)).sort();
    expect(files(outs[1]!)).toEqual(files(outs[0]!));
    for (const file of files(outs[0]!)) expect(read(file, outs[1]!)).toBe(read(file));
  });
});
