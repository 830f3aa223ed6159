// bench/floor.mjs: the bare JavaScript build the bench times beside docs-gen and Hugo. It is a
// floor only if it does the work it stands for: every page written, every fenced block coloured
// in its own language, in every thread.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { generateCorpus } from '../../../bench/corpus.mjs';
import { buildFloor, outputPathOf } from '../../../bench/floor.mjs';
import { markdownFiles } from '../../../bench/lib/markdown-files.mjs';

const dir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The highlighted blocks of a page's HTML, in order. */
const blocksOf = (html: string) => html.match(/<pre class="shiki floor"[\s\S]*?<\/pre>/g) ?? [];

/** What only that language's grammar makes of the corpus's blocks (bench/lib/blocks.mjs): each starts the same way. */
const MARKS: Record<string, RegExp> = {
  // `// …` opens every Rel block: a comment in Rel, an operator in Python.
  rel: /^<pre[^>]*><code><span class="line"><span class="tk-comment">\/\/ /,
  // `def name(word, limit=N):` opens every Python block.
  python: /class="tk-parameter"/,
  // Keys, then a colon: a key is a string to any other grammar.
  json: /<span class="tk-keyword">"[a-z_0-9]+"<\/span><span class="tk-punctuation">:<\/span>/,
};

test('a page goes where docs-gen puts it: an index page as its folder, any other page as a folder of its own', () => {
  expect(outputPathOf('/site/content', '/out', '/site/content/index.md')).toBe('/out/index.html');
  expect(outputPathOf('/site/content', '/out', '/site/content/guide/index.mdx')).toBe('/out/guide/index.html');
  expect(outputPathOf('/site/content', '/out', '/site/content/guide/setup.md')).toBe('/out/guide/setup/index.html');
  expect(outputPathOf('/site/content', '/out', '/site/content/reindex.md')).toBe('/out/reindex/index.html');
});

describe('a build of the bench corpus', () => {
  const site = join(dir, 'site');
  const out = join(dir, 'out');
  generateCorpus({ dir: site, pages: 12, ext: 'md' });
  const sources = markdownFiles(join(site, 'content'));
  const fences = (text: string) => [...text.matchAll(/^```(\w+)/gm)].map((match) => match[1]!);

  test('writes every page, and colours each fenced block in its own language, in two threads', async () => {
    expect(await buildFloor({ site, out, threads: 2 })).toBe(sources.length);
    const seen = new Set<string>();
    for (const source of sources) {
      const blocks = blocksOf(readFileSync(outputPathOf(join(site, 'content'), out, source), 'utf8'));
      const languages = fences(readFileSync(source, 'utf8'));
      expect(blocks.length, relative(site, source)).toBe(languages.length);
      languages.forEach((language, i) => {
        seen.add(language);
        expect(blocks[i], `${relative(site, source)}, block ${i + 1} (${language})`).toMatch(MARKS[language]!);
      });
    }
    expect([...seen].sort()).toEqual(['json', 'python', 'rel']);
  });

  test('without highlighting, the same pages with their code left plain', async () => {
    const plainOut = join(dir, 'plain');
    expect(await buildFloor({ site, out: plainOut, threads: 1, highlight: false })).toBe(sources.length);
    const html = readFileSync(outputPathOf(join(site, 'content'), plainOut, sources[0]!), 'utf8');
    expect(html).toContain('<main>');
    expect(html).not.toContain('class="shiki');
  });
});

test('a fence is coloured whatever the case or alias of its language, and wherever it stands (a list, a quote)', async () => {
  const site = join(dir, 'spelt');
  mkdirSync(join(site, 'content'), { recursive: true });
  const python = 'def name(word, limit=3):\n    return 1\n';
  writeFileSync(join(site, 'content', 'index.md'), ['# Fences', '', '```Python', python, '```', '', '- In a list:', '', '  ```py', '  ' + python.replace('\n    ', '\n      '), '  ```', '', '> ~~~JSON', '> {"key_0": 1}', '> ~~~', ''].join('\n'));
  expect(await buildFloor({ site, out: join(site, 'out'), threads: 1 })).toBe(1);
  const blocks = blocksOf(readFileSync(join(site, 'out', 'index.html'), 'utf8'));
  expect(blocks).toHaveLength(3);
  expect(blocks[0]).toMatch(MARKS.python!);
  expect(blocks[1]).toMatch(MARKS.python!);
  expect(blocks[2]).toMatch(MARKS.json!);
});
