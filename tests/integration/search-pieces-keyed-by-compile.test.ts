// The search files are written in pieces (OutputFiles.writePieces). A page read from the compile
// cache has its sections keyed by its compile key, and their texts unread (lazy-sections.ts): the
// key must be the one its fresh compile gave, and must not stand for a text a plugin changed.
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { build } from '../../src/build/build.ts';
import { RACY_MARGIN_MS } from '../../src/util/racy-margin.ts';
import type { SearchData } from '../../src/shared/search-index-format.ts';
import { TEXT_PART_BYTES } from '../../src/shared/search-parts.ts';
import { cacheFileNames } from '../../src/util/cache-entry.ts';
import { cacheEntryBytes, overwriteCacheEntry } from '../cache-entries.ts';
import { tempSite } from '../helpers.ts';

const SEED = '_next/static/chunks/nextra-data-en-US.json';
const seedOf = (out: string) => JSON.parse(readFileSync(join(out, SEED), 'utf8')) as SearchData;
/**
 * The builds run later than they do: the source index records only a file whose times are older
 * than its stat by more than the racy margin (source-index.ts), and a page it does not know is
 * read and checked against its entry whole, sections and all. Sources it knows are read from the
 * cache with their sections unread.
 */
beforeAll(() => {
  const now = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => now() + 10 * RACY_MARGIN_MS);
});
afterAll(() => vi.restoreAllMocks());

describe('the search pieces of pages read from the compile cache', () => {
  const site = tempSite({
    'docs-gen.config.ts': "export default { title: 'Keyed' };\n",
    'content/index.md': '# Home\n\nWalrus words.\n\n## Tusks\n\nTusk words.\n',
    'content/guide.md': '# Guide\n\nGuide words.\n\n## First\n\nFirst words.\n\n## Second\n\nSecond words.\n',
  });
  afterAll(() => site.cleanup());
  const out = join(site.root, 'out');

  test('are those of the fresh compile: a rebuild with nothing changed links the search files whole', async () => {
    await build({ root: site.root, outDir: out });
    const before = readFileSync(join(out, SEED), 'utf8');
    const { reusedFiles } = await build({ root: site.root, outDir: out });
    expect(reusedFiles).toContain(SEED);
    expect(reusedFiles.filter((path) => /nextra-search-en-US-0\.\w+\.json$/.test(path))).toHaveLength(1);
    expect(readFileSync(join(out, SEED), 'utf8')).toBe(before);
  });

  test('follow a page that changed, and the output is that of a build without the cache', async () => {
    writeFileSync(join(site.root, 'content/guide.md'), '# Guide\n\nGuide words.\n\n## First\n\nChanged words.\n\n## Second\n\nSecond words.\n');
    const { reusedFiles } = await build({ root: site.root, outDir: out });
    expect(reusedFiles).not.toContain(SEED);
    expect(seedOf(out)['/guide']!.data['first#First']).toBe('Changed words.');
    const uncached = join(site.root, 'uncached');
    await build({ root: site.root, outDir: uncached, cache: false });
    expect(readFileSync(join(out, SEED), 'utf8')).toBe(readFileSync(join(uncached, SEED), 'utf8'));
  });
});

describe('the search pieces of pages whose sections a plugin changes', () => {
  // A site plugin that rewrites a section's text in place, from a file the compile knows nothing of.
  const site = tempSite({
    'docs-gen.config.ts': [
      "import { readFileSync } from 'node:fs';",
      "import { join } from 'node:path';",
      'export default {',
      "  title: 'Rewritten',",
      '  plugins: [{',
      "    name: 'rewrite-sections',",
      '    contentLoaded({ pages }) {',
      "      const words = readFileSync(join(process.cwd(), 'words.txt'), 'utf8').trim();",
      "      for (const page of pages) if (page.route === '/guide') page.sections[1].text = words;",
      '    },',
      '  }],',
      '};',
      '',
    ].join('\n'),
    'words.txt': 'alpha\n',
    'content/index.md': '# Home\n\nWalrus words.\n',
    'content/guide.md': '# Guide\n\nGuide words.\n\n## First\n\nFirst words.\n',
  });
  afterAll(() => site.cleanup());
  const out = join(site.root, 'out');

  test('are keyed by the text the plugin left: a rebuild from the cache shows the new text', async () => {
    const cwd = process.cwd();
    process.chdir(site.root);
    try {
        await build({ root: site.root, outDir: out });
      expect(seedOf(out)['/guide']!.data['first#First']).toBe('alpha');
      writeFileSync(join(site.root, 'words.txt'), 'beta\n');
      await build({ root: site.root, outDir: out });
      expect(seedOf(out)['/guide']!.data['first#First']).toBe('beta');
      // From the cache twice over: the second build's sections were read from it too.
      writeFileSync(join(site.root, 'words.txt'), 'gamma\n');
      await build({ root: site.root, outDir: out });
      expect(seedOf(out)['/guide']!.data['first#First']).toBe('gamma');
      // The page whose sections no plugin touched keeps its piece.
      expect(seedOf(out)['/']!.data['']).toBe('Walrus words.');
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('a one-page rebuild', () => {
  // Three pages of one section each, each past a text part's size: each page's text is a part of its own.
  const words = (name: string) => `${name} words are here. `.repeat(Math.ceil(TEXT_PART_BYTES / 20));
  const site = tempSite({
    'docs-gen.config.ts': "export default { title: 'Parts', locales: [{ locale: 'en-US', text: 'English' }, { locale: 'fr-FR', text: 'Français' }] };\n",
    'content/a.md': `# A\n\n${words('alpha')}\n`,
    'content/b.md': `# B\n\n${words('beta')}\n`,
    'content/c.md': `# C\n\n${words('gamma')}\n`,
    // French has a page of its own, so it shows the others as fallbacks (copies of the English routes).
    'content/b.fr-FR.md': '# B en français\n\nDes mots.\n',
  });
  afterAll(() => site.cleanup());
  const out = join(site.root, 'out');

  test('reads no text of a page whose search pieces it copies, fallbacks in another locale included', async () => {
    await build({ root: site.root, outDir: out });
    const before = seedOf(out);
    const frenchBefore = readFileSync(join(out, '_next/static/chunks/nextra-data-fr-FR.json'), 'utf8');
    // The texts of a.md's and c.md's entries made unreadable (the same byte count): a build that reads them fails.
    const dir = join(site.root, '.docs-gen-cache', 'compiled');
    let damaged = 0;
    for (const name of cacheFileNames(dir)) {
      const file = join(dir, name);
      const bytes = cacheEntryBytes(file)!;
      const header = JSON.parse(bytes.toString('utf8', 0, bytes.indexOf('\n'))) as { value: { textBytes: number; headings: { value: string }[] } };
      if (!['A', 'C'].includes(header.value.headings[0]!.value)) continue;
      bytes[bytes.length - header.value.textBytes] = '#'.charCodeAt(0);
      overwriteCacheEntry(file, bytes);
      damaged++;
    }
    expect(damaged).toBe(2);
    // b.md changed, its text as long as before: its part alone is made again.
    writeFileSync(join(site.root, 'content/b.md'), `# B\n\n${words('betz')}\n`);
    await build({ root: site.root, outDir: out });
    const after = seedOf(out);
    expect(after['/b']!.data['']).toBe(words('betz').trim());
    expect(after['/a']).toEqual(before['/a']);
    expect(after['/c']).toEqual(before['/c']);
    expect(readFileSync(join(out, '_next/static/chunks/nextra-data-fr-FR.json'), 'utf8')).toBe(frenchBefore);
  });
});

describe('the search files made from pages read from the compile cache', () => {
  // Texts whose JSON spelling is not their own, around and within; a heading that is the title (its text joins the intro); empty sections.
  const site = tempSite({
    'docs-gen.config.ts': "export default { title: 'Spelt' };\n",
    'content/index.md': '# Home\n\n\u00a0Intro "quoted" with a back\\\\slash, € and 😀.\u2003\n\n## Home\n\nMore of the intro\u2028here.\n\n## Empty\n\n## Tabs\n\n\tcode block\twith tabs\n',
    'content/guide.md': '# Guide\n\n## First\n\n\ufeffFirst words.\n\n## Second\n\n<p>\u00a0Second &amp; &quot;last&quot;\u00a0</p>\n',
    // An empty intro, then a heading that is the title: its text joins the intro with no newline before it.
    'content/empty-intro.md': '# Empty intro\n\n## Empty intro\n\nWords after the title.\n',
  });
  afterAll(() => site.cleanup());
  const out = join(site.root, 'out');
  const chunks = join(out, '_next/static/chunks');
  const searchFiles = (folder: string) => readdirSync(join(folder, '_next/static/chunks')).filter((name) => name.startsWith('nextra-')).sort();
  const searchBytes = (folder: string) => searchFiles(folder).map((name) => [name.replace(/\.\w+\.json$/, ''), readFileSync(join(folder, '_next/static/chunks', name), 'utf8')]);

  test("copy each text's bytes as its compile spelt them: the files are those of a build without the cache; a damaged text is found, and compiled again", async () => {
    await build({ root: site.root, outDir: out });
    const uncached = join(site.root, 'uncached');
    await build({ root: site.root, outDir: uncached, cache: false });
    // The build without the cache spells the texts from the sections it compiled.
    expect(searchBytes(out)).toEqual(searchBytes(uncached));
    expect(seedOf(out)['/']!.data['']).toBe('Intro "quoted" with a back\\slash, € and 😀.\nMore of the intro\u2028here.');
    expect(seedOf(out)['/empty-intro']!.data['']).toBe('Words after the title.');

    // The search files changed behind the build's back: the next build makes every piece again, from the compile cache.
    for (const name of searchFiles(out)) utimesSync(join(chunks, name), new Date(0), new Date(0));
    // A quote in place of a letter of the guide's texts (the same byte count): copied, it would be a search file JSON cannot read.
    const dir = join(site.root, '.docs-gen-cache', 'compiled');
    let damaged = 0;
    for (const name of cacheFileNames(dir)) {
      const file = join(dir, name);
      const bytes = cacheEntryBytes(file)!;
      const header = JSON.parse(bytes.toString('utf8', 0, bytes.indexOf('\n'))) as { value: { textBytes: number } };
      const at = bytes.indexOf('First words.', bytes.length - header.value.textBytes);
      if (at < 0) continue;
      bytes[at + 1] = '"'.charCodeAt(0);
      overwriteCacheEntry(file, bytes);
      damaged++;
    }
    expect(damaged).toBe(1);
    await expect(build({ root: site.root, outDir: out })).rejects.toThrow(/compile cache entry .*\.compiled holds no texts for its sections, and was removed/);
    // Removed, the page is compiled again.
    const { reusedFiles } = await build({ root: site.root, outDir: out });
    expect(reusedFiles.filter((path) => path.includes('nextra-'))).toEqual([]);
    expect(searchBytes(out)).toEqual(searchBytes(uncached));
  });
});
