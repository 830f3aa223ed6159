import { appendFileSync, chmodSync, cpSync, linkSync, lstatSync, renameSync, symlinkSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { filesOf, foldersOf, modesOf, tempSite, tmp } from '../helpers.ts';
import { cacheFileNames } from '../../src/util/cache-entry.ts';
import { cacheEntryBytes, replaceCacheEntry } from '../cache-entries.ts';

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } }).png().toBuffer();

/** The persistent cache's entries: compiled pages, rendered ones, or pages' clean Markdown. */
function cacheEntries(root: string, kind: 'compiled' | 'rendered' | 'markdown' = 'compiled'): string[] {
  const dir = join(root, '.docs-gen-cache', kind);
  // A compiled page and a rendered page are each an entry of the folder's packs: a header line, then the code or the HTML (cache-entry.ts).
  if (kind !== 'markdown') return cacheFileNames(dir).map((name) => join(dir, name)).sort();
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.json')).map((e) => join(e.parentPath, e.name));
}

/** The text of a cache entry: a file of its own (the Markdown cache's), or in its folder's packs. */
const readEntry = (path: string) => (path.endsWith('.json') ? readFileSync(path, 'utf8') : cacheEntryBytes(path)!.toString('utf8'));

/** Puts `text` in place of a cache entry: a file of its own, or in its folder's packs. */
const writeEntry = (path: string, text: string) => (path.endsWith('.json') ? writeFileSync(path, text) : replaceCacheEntry(path, text));

/** A headered cache file (a compiled or a rendered page) with its header and payload changed as told, and the header's byte count to match: a whole, valid file. */
function withPayload<Header extends { bytes: number }>(file: string, change: (payload: string) => string, changeHeader: (header: Header) => void = () => {}): string {
  const lineEnd = file.indexOf('\n');
  const header = JSON.parse(file.slice(0, lineEnd)) as Header;
  changeHeader(header);
  const payload = change(file.slice(lineEnd + 1));
  return `${JSON.stringify({ ...header, bytes: Buffer.byteLength(payload) })}\n${payload}`;
}

const page = (out: string, route: string) => readFileSync(join(out, route, 'index.html'), 'utf8');

/** A site plugin whose `contentLoaded` rewrites a sentence in every page's compiled HTML. */
const rewritingPlugin = (sentence: string) =>
  `export default { name: 'rewrite', contentLoaded({ pages }) { for (const page of pages) page.compiled.code = page.compiled.code.replace('A new paragraph.', ${JSON.stringify(sentence)}); } };\n`;
const inode = (path: string) => statSync(path).ino;
/** A remark plugin that puts the word `plugins/word.mjs` exports in place of "Read" in every page's text. */
const rewordingPlugin = "import { word } from './word.mjs';\n\nexport default function reword() {\n  const visit = (node) => {\n    if (node.type === 'text') node.value = node.value.replaceAll('Read', word);\n    node.children?.forEach(visit);\n  };\n  return visit;\n}\n";

/**
 * A remark plugin as a package, `remark-reword` in the site's node_modules, at `version`, putting
 * `word` in place of "Read": its entry file only re-exports its code, as many packages' do, so an
 * upgrade (`npm update`) changes the code and the site's lock file but not the entry.
 */
function installRewordPackage(root: string, word: string, version: string): void {
  const dir = join(root, 'node_modules', 'remark-reword');
  mkdirSync(join(dir, 'lib'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'remark-reword', version, type: 'module', main: 'index.js' }));
  writeFileSync(join(dir, 'index.js'), "export { default } from './lib/index.js';\n");
  writeFileSync(join(dir, 'lib', 'index.js'), rewordingPlugin.replace("import { word } from './word.mjs';", `const word = ${JSON.stringify(word)};`));
  writeFileSync(join(root, 'package-lock.json'), JSON.stringify({ name: 'site', lockfileVersion: 3, packages: { 'node_modules/remark-reword': { version } } }));
}

const site = tempSite({
  'docs-gen.config.ts': "export default { title: 'Cached' };\n",
  'content/_meta.json': JSON.stringify({ index: 'Home', guide: 'The Guide' }),
  // A relative link, which the page's Markdown spells as the built site's: a parse (one that needs none is not kept in the cache).
  'content/index.md': '# Home\n\nSee [the guide](./guide).\n\n```rel\ndef output = 1 + 2\n```\n\n![A square](/images/square.png)\n',
  // Its `{1 + 2}` is code of the writer's: the page renders at every build (a page of literal JSX alone is cached, below).
  'content/guide.mdx': '# Guide\n\n<Alert type="info">Read [home](/).</Alert>\n\nOne and two make {1 + 2}.\n\n```python\nimport os\n```\n',
});
const outs = tmp();
const outOf = (name: string) => join(outs, name);
let compiledAfterUncached: boolean | undefined;
let warmReRendered: string[] = [];
let warmFiles = new Map<string, string>();

beforeAll(async () => {
  mkdirSync(join(site.root, 'public', 'images'), { recursive: true });
  writeFileSync(join(site.root, 'public', 'images', 'square.png'), await png(40, 40));
  // An empty folder in public/: a clean build makes it, so every rebuild after a change (below) must too.
  mkdirSync(join(site.root, 'public', 'empty', 'inner'), { recursive: true });
  // One that neither reads nor writes the cache (`--no-cache`), cold (fills it), warm (reads it).
  await build({ root: site.root, outDir: outOf('uncached'), cache: false });
  compiledAfterUncached = existsSync(join(site.root, '.docs-gen-cache', 'compiled'));
  await build({ root: site.root, outDir: outOf('cold') });
  // The warm build is into `same`, the output folder the rebuilds after each change (below) start from; its files as it left them.
  warmReRendered = (await build({ root: site.root, outDir: outOf('same') })).reRendered;
  warmFiles = filesOf(outOf('same'));
});
afterAll(() => {
  site.cleanup();
  rmSync(outs, { recursive: true, force: true });
});

describe('the persistent build cache', () => {
  test('a build with the cache off keeps nothing', () => {
    expect(compiledAfterUncached).toBe(false);
  });

  test('keeps one entry per compiled page, and the HTML of every page that runs no code of the writer', () => {
    expect(cacheEntries(site.root)).toHaveLength(2);
    // index.md and the theme's /404, /500 and /search; guide.mdx runs its code at every build.
    expect(cacheEntries(site.root, 'rendered')).toHaveLength(4);
  });

  test("a warm build's output is byte-identical to a cold build's and to one without the cache", () => {
    const cold = filesOf(outOf('cold'));
    expect(warmFiles).toEqual(cold);
    expect(filesOf(outOf('uncached'))).toEqual(cold);
  });

  test('a warm build renders no page again but the MDX one, which runs its code at every build', () => {
    expect(warmReRendered).toEqual(['/guide']);
  });

  describe('a warm build reads its entries: one build with entries of each kind changed behind its back', () => {
    /** The entries of each kind the warm build left (the tampered build may add some). */
    let entries: string[] = [];
    let rendered: string[] = [];
    let markdownEntries: string[] = [];
    beforeAll(async () => {
      entries = cacheEntries(site.root);
      const originals = entries.map(readEntry);
      rendered = cacheEntries(site.root, 'rendered');
      const renderedOriginals = rendered.map(readEntry);
      markdownEntries = cacheEntries(site.root, 'markdown');
      const markdownOriginals = markdownEntries.map(readEntry);
      try {
        // A valid entry with other HTML (its code, after the header): the build shows it, so the
        // entry was read, not recompiled. Its headings changed too: the rendered page's key holds
        // the compile's key for the HTML (compiled-keys.ts), so other HTML alone would still find
        // the page rendered.
        for (const [i, path] of entries.entries()) {
          let html = false;
          let textBytes = 0;
          // The payload is the code, then the sections' texts (their byte count in the header): the code alone is replaced.
          const changed = withPayload<{ bytes: number; value: { compiled: { kind: string }; headings: unknown[]; textBytes: number } }>(
            originals[i]!,
            (payload) => (html ? `<p>from the cache</p>${Buffer.from(payload).subarray(-textBytes).toString()}` : payload),
            ({ value }) => {
              html = value.compiled.kind === 'html';
              textBytes = value.textBytes;
              if (html) value.headings.push({ depth: 2, value: 'From the cache', id: 'from-the-cache' });
            },
          );
          writeEntry(path, changed);
        }
        for (const [i, path] of rendered.entries()) writeEntry(path, withPayload(renderedOriginals[i]!, (html) => html.replace('</body>', '<p>rendered by the cache</p></body>')));
        for (const path of markdownEntries) {
          const entry = JSON.parse(readFileSync(path, 'utf8')) as { value: string };
          writeFileSync(path, JSON.stringify({ ...entry, value: `${entry.value}\nfrom the Markdown cache\n` }));
        }
        await build({ root: site.root, outDir: outOf('tampered') });
      } finally {
        for (const [i, path] of entries.entries()) writeEntry(path, originals[i]!);
        for (const [i, path] of rendered.entries()) writeEntry(path, renderedOriginals[i]!);
        for (const [i, path] of markdownEntries.entries()) writeFileSync(path, markdownOriginals[i]!);
      }
    });

    test('a warm build takes an unchanged page from the cache, and a corrupt or torn entry is ignored', async () => {
      expect(page(outOf('tampered'), '')).toContain('<p>from the cache</p>');
      expect(page(outOf('tampered'), '404')).toContain('<p>rendered by the cache</p>');

      const originals = entries.map(readEntry);
      const renderedFiles = rendered.map(readEntry);
      try {
        // Half an entry (a build killed mid-write) or garbage.
        for (const [i, path] of [entries[0]!, ...rendered.slice(2)].entries()) writeEntry(path, i === 0 ? originals[i]!.slice(0, 40) : 'not json');
        // A compile entry cut short (in the texts after its code); a rendered page cut short in its HTML, and another page's entry under a page's name.
        writeEntry(entries[1]!, originals[1]!.slice(0, -5));
        writeEntry(rendered[0]!, renderedFiles[0]!.slice(0, -20));
        writeEntry(rendered[1]!, renderedFiles[0]!);
        await build({ root: site.root, outDir: outOf('corrupt') });
        expect(filesOf(outOf('corrupt'))).toEqual(filesOf(outOf('cold')));
      } finally {
        for (const [i, path] of entries.entries()) writeEntry(path, originals[i]!);
      }
    });

    test("a warm build takes each page's clean Markdown (for <route>.md and llms-full.txt) from the cache", () => {
      // index.md's; guide.mdx's comes from its compile.
      expect(markdownEntries).toHaveLength(1);
      expect(readFileSync(join(outOf('tampered'), 'index.md'), 'utf8')).toContain('from the Markdown cache');
      expect(readFileSync(join(outOf('tampered'), 'llms-full.txt'), 'utf8')).toContain('from the Markdown cache');
    });
  });

  describe('after each change to what pages depend on, a rebuild with the cache equals a build without it', () => {
    /** Each change in turn, on top of the ones before: the rebuild with the cache into a folder of its own (but after a change to the output alone), one without (but where the sources are those after an earlier change), and the routes the cached one rendered afresh. */
    const changes: Record<string, () => Promise<void>> = {
      config: async () => writeFileSync(join(site.root, 'docs-gen.config.ts'), "export default { title: 'Cached', basePath: '/docs' };\n"),
      meta: async () => writeFileSync(join(site.root, 'content', '_meta.json'), JSON.stringify({ index: 'Home', guide: 'The Renamed Guide' })),
      image: async () => writeFileSync(join(site.root, 'public', 'images', 'square.png'), await png(64, 32)),
      paragraph: async () => writeFileSync(join(site.root, 'content', 'index.md'), `${readFileSync(join(site.root, 'content', 'index.md'), 'utf8')}\nA new paragraph.\n`),
      // A page after the guide: the guide's next link and every page's sidebar change.
      'page added': async () => writeFileSync(join(site.root, 'content', 'later.md'), '# Later\n\nThe last page.\n'),
      // A page and a redirect from its path: the redirect page replaces the page, and must not be written into a linked file.
      'a redirect over a page': async () => writeFileSync(join(site.root, 'docs-gen.config.ts'), "export default { title: 'Cached', basePath: '/docs', redirects: [{ source: '/later', destination: '/guide' }] };\n"),
      'nothing changed with the redirect': async () => {},
      'the redirect removed': async () => writeFileSync(join(site.root, 'docs-gen.config.ts'), "export default { title: 'Cached', basePath: '/docs' };\n"),
      'page removed': async () => rmSync(join(site.root, 'content', 'later.md')),
      // A plugin of the site's own that rewrites pages' compiled HTML after the compile: the
      // rendered-page cache keys a page by its compile's key only while its HTML is the compile's.
      'a plugin rewriting compiled pages': async () => {
        writeFileSync(join(site.root, 'rewrite.mjs'), rewritingPlugin('A rewritten paragraph.'));
        writeFileSync(join(site.root, 'docs-gen.config.ts'), "import rewrite from './rewrite.mjs';\nexport default { title: 'Cached', basePath: '/docs', plugins: [rewrite] };\n");
      },
      'the plugin rewriting them otherwise': async () => writeFileSync(join(site.root, 'rewrite.mjs'), rewritingPlugin('A paragraph rewritten again.')),
      'the plugin removed': async () => writeFileSync(join(site.root, 'docs-gen.config.ts'), "export default { title: 'Cached', basePath: '/docs' };\n"),
      // A remark plugin of the site's own in plain JavaScript, and a file it imports: the compile
      // cache keyed the plugin by its own text alone, and a changed import went unseen.
      'a remark plugin of the site in JavaScript': async () => {
        mkdirSync(join(site.root, 'plugins'), { recursive: true });
        writeFileSync(join(site.root, 'plugins', 'word.mjs'), "export const word = 'Peruse';\n");
        writeFileSync(join(site.root, 'plugins', 'reword.mjs'), rewordingPlugin);
        writeFileSync(join(site.root, 'docs-gen.config.ts'), "export default { title: 'Cached', basePath: '/docs', plugins: [{ name: 'reword', remarkPlugins: [{ module: new URL('./plugins/reword.mjs', import.meta.url).href }] }] };\n");
      },
      'a file the remark plugin imports': async () => writeFileSync(join(site.root, 'plugins', 'word.mjs'), "export const word = 'Study';\n"),
      'the remark plugin removed': async () => writeFileSync(join(site.root, 'docs-gen.config.ts'), "export default { title: 'Cached', basePath: '/docs' };\n"),
      // A remark plugin from a package, then the package upgraded: the compile cache keyed it by
      // its entry file alone, which the upgrade left as it was, and served the old pages.
      'a remark plugin from a package': async () => {
        installRewordPackage(site.root, 'Peruse', '1.0.0');
        writeFileSync(join(site.root, 'docs-gen.config.ts'), "export default { title: 'Cached', basePath: '/docs', plugins: [{ name: 'reword', remarkPlugins: [{ module: new URL('./node_modules/remark-reword/index.js', import.meta.url).href }] }] };\n");
      },
      'the package upgraded': async () => installRewordPackage(site.root, 'Study', '1.1.0'),
      'the package removed from the config': async () => writeFileSync(join(site.root, 'docs-gen.config.ts'), "export default { title: 'Cached', basePath: '/docs' };\n"),
      'a public folder': async () => {
        mkdirSync(join(site.root, 'public', 'data'), { recursive: true });
        writeFileSync(join(site.root, 'public', 'data', 'a.txt'), 'a');
      },
      // A path that was a folder in an older output and is a file now.
      'the public folder became a file': async () => {
        rmSync(join(site.root, 'public', 'data'), { recursive: true });
        writeFileSync(join(site.root, 'public', 'data'), 'data');
      },
      // Two builds after a public folder became a file: an older output's folder there must not matter.
      'nothing changed': async () => {},
      // A file of the output edited in place after the build (a deploy step): the next build must not take it as its own.
      'output edited in place': async () => appendFileSync(join(outOf('same'), 'index.html'), '<!-- edited -->'),
      // Modes changed in the output after the build: a linked file or a kept folder would carry them into the next one.
      'output chmod': async () => {
        chmodSync(join(outOf('same'), '404', 'index.html'), 0o600);
        chmodSync(join(outOf('same'), '404'), 0o700);
      },
      // A snapshot of the output sharing its files (`cp -al`): the new output must share none with it.
      'output snapshotted with cp -al': async () => {
        for (const path of filesOf(outOf('same')).keys()) {
          mkdirSync(dirname(join(outOf('snapshot'), path)), { recursive: true });
          linkSync(join(outOf('same'), path), join(outOf('snapshot'), path));
        }
      },
      // A deploy set-up: the output moved into a folder with files of its own (CNAME, .git), and `out` a link to it.
      'output a link to a folder elsewhere': async () => {
        renameSync(outOf('same'), outOf('www'));
        writeFileSync(join(outOf('www'), 'CNAME'), 'docs.example.com\n');
        mkdirSync(join(outOf('www'), '.git'));
        writeFileSync(join(outOf('www'), '.git', 'HEAD'), 'ref: refs/heads/main\n');
        symlinkSync(outOf('www'), outOf('same'));
        wwwBefore = filesOf(outOf('www'));
      },
    };
    /**
     * Changes after which the site's sources are those after an earlier change (nothing changed, the
     * output folder alone changed, or a change undone): the build without the cache of those sources
     * is the reference, not built again (a build is deterministic: the same sources give the same bytes).
     */
    const sourcesAsAfter: Record<string, string> = {
      'nothing changed with the redirect': 'a redirect over a page',
      'the redirect removed': 'page added',
      'page removed': 'paragraph',
      'the remark plugin removed': 'the plugin removed',
      'the package removed from the config': 'the plugin removed',
      'nothing changed': 'the public folder became a file',
      'output edited in place': 'the public folder became a file',
      'output chmod': 'the public folder became a file',
      'output snapshotted with cp -al': 'the public folder became a file',
      'output a link to a folder elsewhere': 'the public folder became a file',
    };
    /** The build without the cache of the sources after the change `name`. */
    const uncachedOf = (name: string) => outOf(`${sourcesAsAfter[name] ?? name}-uncached`);
    /**
     * Changes to the output folder `same` alone: a build into a folder of its own after one is the
     * build `nothing changed` makes (same sources, same cache; no other output folder is read), so
     * only the rebuild into `same` is made.
     */
    const outputOnly = new Set(['output edited in place', 'output chmod', 'output snapshotted with cp -al', 'output a link to a folder elsewhere']);
    const reRendered: Record<string, string[]> = {};
    /** The same rebuilds, each into one output folder (`same`, copied after each build): what each linked from the output before it, and each file's inode before and after. */
    const reused: Record<string, string[]> = {};
    /** The folders each of those rebuilds kept from the output before it rather than made again. */
    const reusedFolders: Record<string, string[]> = {};
    const inodes: Record<string, { before: Map<string, number>; after: Map<string, number> }> = {};
    /** The files of `same` after each rebuild that have another name too (a linked file still shared with an old output or a snapshot). */
    const shared: Record<string, string[]> = {};
    let wwwBefore = new Map<string, string>();
    const inodesOf = (out: string) => new Map([...filesOf(out).keys()].map((path) => [path, inode(join(out, path))]));
    beforeAll(async () => {
      // `same` holds the warm build's output (the file's beforeAll).
      for (const [name, change] of Object.entries(changes)) {
        await change();
        if (!outputOnly.has(name)) reRendered[name] = (await build({ root: site.root, outDir: outOf(`${name}-cached`) })).reRendered;
        const before = inodesOf(outOf('same'));
        ({ reusedFiles: reused[name], reusedFolders: reusedFolders[name] } = await build({ root: site.root, outDir: outOf('same') }));
        inodes[name] = { before, after: inodesOf(outOf('same')) };
        shared[name] = [...filesOf(outOf('same')).keys()].filter((path) => statSync(join(outOf('same'), path)).nlink > 1);
        cpSync(outOf('same'), outOf(`${name}-same`), { recursive: true });
        if (!(name in sourcesAsAfter)) await build({ root: site.root, outDir: outOf(`${name}-uncached`), cache: false });
      }
    });

    test.each(Object.keys(changes).filter((name) => !outputOnly.has(name)))('%s', (name) => {
      expect(filesOf(outOf(`${name}-cached`))).toEqual(filesOf(uncachedOf(name)));
      expect(foldersOf(outOf(`${name}-cached`))).toEqual(foldersOf(uncachedOf(name)));
    });

    test.each(Object.keys(changes))('%s: a rebuild into the same output folder, which links the files that came out the same, equals a build without the cache, folders too', (name) => {
      expect(filesOf(outOf(`${name}-same`))).toEqual(filesOf(uncachedOf(name)));
      expect(foldersOf(outOf(`${name}-same`))).toEqual(foldersOf(uncachedOf(name)));
      expect(modesOf(outOf(`${name}-same`))).toEqual(modesOf(uncachedOf(name)));
      expect(foldersOf(outOf(`${name}-same`))).toContain(join('empty', 'inner'));
      expect(shared[name]).toEqual([]);
    });

    test("an output folder that is a link to a folder elsewhere: the link is replaced, and nothing in the folder it led to is removed, changed or shared", () => {
      expect(reused['output a link to a folder elsewhere']).toEqual([]);
      expect(lstatSync(outOf('same')).isDirectory()).toBe(true);
      expect(filesOf(outOf('www'))).toEqual(wwwBefore);
      for (const path of wwwBefore.keys()) expect(statSync(join(outOf('www'), path)).nlink, path).toBe(1);
    });

    test('the config: links the compiled pages hold follow a new base path', () => {
      expect(page(outOf('cold'), '')).toContain('href="/guide"');
      expect(page(outOf('config-cached'), '')).toContain('href="/docs/guide"');
      expect(page(outOf('config-cached'), 'guide')).toContain('<a href="/docs">home</a>');
    });

    test("a remark plugin of the site's own: a change in a file it imports is on the page", () => {
      expect(page(outOf('a remark plugin of the site in JavaScript-cached'), 'guide')).toContain('Peruse <a');
      expect(page(outOf('a file the remark plugin imports-cached'), 'guide')).toContain('Study <a');
      expect(page(outOf('the remark plugin removed-cached'), 'guide')).toContain('Read <a');
    });

    test('a remark plugin from a package: its upgrade (new code and lock file, the same entry file) is on the page', () => {
      expect(page(outOf('a remark plugin from a package-cached'), 'guide')).toContain('Peruse <a');
      expect(page(outOf('the package upgraded-cached'), 'guide')).toContain('Study <a');
      expect(page(outOf('the package removed from the config-cached'), 'guide')).toContain('Read <a');
    });

    test('a _meta file: the sidebar shows the new title', () => {
      expect(page(outOf('meta-cached'), 'guide')).toContain('The Renamed Guide');
    });

    test('an image: the size table gives the new size', () => {
      expect(page(outOf('cold'), '')).toMatch(/<img[^>]*width="40"[^>]*height="40"/);
      expect(page(outOf('image-cached'), '')).toMatch(/<img[^>]*width="64"[^>]*height="32"/);
    });

    test('a changed paragraph re-renders its page alone (and the MDX page, which renders at every build)', () => {
      expect(page(outOf('paragraph-cached'), '')).toContain('A new paragraph.');
      expect([...reRendered.paragraph!].sort()).toEqual(['/', '/guide']);
      // A title changed in _meta is in every page's sidebar: every page renders again.
      expect([...reRendered.meta!].sort()).toEqual(['/', '/404', '/500', '/guide', '/search']);
    });

    test('a rebuild into the same folder links each file that came out the same from the old output, and writes the rest', () => {
      // One paragraph of index.md: its page, its Markdown, llms-full.txt and the search data change; the MDX page renders at every build.
      // The assets and the copy of public/ are the same as well, and stay where they are.
      const copied = (path: string) => path.startsWith('_docs-gen/') || path === 'images/square.png';
      expect(reused.paragraph!.filter((path) => !copied(path))).toEqual(['404.html', '404/index.html', '500/index.html', 'guide.md', 'llms.txt', 'robots.txt', 'search/index.html', 'sitemap.xml']);
      expect(reused.paragraph).toContain('images/square.png');
      expect(reused.paragraph!.filter((path) => path.startsWith('_docs-gen/') && /\.(js|css)$/.test(path)).length).toBeGreaterThan(1);
      // A linked file is the old output's file (same inode); a written one is new.
      for (const path of reused.paragraph!) expect(inodes.paragraph!.after.get(path), path).toBe(inodes.paragraph!.before.get(path));
      expect(inodes.paragraph!.after.get('index.html')).not.toBe(inodes.paragraph!.before.get('index.html'));
    });

    test('a page added or removed changes the sidebar of every page: no page is linked, the Markdown of the others is', () => {
      for (const name of ['page added', 'page removed']) {
        // 404.html, the copy of the 404 page static hosts serve, is keyed by its bytes: that page shows no sidebar, and is the same.
        expect(reused[name]!.filter((path) => path.endsWith('.html') && path !== '404.html'), name).toEqual([]);
        expect(reused[name], name).toContain('index.md');
      }
      expect(existsSync(join(outOf('page added-same'), 'later', 'index.html'))).toBe(true);
      expect(existsSync(join(outOf('page removed-same'), 'later'))).toBe(false);
    });

    test('a rebuild with nothing changed links every page but the MDX one, and all the Markdown', () => {
      expect(reused['nothing changed']).toEqual(expect.arrayContaining(['index.html', '404/index.html', '500/index.html', 'search/index.html', 'index.md', 'guide.md', 'llms.txt', 'llms-full.txt', 'sitemap.xml']));
      expect(reused['nothing changed']).not.toContain('guide/index.html');
      expect(existsSync(join(outOf('nothing changed-same'), 'later'))).toBe(false);
    });

    test("a rebuild into the same folder makes no page folder: it keeps the last output's, and only those", () => {
      expect(reusedFolders['nothing changed']).toEqual(['404', '500', 'guide', 'search']);
      // A page added: its folder is new; removed: the folder of the last output goes.
      expect(reusedFolders['page added']).not.toContain('later');
      expect(reusedFolders['page removed']).not.toContain('later');
      // A folder whose mode someone changed in the output is made again by the build after the one that replaced that output, with a new folder's mode (the modes above compare them).
      expect(reusedFolders['output snapshotted with cp -al']).not.toContain('404');
      expect(reusedFolders['output snapshotted with cp -al']).toContain('guide');
    });

    test('a file of the output edited in place since the build is written again, not linked', () => {
      expect(reused['output edited in place']).not.toContain('index.html');
      expect(reused['output edited in place']).toContain('404/index.html');
      expect(page(outOf('output edited in place-same'), '')).not.toContain('<!-- edited -->');
    });

    test('a build that fails after linking files leaves the old output as it was', async () => {
      const before = filesOf(outOf('same'));
      const guide = join(site.root, 'content', 'guide.mdx');
      const source = readFileSync(guide, 'utf8');
      // Renders after the unchanged pages were linked into the staging folder, and throws.
      writeFileSync(guide, `${source}\n{(() => { throw new Error('the guide fails to render') })()}\n`);
      try {
        await expect(build({ root: site.root, outDir: outOf('same') })).rejects.toThrow();
      } finally {
        writeFileSync(guide, source);
      }
      expect(filesOf(outOf('same'))).toEqual(before);
      expect((await build({ root: site.root, outDir: outOf('same') })).reusedFiles).toContain('index.html');
    });

    test('a config change (a new base path) links nothing the base path is in', () => {
      expect(reused.config!.filter((path) => path.endsWith('.html') || path === 'sitemap.xml')).toEqual([]);
    });
  });
});

describe('a rebuild into the same folder with the rendered-page cache cleared', () => {
  const cleared = tempSite({
    'docs-gen.config.ts': "export default { title: 'Cleared' };\n",
    'content/index.md': '# Home\n\nSee [the guide](./guide).\n',
    'content/guide.md': '# Guide\n\nA guide.\n',
  });
  afterAll(() => cleared.cleanup());

  test("links each unchanged page from the old output without reading the cache's entry, and renders none again", async () => {
    const out = join(cleared.root, 'out');
    await build({ root: cleared.root, outDir: out });
    const before = filesOf(out);
    // The last output's page files are the pages' bytes under their keys (output-reuse.ts): no entry needs reading to link them.
    rmSync(join(cleared.root, '.docs-gen-cache', 'rendered'), { recursive: true });
    const rebuilt = await build({ root: cleared.root, outDir: out });
    expect(rebuilt.reRendered).toEqual([]);
    expect(rebuilt.reusedFiles).toEqual(expect.arrayContaining(['index.html', 'guide/index.html', '404/index.html']));
    expect(filesOf(out)).toEqual(before);
    // With the output gone too, the pages are rendered again, and come out the same.
    rmSync(out, { recursive: true });
    expect((await build({ root: cleared.root, outDir: out })).reRendered.sort()).toEqual(['/', '/404', '/500', '/guide', '/search']);
    expect(filesOf(out)).toEqual(before);
  });
});

// Two builds of one site at once share its .docs-gen-cache (a writer running `check` beside
// `build`; the test suite building one fixture from two files). Entries are written atomically
// and come out the same from the same input; what each build writes must not depend on the other.
describe('two builds of one site at once, into output folders of their own', () => {
  const together = tempSite({
    'docs-gen.config.ts': "export default { title: 'Together' };\n",
    'content/index.md': '# Home\n\n```rel\ndef output = 1 + 2\n```\n\n![A square](/images/square.png)\n',
    'content/guide.mdx': "import { answer } from '../lib/answer.js';\n\n# Guide\n\nThe answer is {answer}.\n\n```python\nimport os\n```\n",
    'lib/answer.js': 'export const answer = 42;\n',
  });
  const dirs = tmp();
  afterAll(() => {
    together.cleanup();
    rmSync(dirs, { recursive: true, force: true });
  });

  test('each equals a build without the cache, also when both first empty a cache an older docs-gen left', async () => {
    mkdirSync(join(together.root, 'public', 'images'), { recursive: true });
    writeFileSync(join(together.root, 'public', 'images', 'square.png'), await png(40, 40));
    await build({ root: together.root, outDir: join(dirs, 'uncached'), cache: false });
    const expected = filesOf(join(dirs, 'uncached'));
    // The first builds of a site (no cache yet), then builds finding a cache of another docs-gen build, which both empty.
    for (const round of ['fresh', 'older-tool']) {
      if (round === 'older-tool') {
        writeFileSync(join(together.root, '.docs-gen-cache', 'tool-build-id'), 'an-older-build\n');
        mkdirSync(join(together.root, '.docs-gen-cache', 'compiled', 'zz'), { recursive: true });
        writeFileSync(join(together.root, '.docs-gen-cache', 'compiled', 'zz', 'stale.json'), '{}');
      }
      await Promise.all(['a', 'b'].map((name) => build({ root: together.root, outDir: join(dirs, `${round}-${name}`) })));
      expect(filesOf(join(dirs, `${round}-a`))).toEqual(expected);
      expect(filesOf(join(dirs, `${round}-b`))).toEqual(expected);
    }
  });
});

describe('an install in the site (its lock file changed)', () => {
  const installed = tempSite({
    'docs-gen.config.ts': "export default { title: 'Installed' };\n",
    'content/index.md': '# Home\n\nWelcome.\n',
    'content/guide.md': '# Guide\n\nRead on.\n',
    'package-lock.json': JSON.stringify({ name: 'site', lockfileVersion: 3, packages: {} }),
  });
  const out = tmp();
  afterAll(() => {
    installed.cleanup();
    rmSync(out, { recursive: true, force: true });
  });
  /** The entries in one of the cache's folders. */
  const entries = (folder: string) => cacheFileNames(join(installed.root, '.docs-gen-cache', folder)).length;

  test('compiles and renders its pages again, and empties the entries it left unreachable: they do not pile up with each install', async () => {
    await build({ root: installed.root, outDir: out });
    const compiled = entries('compiled');
    expect(compiled).toBeGreaterThan(0);
    const renderedAfter: number[] = [];
    for (const version of ['1.0.0', '1.1.0', '1.2.0']) {
      writeFileSync(join(installed.root, 'package-lock.json'), JSON.stringify({ name: 'site', lockfileVersion: 3, packages: { 'node_modules/left-pad': { version } } }));
      const rebuilt = await build({ root: installed.root, outDir: out });
      // The theme's own pages (404, search) are compiled from nothing of the site's: linked from the last output.
      expect(rebuilt.reRendered.sort()).toEqual(['/', '/guide']);
      expect(entries('compiled')).toBe(compiled);
      renderedAfter.push(entries('rendered'));
    }
    expect(new Set(renderedAfter).size).toBe(1);
  });
});

// An MDX page whose code only builds elements (literal JSX, a comment; plugins/content-loader/static-html.ts)
// renders the same from the same key, as a Markdown page does: it joins the rendered-page cache while
// every component it can name is docs-gen's own.
describe('MDX pages of literal JSX and the theme components', () => {
  const pages = {
    'docs-gen.config.ts': "export default { title: 'Components' };\n",
    'content/index.md': '# Home\n\nWelcome.\n',
    'content/alert.mdx': '# Alert\n\n{/* a note to the writers */}\n\n<Alert type="warning">Mind the **gap**.</Alert>\n\nPress <kbd>K</kbd>{\' \'}and <br /> go on, <DocImage src="https://example.com/a.png" alt="A" width={90} />.\n\n```python title="os.py" {2}\nimport os\nprint(os.name)\n```\n',
    'content/sum.mdx': '# Sum\n\nOne and two make {1 + 2}.\n',
    'content/computed.mdx': "# Computed\n\n<Alert type={['in', 'fo'].join('')}>A computed attribute.</Alert>\n",
    'content/spread.mdx': "# Spread\n\n<Alert {...{ type: 'info' }}>A spread.</Alert>\n",
    'content/exported.mdx': "export const level = 'info';\n\n# Exported\n\n<Alert type=\"info\">An export.</Alert>\n",
  };
  const components = tempSite(pages);
  const own = tempSite({ ...pages, 'docs-gen.config.ts': "export default { title: 'Components', components: { Badge: './components/Badge.tsx' } };\n", 'components/Badge.tsx': 'export default function Badge() {\n  return <span className="badge">new</span>;\n}\n' });
  const dirs = tmp();
  afterAll(() => {
    components.cleanup();
    own.cleanup();
    rmSync(dirs, { recursive: true, force: true });
  });

  test('a warm build renders again only the pages that run code of the writer; an edit re-renders its page; every output equals a build without the cache', async () => {
    const out = join(dirs, 'theme');
    const cold = await build({ root: components.root, outDir: out });
    expect(cold.reRendered).toContain('/alert');
    const warm = await build({ root: components.root, outDir: out });
    expect(warm.reRendered.sort()).toEqual(['/computed', '/exported', '/spread', '/sum']);
    await build({ root: components.root, outDir: join(dirs, 'theme-uncached'), cache: false });
    expect(filesOf(out)).toEqual(filesOf(join(dirs, 'theme-uncached')));
    expect(page(out, 'alert')).toContain('<kbd>K</kbd>');

    // Two edits: the second compile takes its code block from the first's (highlight-reuse.ts), as one string of HTML.
    for (const [n, added] of ['<Alert type="info">Added.</Alert>', '```python\nprint(1)\n```'].entries()) {
      appendFileSync(join(components.root, 'content', 'alert.mdx'), `\n${added}\n`);
      const edited = await build({ root: components.root, outDir: out });
      expect(edited.reRendered.sort()).toEqual(['/alert', '/computed', '/exported', '/spread', '/sum']);
      await build({ root: components.root, outDir: join(dirs, `edited-${n}-uncached`), cache: false });
      expect(filesOf(out)).toEqual(filesOf(join(dirs, `edited-${n}-uncached`)));
    }
    expect(page(out, 'alert')).toContain('Added.');
    expect(page(out, 'alert')).toContain('os.py');
  });

  test('a plugin that marks a page itself is not trusted: the page renders at every build', async () => {
    const marking = tempSite({
      ...pages,
      'docs-gen.config.ts': "export default { title: 'Components', plugins: [{ name: 'marks-every-page', contentLoaded({ pages }) { for (const page of pages) if (page.compiled.kind === 'function-body') page.compiled.componentsOnly = true; } }] };\n",
    });
    try {
      const out = join(dirs, 'marking');
      await build({ root: marking.root, outDir: out });
      expect((await build({ root: marking.root, outDir: out })).reRendered.sort()).toEqual(['/computed', '/exported', '/spread', '/sum']);
    } finally {
      marking.cleanup();
    }
  });

  test("with a component of the site's own, every MDX page with code renders at every build", async () => {
    const out = join(dirs, 'own');
    await build({ root: own.root, outDir: out });
    const warm = await build({ root: own.root, outDir: out });
    expect(warm.reRendered.sort()).toEqual(['/alert', '/computed', '/exported', '/spread', '/sum']);
  });
});
