// A page compiled again after an edit writes the code blocks its last compile highlighted without
// highlighting them again (highlight-reuse.ts), and its code is byte for byte what a compile from
// nothing writes. What a block's HTML follows from is in its key: change any of it, and the block
// is highlighted again.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import * as highlight from '../../../plugins/content-loader/highlight.ts';
import { compilePage, type CompileInput } from '../../../plugins/content-loader/compile-page.ts';
import { compileCacheKey, readHighlightedBlocks, sourceDigest } from '../../../plugins/content-loader/compile-cache.ts';
import { decodeBlock, encodeBlock } from '../../../plugins/content-loader/block-trees.ts';
import { cacheEntryBytes, replaceCacheEntry } from '../../cache-entries.ts';
import type { Element } from 'hast';

// Each block highlighted, counted.
vi.mock('../../../plugins/content-loader/highlight.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../plugins/content-loader/highlight.ts')>();
  return { ...original, highlightToHtml: vi.fn(original.highlightToHtml), getHighlighter: vi.fn(original.getHighlighter) };
});

const dir = mkdtempSync(join(tmpdir(), 'highlight-reuse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const themeGrammar = fileURLToPath(new URL('../../../theme/highlight/rel.tmLanguage.json', import.meta.url));

const page = (intro: string, python = 'def double(x):\n    return 2 * x') =>
  `# Doubling\n\n${intro}\n\n\`\`\`rel\ndef output(x) = range(1, 3, 1, x)\n\`\`\`\n\nThen in Python:\n\n\`\`\`python {2}\n${python}\n\`\`\`\n`;

let n = 0;
/** A fresh cache folder and page file, and the input that compiles it. */
function setUp(overrides: Partial<CompileInput> = {}): CompileInput & { cacheDir: string } {
  const folder = join(dir, String(++n));
  const grammarPath = join(folder, 'rel.tmLanguage.json');
  rmSync(folder, { recursive: true, force: true });
  writeFileSync(join(dir, `${n}.md`), '');
  const file = join(dir, `${n}.md`);
  return { file, relativePath: 'content/page.md', format: 'md', grammarPath, moduleDir: join(folder, 'pages'), links: { pageRoute: '/page', folderRoute: '', hrefPrefix: '', basePath: '' }, cacheDir: folder, ...overrides };
}

/** Compiles `source` as a build's task would after a look-up that missed: with the key it missed, and the key of the page's last compile. */
async function compile(input: CompileInput & { cacheDir: string }, source: string, previousKey?: string) {
  writeFileSync(input.file, source);
  const { cacheDir: _cacheDir, ...keyed } = input;
  const key = await compileCacheKey(sourceDigest(source), keyed);
  const output = await compilePage({ ...input, source, missedKey: key, ...(previousKey ? { previousKey } : {}) });
  return { output, key };
}

const highlighted = () => vi.mocked(highlight.highlightToHtml).mock.calls.length;

beforeEach(() => {
  vi.mocked(highlight.highlightToHtml).mockClear();
  vi.mocked(highlight.getHighlighter).mockClear();
});

/** The grammar copied beside each setUp's cache, so that a test can change it. */
function withGrammar<T extends CompileInput>(input: T): T {
  mkdirSync(join(input.grammarPath, '..'), { recursive: true });
  copyFileSync(themeGrammar, input.grammarPath);
  return input;
}

describe('code blocks carried from the last compile of a page', () => {
  test('an edit of the prose highlights nothing, loads no highlighter, and writes the same code as a compile from nothing', async () => {
    const input = withGrammar(setUp());
    const first = await compile(input, page('First words.'));
    expect(highlighted()).toBe(2);
    // The entry records both blocks, and where they are in its code.
    const { html: blocks, trees } = readHighlightedBlocks(input.cacheDir, first.key);
    expect(blocks.size).toBe(2);
    expect(trees.size).toBe(0);
    for (const html of blocks.values()) expect(first.output.compiled.code).toContain(html);
    for (const html of blocks.values()) expect(html).toMatch(/^<[^>]*>[\s\S]*<pre[\s\S]*<\/pre>[\s\S]*>$/);

    vi.mocked(highlight.highlightToHtml).mockClear();
    vi.mocked(highlight.getHighlighter).mockClear();
    const second = await compile(input, page('Other words, and more of them.'), first.key);
    expect(highlighted()).toBe(0);
    expect(highlight.getHighlighter).not.toHaveBeenCalled();
    // The blocks are recorded again under the new entry, for the compile after.
    expect([...readHighlightedBlocks(input.cacheDir, second.key).html.keys()]).toEqual([...blocks.keys()]);

    const fresh = withGrammar(setUp());
    const fromNothing = await compile(fresh, page('Other words, and more of them.'));
    expect(second.output.compiled.code).toBe(fromNothing.output.compiled.code);
    expect(JSON.stringify(second.output)).toBe(JSON.stringify(fromNothing.output));
  });

  test('a changed block alone is highlighted again', async () => {
    const input = withGrammar(setUp());
    const first = await compile(input, page('Words.'));
    vi.mocked(highlight.highlightToHtml).mockClear();
    const second = await compile(input, page('Words.', 'def triple(x):\n    return 3 * x'), first.key);
    expect(vi.mocked(highlight.highlightToHtml).mock.calls.map((call) => call[2])).toEqual(['python']);
    const fromNothing = await compile(withGrammar(setUp()), page('Words.', 'def triple(x):\n    return 3 * x'));
    expect(second.output.compiled.code).toBe(fromNothing.output.compiled.code);
  });

  // A mermaid block links its module under the base path.
  const withDiagram = `${page('Words.')}\n\`\`\`mermaid\ngraph TD; A-->B\n\`\`\`\n`;
  test.each([
    ['the copy button labels', page('Words.'), 2, (input: CompileInput) => ({ ...input, copyLabels: { copy: 'Kopieren', copyCode: 'Code kopieren' } })],
    ['the base path', withDiagram, 3, (input: CompileInput) => ({ ...input, links: { ...input.links, basePath: '/docs', hrefPrefix: '/docs' } })],
  ])('a change of %s highlights every block again', async (_name, source, blockCount, change) => {
    const input = withGrammar(setUp());
    const first = await compile(input, source);
    vi.mocked(highlight.highlightToHtml).mockClear();
    const second = await compile(change(input) as typeof input, source, first.key);
    expect(highlighted()).toBe(blockCount);
    const fromNothing = await compile(change(withGrammar(setUp())) as typeof input, source);
    expect(second.output.compiled.code).not.toBe(first.output.compiled.code);
    expect(second.output.compiled.code).toBe(fromNothing.output.compiled.code);
  });

  test('a change of the Rel grammar highlights every block again', async () => {
    const input = withGrammar(setUp());
    const first = await compile(input, page('Words.'));
    const grammar = JSON.parse(readFileSync(input.grammarPath, 'utf8')) as { patterns: unknown[] };
    writeFileSync(input.grammarPath, JSON.stringify({ ...grammar, patterns: [] }));
    vi.mocked(highlight.highlightToHtml).mockClear();
    await compile(input, page('Words, edited.'), first.key);
    expect(highlighted()).toBe(2);
  });

  test("a change of the page's languages highlights every block again", async () => {
    const input = withGrammar(setUp());
    const first = await compile(input, page('Words.'));
    vi.mocked(highlight.highlightToHtml).mockClear();
    await compile(input, `${page('Words.')}\n\`\`\`json\n{"a": 1}\n\`\`\`\n`, first.key);
    expect(highlighted()).toBe(3);
  });

  test('a last compile whose entry is gone or damaged only costs the highlighting', async () => {
    const input = withGrammar(setUp());
    const first = await compile(input, page('Words.'));
    const entry = join(input.cacheDir, 'compiled', `${first.key}.compiled`);
    const text = cacheEntryBytes(entry)!.toString('utf8');
    // Records pointing past the code's end are left out.
    replaceCacheEntry(entry, text.replace(/"blocks":\[\["([^"]+)",\d+,/, '"blocks":[["$1",999999999,'));
    vi.mocked(highlight.highlightToHtml).mockClear();
    const damaged = await compile(input, page('Words, edited.'), first.key);
    expect(highlighted()).toBe(1);
    rmSync(join(input.cacheDir, 'compiled'), { recursive: true });
    vi.mocked(highlight.highlightToHtml).mockClear();
    const gone = await compile(input, page('Words, edited.'), first.key);
    expect(highlighted()).toBe(2);
    expect(damaged.output.compiled.code).toBe(gone.output.compiled.code);
  });
});

describe("an .mdx page's code blocks (the MDX compiler's trees) carried from its last compile", () => {
  // A component: the page takes the MDX compiler, not markdown-it.
  const mdxPage = (intro: string, python = 'def double(x):\n    return 2 * x') =>
    `# Doubling\n\n<Note>${intro}</Note>\n\n\`\`\`rel\ndef output(x) = range(1, 3, 1, x)\n\`\`\`\n\n\`\`\`python {2}\n${python}\n\`\`\`\n\n\`\`\`mermaid\ngraph TD; A-->B\n\`\`\`\n`;
  /** The same page compiled from nothing: another cache folder, the same file. */
  const fromNothing = (input: CompileInput & { cacheDir: string }, source: string) => compile({ ...input, cacheDir: join(dir, `fresh-${++n}`) }, source);
  /** shiki's tree-making, counted: the MDX path highlights a block with it. */
  async function treesHighlighted(input: CompileInput): Promise<{ count: () => number }> {
    const h = await highlight.getHighlighter(input.grammarPath);
    const spy = vi.spyOn(h, 'codeToHast');
    return { count: () => spy.mock.calls.length };
  }
  afterEach(() => vi.restoreAllMocks());

  /** A page compiled twice: its first compile keeps no tree (a cold build's), its second, after an edit, keeps them. */
  async function compiledTwice(input: CompileInput & { cacheDir: string }, source: string) {
    const first = await compile(input, mdxPage('First words.'));
    expect(first.output.compiled.kind).toBe('function-body');
    expect(readHighlightedBlocks(input.cacheDir, first.key).trees.size).toBe(0);
    const second = await compile(input, source, first.key);
    // Two trees kept (a mermaid block is no highlighting).
    expect(readHighlightedBlocks(input.cacheDir, second.key).trees.size).toBe(2);
    return second;
  }

  test('an edit of the prose highlights no block again, and compiles to what a compile from nothing does', async () => {
    const input = withGrammar(setUp({ format: 'mdx', relativePath: 'content/page.mdx' }));
    const second = await compiledTwice(input, mdxPage('Second words.'));
    const trees = await treesHighlighted(input);
    const third = await compile(input, mdxPage('Other words, and more of them.'), second.key);
    expect(trees.count()).toBe(0);
    expect(readHighlightedBlocks(input.cacheDir, third.key).trees.size).toBe(2);
    const fresh = await fromNothing(input, mdxPage('Other words, and more of them.'));
    expect(trees.count()).toBe(2);
    expect(third.output.compiled.code).toBe(fresh.output.compiled.code);
    expect(JSON.stringify(third.output)).toBe(JSON.stringify(fresh.output));
  });

  test('a changed block alone is highlighted again', async () => {
    const input = withGrammar(setUp({ format: 'mdx', relativePath: 'content/page.mdx' }));
    const second = await compiledTwice(input, mdxPage('Words.'));
    const trees = await treesHighlighted(input);
    const third = await compile(input, mdxPage('Words.', 'def triple(x):\n    return 3 * x'), second.key);
    expect(trees.count()).toBe(1);
    const fresh = await fromNothing(input, mdxPage('Words.', 'def triple(x):\n    return 3 * x'));
    expect(third.output.compiled.code).toBe(fresh.output.compiled.code);
  });

  test('kept trees that do not read back as trees are highlighted again', async () => {
    const input = withGrammar(setUp({ format: 'mdx', relativePath: 'content/page.mdx' }));
    const second = await compiledTwice(input, mdxPage('Words.'));
    const entry = join(input.cacheDir, 'compiled', `${second.key}.compiled`);
    const text = cacheEntryBytes(entry)!.toString('utf8');
    // The first tree's tag name turned into a number of as many bytes: still JSON, not a tree.
    replaceCacheEntry(entry, text.replace(/\[\["([^"]+)",\["([a-z]+)"/, (_all, key: string, tag: string) => `[["${key}",[${'9'.repeat(tag.length + 2)}`));
    const trees = await treesHighlighted(input);
    await compile(input, mdxPage('Words, edited.'), second.key);
    expect(trees.count()).toBe(1);
  });
});

describe('a kept block tree', () => {
  test("is a copy: a later rehype plugin that changes the tree's properties in place changes nothing kept", () => {
    const block = { type: 'element', tagName: 'pre', properties: { className: ['shiki'], tabIndex: 0 }, children: [{ type: 'element', tagName: 'span', properties: { className: ['tk-keyword'] }, children: [{ type: 'text', value: 'def' }] }] } as const;
    const tree = structuredClone(block) as unknown as Element;
    const kept = encodeBlock(tree)!;
    ((tree.children[0] as Element).properties.className as string[]).push('added-by-a-plugin');
    tree.properties.tabIndex = -1;
    expect(decodeBlock(kept)).toEqual(block);
    // Decoded twice, two trees: one compile's changes never reach the next.
    const once = decodeBlock(kept) as Element;
    (once.properties.className as string[]).push('x');
    expect(decodeBlock(kept)).toEqual(block);
  });

  test('is not kept when a node holds more than a tag, properties, children or text', () => {
    expect(encodeBlock({ type: 'element', tagName: 'pre', properties: {}, children: [{ type: 'comment', value: 'c' } as unknown as Element] })).toBeUndefined();
    expect(encodeBlock({ type: 'element', tagName: 'pre', properties: {}, data: { meta: 'x' } as Element['data'], children: [] })).toBeUndefined();
    expect(encodeBlock({ type: 'element', tagName: 'pre', properties: { style: null as unknown as string }, children: [] })).toBeUndefined();
    expect(encodeBlock({ type: 'element', tagName: 'pre', properties: {}, children: [{ type: 'raw', value: '<b>' } as unknown as Element] })).toBeUndefined();
  });
});
