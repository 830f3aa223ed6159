// bench/floor.mjs: the bare JavaScript build the bench times beside docs-gen and Hugo. It is a
// floor only if it does the work it stands for: every page written, every fenced block coloured
// in its language, in every thread.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { generateCorpus } from '../../../bench/corpus.mjs';
import { buildFloor, outputPathOf, sourcePages } from '../../../bench/floor.mjs';

const dir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
  const sources = sourcePages(join(site, 'content'));
  const fences = (text: string) => [...text.matchAll(/^```(\w+)/gm)].map((match) => match[1]);

  test('writes every page, and colours each fenced block in its language, in two threads', async () => {
    expect(await buildFloor({ site, out, threads: 2 })).toBe(sources.length);
    const languages = new Set<string>();
    for (const source of sources) {
      const html = readFileSync(outputPathOf(join(site, 'content'), out, source), 'utf8');
      const blocks = fences(readFileSync(source, 'utf8'));
      blocks.forEach((language) => languages.add(language));
      expect(html.match(/<pre class="shiki /g)?.length ?? 0, relative(site, source)).toBe(blocks.length);
    }
    // The corpus's three languages, each one loaded when a page first asked for it.
    expect([...languages].sort()).toEqual(['json', 'python', 'rel']);
    const all = sources.map((source) => readFileSync(outputPathOf(join(site, 'content'), out, source), 'utf8')).join('\n');
    expect(all).toContain('color:var(--code-token-keyword)');
    expect(all).toContain('color:var(--code-token-string-expression)');
  });

  test('without highlighting, the same pages with their code left plain', async () => {
    const plainOut = join(dir, 'plain');
    expect(await buildFloor({ site, out: plainOut, threads: 1, highlight: false })).toBe(sources.length);
    const html = readFileSync(outputPathOf(join(site, 'content'), plainOut, sources[0]), 'utf8');
    expect(html).toContain('<main>');
    expect(html).not.toContain('class="shiki');
  });
});
