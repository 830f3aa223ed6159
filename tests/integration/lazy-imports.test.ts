import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { repoRoot, tempSite, tmp } from '../helpers.ts';
import { isOfPackage } from '../vendored-packages.ts';

// Start-up cost (issue 13): heavy packages load only when the site needs them. The CLI runs in a
// child process with a module hook that logs every module any of its threads loads.
const site = tempSite({
  'docs-gen.config.ts': "export default { title: 'Plain' };\n",
  'content/index.md': '# Plain\n\nText with a [link](/other) and *emphasis*, no code and no images.\n',
  // Front matter as writers and generators write it, one-line strings only: read without yaml.
  'content/other.md': '---\ntitle: "Other"\ndescription: The other page.\ndate: 2025-03-10\n---\n\n# Other\n\nBack [home](/).\n',
});
/** Every module any thread loaded: the thread's id (the main thread is 0) and the URL. */
let loaded: { thread: number; url: string }[] = [];

/** Every module a build of the site at `root` loaded, in any of its threads. */
function modulesLoadedBuilding(root: string): { thread: number; url: string }[] {
  const log = join(tmp(), 'modules.log');
  const run = spawnSync(process.execPath, ['--import', join(repoRoot, 'tests', 'record-module-loads.mjs'), join(repoRoot, 'bin', 'docs-gen.js'), 'build', '--root', root, '--out', tmp()], {
    env: { ...process.env, DOCS_GEN_MODULE_LOG: log },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const space = line.indexOf(' ');
      return { thread: Number(line.slice(0, space)), url: line.slice(space + 1) };
    });
}

beforeAll(() => {
  loaded = modulesLoadedBuilding(site.root);
});
afterAll(() => site.cleanup());

const loadedPackage = (name: string, where: 'any thread' | 'a worker' | 'the main thread' = 'any thread', modules = loaded) =>
  modules.some(({ thread, url }) => (where === 'any thread' || (where === 'a worker' ? thread !== 0 : thread === 0)) && isOfPackage(url, name));

describe('a site of Markdown pages without code or images', () => {
  test('loads what it uses (the log sees packages)', () => {
    expect(loadedPackage('markdown-it')).toBe(true);
  });

  test('never loads sharp', () => {
    expect(loadedPackage('sharp')).toBe(false);
  });

  test('never loads shiki', () => {
    expect(loadedPackage('shiki')).toBe(false);
  });

  test('never loads the MDX compiler', () => {
    expect(loadedPackage('@mdx-js/mdx')).toBe(false);
  });

  test('never loads yaml (front matter of one-line strings only, no _meta)', () => {
    expect(loadedPackage('yaml')).toBe(false);
  });

  test('the log sees CommonJS too (React in the worker)', () => {
    expect(loadedPackage('react', 'a worker')).toBe(true);
  });

  test("never loads React's server renderer: every page's frame is written without it (static-markup.ts)", () => {
    expect(loadedPackage('react-dom')).toBe(false);
  });

  test('a config of literals alone is imported as written: esbuild\'s code never loads', () => {
    expect(loaded.some(({ url }) => /\/node_modules\/esbuild\/lib\//.test(url))).toBe(false);
  });

  test('the log tells the threads apart (the worker loads markdown-it)', () => {
    expect(loadedPackage('markdown-it', 'a worker')).toBe(true);
  });

  test('never parses the pages again for their clean Markdown: their links are written as the site has them', () => {
    expect(loadedPackage('remark-parse')).toBe(false);
    expect(loadedPackage('micromark')).toBe(false);
  });

  test('a config of literals alone loads without a probe process: it cannot loop', () => {
    expect(loaded.some(({ url }) => url.endsWith('/probe-module-process.js'))).toBe(false);
  });

  test('a worker never loads esbuild: nothing there bundles (60 CPU ms per worker)', () => {
    expect(loadedPackage('esbuild', 'a worker')).toBe(false);
  });
});

describe('a rebuild of a site whose config and _meta files were read before', () => {
  const rebuiltSite = tempSite({
    'docs-gen.config.ts': "export default { title: 'Again', footer: { copyright: 'Us' } };\n",
    // More than titles: the schema validates it on the first build, and its verdict is kept.
    'content/_meta.json': '{ "index": "Home", "guide": { "title": "The guide", "theme": { "toc": false } } }\n',
    'content/index.md': '# Home\n\nSee [the guide](/guide).\n',
    'content/guide.md': '# Guide\n\nBack [home](/).\n',
  });
  afterAll(() => rebuiltSite.cleanup());
  const isSchema = (url: string) => /\/dist\/(?:src\/config\/schema|plugins\/page-map\/meta-schema)\.js$/.test(url);

  test("loads neither zod nor a schema: the verdicts on the config and on the `_meta` file are kept (load-config.ts, meta-verdicts.ts); the first build loads them", () => {
    const first = modulesLoadedBuilding(rebuiltSite.root);
    expect(loadedPackage('zod', 'the main thread', first)).toBe(true);
    expect(first.some(({ url }) => isSchema(url))).toBe(true);
    const again = modulesLoadedBuilding(rebuiltSite.root);
    expect(loadedPackage('zod', 'any thread', again)).toBe(false);
    expect(again.some(({ url }) => isSchema(url))).toBe(false);
  });
});

describe('a site with a raster image in public/ that no page shows', () => {
  const imageSite = tempSite({
    'docs-gen.config.ts': "export default { title: 'Images' };\n",
    'content/index.md': '# Images\n\nNo image on this page.\n',
    'public/images/unused.png': 'not shown, not read',
  });
  afterAll(() => imageSite.cleanup());

  test('loads sharp on the main thread on its first build, ahead of the encodes such an image would need, and not on the next', () => {
    expect(loadedPackage('sharp', 'the main thread', modulesLoadedBuilding(imageSite.root))).toBe(true);
    expect(loadedPackage('sharp', 'any thread', modulesLoadedBuilding(imageSite.root))).toBe(false);
  });
});

describe('a site whose page shows a raster image', () => {
  const shownSite = tempSite({
    'docs-gen.config.ts': "export default { title: 'Shown' };\n",
    'content/index.md': '# Shown\n\n![A square](/images/square.png)\n',
    'public/images/square.png': '',
  });
  afterAll(() => shownSite.cleanup());

  test("encodes its variants on the main thread: sharp's work runs on libuv's pool whichever thread asks, and no worker loads sharp for it", async () => {
    writeFileSync(join(shownSite.root, 'public', 'images', 'square.png'), await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 90, b: 200 } } }).png().toBuffer());
    const modules = modulesLoadedBuilding(shownSite.root);
    expect(loadedPackage('sharp', 'the main thread', modules)).toBe(true);
    expect(loadedPackage('sharp', 'a worker', modules)).toBe(false);
    // Its CommonJS build (encode-task.ts): its ES modules took twice the CPU to load.
    const sharpFiles = modules.filter(({ url }) => isOfPackage(url, 'sharp')).map(({ url }) => url.slice(url.lastIndexOf('/sharp/') + '/sharp/'.length));
    expect(sharpFiles).toContain('dist/index.cjs');
    expect(sharpFiles.filter((file) => file.endsWith('.mjs'))).toEqual([]);
    // The variants were made all the same: one WebP per width in the cache.
    expect(readdirSync(join(shownSite.root, '.docs-gen-cache', 'image-size', 'variants')).filter((name) => name.endsWith('.webp')).length).toBeGreaterThan(1);
  });
});

describe('dev, before any page is asked for', () => {
  const markdownSite = tempSite({
    'docs-gen.config.ts': "export default { title: 'Plain' };\n",
    'content/index.md': '# Plain\n\nNo code on this page, and no MDX page in the site.\n',
  });
  afterAll(() => markdownSite.cleanup());

  /** Whether a worker thread of the process that writes `log` has loaded the package. */
  const inAWorker = (log: string, name: string) =>
    existsSync(log) &&
    readFileSync(log, 'utf8')
      .split('\n')
      .some((line) => !line.startsWith('0 ') && isOfPackage(line.slice(line.indexOf(' ') + 1), name));

  test("its workers load the compilers the site's pages need (markdown-it, shiki), and not the MDX compiler for a site without .mdx pages", async () => {
    const log = join(tmp(), 'dev-modules.log');
    const dev = spawn(process.execPath, ['--import', join(repoRoot, 'tests', 'record-module-loads.mjs'), join(repoRoot, 'bin', 'docs-gen.js'), 'dev', '--root', markdownSite.root, '--port', '0'], {
      env: { ...process.env, DOCS_GEN_MODULE_LOG: log },
      stdio: 'ignore',
    });
    const exited = new Promise((done) => dev.once('exit', done));
    try {
      // No page was asked for and the site has no code block: only the warm-up loads shiki.
      await expect.poll(() => inAWorker(log, 'markdown-it') && inAWorker(log, 'shiki')).toBe(true);
      expect(inAWorker(log, '@mdx-js/mdx')).toBe(false);
    } finally {
      dev.kill();
      await exited;
    }
  });
});
