import { lstatSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type BuildResult } from '../../src/build/build.ts';
import { watchSite } from '../../src/dev/watch-site.ts';
import { startPreviewServer, type PreviewServer } from '../../src/preview/preview-server.ts';
import { tempSite, tempSitesEachTest, tmp } from '../helpers.ts';
import { useDevServer } from '../use-dev-server.ts';

const SECRET = 'TOP-SECRET-BESIDE-THE-SITE';

/**
 * A site whose public/ holds every kind of link: to a file and a folder inside public/ (fine),
 * to a file and a folder outside it, one that leads nowhere, and two cycles.
 */
let site: ReturnType<typeof tempSite>;
let outside: string;
beforeAll(() => {
  outside = tmp();
  writeFileSync(join(outside, 'secret.txt'), SECRET);
  site = tempSite({
    'content/index.md': '# Home\n\nHello.\n',
    'public/nested/ok.txt': 'fine',
    'public/nested/deeper/deep.txt': 'deep',
  });
  const pub = join(site.root, 'public');
  symlinkSync('nested/ok.txt', join(pub, 'inside-link.txt'));
  symlinkSync('nested', join(pub, 'inside-folder'));
  symlinkSync(join(outside, 'secret.txt'), join(pub, 'escape.txt'));
  symlinkSync(outside, join(pub, 'escape-folder'));
  symlinkSync('no-such-file.txt', join(pub, 'broken.txt'));
  symlinkSync('.', join(pub, 'loop'));
  symlinkSync('..', join(pub, 'nested', 'deeper', 'up'));
});
afterAll(() => {
  site?.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

function walk(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => join(dir, name));
}

describe('build: links in public/ that leave it are refused, the rest become regular files', () => {
  let out: string;
  let result: BuildResult;
  beforeAll(async () => {
    out = join(tmp(), 'out');
    result = await build({ root: site.root, outDir: out });
  });
  afterAll(() => rmSync(join(out, '..'), { recursive: true, force: true }));

  test('out/ holds no symbolic link at all', () => {
    expect(walk(out).filter((path) => lstatSync(path).isSymbolicLink())).toEqual([]);
  });

  test('a link to a file or folder inside public/ is copied as regular files', () => {
    expect(lstatSync(join(out, 'inside-link.txt')).isFile()).toBe(true);
    expect(readFileSync(join(out, 'inside-link.txt'), 'utf8')).toBe('fine');
    expect(readFileSync(join(out, 'inside-folder', 'deeper', 'deep.txt'), 'utf8')).toBe('deep');
  });

  test('nothing outside public/ reaches out/', () => {
    expect(existsSync(join(out, 'escape.txt'))).toBe(false);
    expect(existsSync(join(out, 'escape-folder'))).toBe(false);
    for (const file of walk(out).filter((path) => lstatSync(path).isFile())) expect(readFileSync(file, 'utf8'), relative(out, file)).not.toContain(SECRET);
  });

  test('a cycle is not followed (the build ends) and is not copied', () => {
    expect(existsSync(join(out, 'loop'))).toBe(false);
    expect(existsSync(join(out, 'nested', 'deeper', 'up'))).toBe(false);
  });

  test('each refused link is one warning naming the link and its target', () => {
    const refused = result.warnings.filter((w) => w.code.startsWith('symlink-')).map((w) => [w.code, w.file, w.target]);
    expect(refused.sort()).toEqual(
      [
        ['symlink-broken', 'public/broken.txt', 'public/no-such-file.txt'],
        ['symlink-cycle', 'public/loop', 'public'],
        ['symlink-cycle', 'public/nested/deeper/up', 'public/nested'],
        ['symlink-outside', 'public/escape-folder', outside],
        ['symlink-outside', 'public/escape.txt', join(outside, 'secret.txt')],
      ].sort(),
    );
    const escape = result.warnings.find((w) => w.file === 'public/escape.txt')!;
    expect(escape).toMatchObject({ severity: 'warning', message: `public/escape.txt is a symbolic link to ${join(outside, 'secret.txt')}, outside public/: not copied` });
  });
});

describe('build: a symbolic link in content/ is no page, and is named in a warning rather than left out unseen', () => {
  const siteOf = tempSitesEachTest();
  test('links to a page file, inside or outside content/, and to a folder of pages: each one warning, no page; an .mdx page importing the file shows it', async () => {
    const linked = siteOf({
      'README.md': '# Readme\n\nShared **text** here.\n',
      'elsewhere/a.md': '# Elsewhere\n',
      'content/index.mdx': "import Readme from '../README.md'\n\n# Home\n\n<Readme />\n",
      'content/real.md': '# Real\n',
    });
    symlinkSync('../README.md', join(linked, 'content', 'readme.md'));
    symlinkSync('real.md', join(linked, 'content', 'again.md'));
    symlinkSync('../elsewhere', join(linked, 'content', 'folder'));
    // Not a page's name: an image beside a page may be a link (read through it when copied).
    symlinkSync('real.md', join(linked, 'content', 'notes.txt'));
    // Nor a folder of no pages (images a page shows through the link).
    mkdirSync(join(linked, 'shared', 'img'), { recursive: true });
    writeFileSync(join(linked, 'shared', 'img', 'caption.txt'), 'not a page');
    symlinkSync('../shared/img', join(linked, 'content', 'img'));
    const result = await build({ root: linked });
    const warnings = result.warnings.filter((w) => w.code === 'symlink-content');
    expect(warnings.map((w) => [w.file, w.message])).toEqual(
      ['content/again.md', 'content/folder', 'content/readme.md'].map((file) => [file, `${file} is a symbolic link: pages are read from regular files only, so it is not built`]),
    );
    for (const route of ['readme', 'again', 'folder/a']) expect(existsSync(join(linked, 'out', route, 'index.html')), route).toBe(false);
    expect(existsSync(join(linked, 'out', 'real', 'index.html'))).toBe(true);
    expect(readFileSync(join(linked, 'out', 'index.html'), 'utf8')).toContain('Shared <strong>text</strong> here.');
  });
});

describe('dev: serves links inside public/, refuses links out of it and names each once', () => {
  const dev = useDevServer(() => site.root);
  const get = (path: string) => fetch(dev.url(path));

  test('a link inside public/ is served', async () => {
    expect(await (await get('/inside-link.txt')).text()).toBe('fine');
    expect(await (await get('/inside-folder/deeper/deep.txt')).text()).toBe('deep');
  });

  test('a link out of public/ is a 404, and one warning names it however often it is asked for', async () => {
    for (const path of ['/escape.txt', '/escape.txt', '/escape-folder/secret.txt']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(SECRET);
    }
    const warnings = dev.printed.filter((line) => line.includes('symlink-outside'));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(`public/escape.txt is a symbolic link to ${join(outside, 'secret.txt')}, outside public/: not served`);
  });
});

describe('the dev watcher does not follow links', () => {
  test('its first scan reports no link as a change: the first batch is the first real change', async () => {
    const pub = join(site.root, 'public');
    const content = join(site.root, 'content');
    const batches: string[][] = [];
    const seen = new Map<string, () => void>();
    const sawChange = (name: string) => new Promise<void>((done) => seen.set(name, done));
    const watcher = watchSite(
      { contentDir: content, publicDir: pub, configFiles: [], themeDir: content, rendererDirs: [], islandFiles: [], sourcePaths: [], pluginPaths: new Map(), locales: ['en-US'], defaultLocale: 'en-US' },
      async (events) => {
        batches.push(events.map((event) => relative(site.root, event.path)));
        for (const event of events) for (const [name, done] of seen) if (event.path.endsWith(name)) done();
      },
    );
    await watcher.ready;
    // Changes after the scan: every batch before each (in order, one at a time) has been delivered by the time it is.
    for (const name of ['after-ready.txt', 'after-ready-2.txt']) {
      const delivered = sawChange(name);
      writeFileSync(join(pub, 'nested', name), 'new');
      await delivered;
    }
    await watcher.close();
    for (const name of ['after-ready.txt', 'after-ready-2.txt']) rmSync(join(pub, 'nested', name));
    expect(batches.flat().filter((path) => !/after-ready(?:-2)?\.txt$/.test(path))).toEqual([]);
  });

  test('it watches no path through a link: nothing outside the site, no path round a cycle', async () => {
    const pub = join(site.root, 'public');
    const content = join(site.root, 'content');
    const watcher = watchSite(
      { contentDir: content, publicDir: pub, configFiles: [], themeDir: content, rendererDirs: [], islandFiles: [], sourcePaths: [], pluginPaths: new Map(), locales: ['en-US'], defaultLocale: 'en-US' },
      async () => {},
    );
    await watcher.ready;
    const watched = watcher.watched();
    await watcher.close();
    expect(watched).toContain(join(pub, 'nested', 'ok.txt'));
    const throughLinks = watched.filter((path) => ['loop', 'escape-folder', 'inside-folder', join('nested', 'deeper', 'up')].some((link) => path.startsWith(`${join(pub, link)}/`)));
    expect(throughLinks).toEqual([]);
    expect(watched.filter((path) => path.startsWith(outside))).toEqual([]);
  });
});

describe('preview: the same policy over the output folder', () => {
  let preview: PreviewServer;
  let out: string;
  const lines: string[] = [];
  beforeAll(async () => {
    out = join(tmp(), 'out');
    await build({ root: site.root, outDir: out });
    // A folder built elsewhere, or edited by hand, may hold links.
    symlinkSync(join(outside, 'secret.txt'), join(out, 'escape.txt'));
    mkdirSync(join(out, 'alias'));
    symlinkSync('../robots.txt', join(out, 'alias', 'robots.txt'));
    preview = await startPreviewServer({ root: site.root, outDir: out, port: 0, host: '127.0.0.1', log: () => {}, warn: (text) => lines.push(text) });
  });
  afterAll(async () => {
    await preview?.close();
    rmSync(join(out, '..'), { recursive: true, force: true });
  });

  test('serves a link inside the folder and refuses one out of it with one warning', async () => {
    const base = `http://127.0.0.1:${preview.port}`;
    expect((await fetch(`${base}/alias/robots.txt`)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${base}/escape.txt`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(SECRET);
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`is a symbolic link to ${join(outside, 'secret.txt')}`);
  });
});
