import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { tempSite, tmp } from '../helpers.ts';

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } }).png().toBuffer();

/** Every file of a built site, path → bytes. */
function filesOf(out: string): Map<string, Buffer> {
  const paths = readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return new Map(paths.sort().map((path) => [path.slice(out.length + 1), readFileSync(path)]));
}

/** The persistent cache's entries: compiled pages, rendered ones, or pages' clean Markdown. */
function cacheEntries(root: string, kind: 'compiled' | 'rendered' | 'markdown' = 'compiled'): string[] {
  const dir = join(root, '.docs-gen-cache', kind);
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.json')).map((e) => join(e.parentPath, e.name));
}

const page = (out: string, route: string) => readFileSync(join(out, route, 'index.html'), 'utf8');

const site = tempSite({
  'docs-gen.config.ts': "export default { title: 'Cached' };\n",
  'content/_meta.json': JSON.stringify({ index: 'Home', guide: 'The Guide' }),
  'content/index.md': '# Home\n\nSee [the guide](/guide).\n\n```rel\ndef output = 1 + 2\n```\n\n![A square](/images/square.png)\n',
  'content/guide.mdx': '# Guide\n\n<Alert type="info">Read [home](/).</Alert>\n\n```python\nimport os\n```\n',
});
const outs = tmp();
const outOf = (name: string) => join(outs, name);
let compiledAfterUncached: boolean | undefined;
let warmReRendered: string[] = [];

beforeAll(async () => {
  mkdirSync(join(site.root, 'public', 'images'), { recursive: true });
  writeFileSync(join(site.root, 'public', 'images', 'square.png'), await png(40, 40));
  // One that neither reads nor writes the cache (`--no-cache`), cold (fills it), warm (reads it).
  await build({ root: site.root, outDir: outOf('uncached'), cache: false });
  compiledAfterUncached = existsSync(join(site.root, '.docs-gen-cache', 'compiled'));
  await build({ root: site.root, outDir: outOf('cold') });
  warmReRendered = (await build({ root: site.root, outDir: outOf('warm') })).reRendered;
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
    expect(filesOf(outOf('warm'))).toEqual(cold);
    expect(filesOf(outOf('uncached'))).toEqual(cold);
  });

  test('a warm build renders no page again but the MDX one, which runs its code at every build', () => {
    expect(warmReRendered).toEqual(['/guide']);
  });

  test('a warm build takes an unchanged page from the cache, and a corrupt or torn entry is ignored', async () => {
    const entries = cacheEntries(site.root);
    const originals = entries.map((path) => readFileSync(path, 'utf8'));
    try {
      // A valid entry with other HTML: the build shows it, so the entry was read, not recompiled.
      for (const path of entries) {
        const entry = JSON.parse(readFileSync(path, 'utf8')) as { value: { compiled: { kind: string; code: string } } };
        if (entry.value.compiled.kind === 'html') entry.value.compiled.code = '<p>from the cache</p>';
        writeFileSync(path, JSON.stringify(entry));
      }
      const rendered = cacheEntries(site.root, 'rendered');
      const renderedHtml = rendered.map((path) => path.replace(/\.json$/, '.html'));
      const renderedHtmlOriginals = renderedHtml.map((path) => readFileSync(path, 'utf8'));
      for (const [i, path] of renderedHtml.entries()) writeFileSync(path, renderedHtmlOriginals[i]!.replace('</body>', '<p>rendered by the cache</p></body>'));
      await build({ root: site.root, outDir: outOf('tampered') });
      for (const [i, path] of renderedHtml.entries()) writeFileSync(path, renderedHtmlOriginals[i]!);
      expect(page(outOf('tampered'), '')).toContain('<p>from the cache</p>');
      expect(page(outOf('tampered'), '404')).toContain('<p>rendered by the cache</p>');

      // Half a file (a build killed mid-write on a file system without atomic rename) or garbage.
      for (const [i, path] of [...entries, ...rendered.slice(1)].entries()) writeFileSync(path, i === 0 ? originals[i]!.slice(0, 40) : 'not json');
      // An entry whose HTML file is gone.
      rmSync(rendered[0]!.replace(/\.json$/, '.html'));
      await build({ root: site.root, outDir: outOf('corrupt') });
      expect(filesOf(outOf('corrupt'))).toEqual(filesOf(outOf('cold')));
    } finally {
      for (const [i, path] of entries.entries()) writeFileSync(path, originals[i]!);
    }
  });

  test("a warm build takes each page's clean Markdown (for <route>.md and llms-full.txt) from the cache", async () => {
    const entries = cacheEntries(site.root, 'markdown');
    // index.md and guide.mdx.
    expect(entries).toHaveLength(2);
    const originals = entries.map((path) => readFileSync(path, 'utf8'));
    try {
      for (const path of entries) {
        const entry = JSON.parse(readFileSync(path, 'utf8')) as { value: string };
        writeFileSync(path, JSON.stringify({ ...entry, value: `${entry.value}\nfrom the Markdown cache\n` }));
      }
      await build({ root: site.root, outDir: outOf('markdown-tampered') });
      expect(readFileSync(join(outOf('markdown-tampered'), 'index.md'), 'utf8')).toContain('from the Markdown cache');
      expect(readFileSync(join(outOf('markdown-tampered'), 'llms-full.txt'), 'utf8')).toContain('from the Markdown cache');
    } finally {
      for (const [i, path] of entries.entries()) writeFileSync(path, originals[i]!);
    }
  });

  describe('after each change to what pages depend on, a rebuild with the cache equals a build without it', () => {
    /** Each change in turn, on top of the ones before: the rebuild with the cache, one without, and the routes the cached one rendered afresh. */
    const changes: Record<string, () => Promise<void>> = {
      config: async () => writeFileSync(join(site.root, 'docs-gen.config.ts'), "export default { title: 'Cached', basePath: '/docs' };\n"),
      meta: async () => writeFileSync(join(site.root, 'content', '_meta.json'), JSON.stringify({ index: 'Home', guide: 'The Renamed Guide' })),
      image: async () => writeFileSync(join(site.root, 'public', 'images', 'square.png'), await png(64, 32)),
      paragraph: async () => writeFileSync(join(site.root, 'content', 'index.md'), `${readFileSync(join(site.root, 'content', 'index.md'), 'utf8')}\nA new paragraph.\n`),
    };
    const reRendered: Record<string, string[]> = {};
    beforeAll(async () => {
      for (const [name, change] of Object.entries(changes)) {
        await change();
        reRendered[name] = (await build({ root: site.root, outDir: outOf(`${name}-cached`) })).reRendered;
        await build({ root: site.root, outDir: outOf(`${name}-uncached`), cache: false });
      }
    });

    test.each(Object.keys(changes))('%s', (name) => {
      expect(filesOf(outOf(`${name}-cached`))).toEqual(filesOf(outOf(`${name}-uncached`)));
    });

    test('the config: links the compiled pages hold follow a new base path', () => {
      expect(page(outOf('cold'), '')).toContain('href="/guide"');
      expect(page(outOf('config-cached'), '')).toContain('href="/docs/guide"');
      expect(page(outOf('config-cached'), 'guide')).toContain('<a href="/docs">home</a>');
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
  });
});
