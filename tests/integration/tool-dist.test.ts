import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { repoRoot, tmp } from '../helpers.ts';
import { vendoredPackagesIn, vendorUrl } from '../vendored-packages.ts';

/** The packages `npm run build:tool` bundles into dist/vendor/, and those the tool imports the default of. */
const VENDORED = JSON.parse(readFileSync(join(repoRoot, 'scripts', 'vendored-packages.json'), 'utf8')) as { packages: string[]; withDefault: string[] };
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** A bare import of a package dist/vendor/ holds. */
const VENDORED_IMPORT = new RegExp(`(?:from|import)\\s*\\(?\\s*["'](?:${VENDORED.packages.map(escapeRegExp).join('|')})["']`);

// What `npm run build:tool` leaves in dist/ is what every run of the CLI loads, in every thread.
describe('the modules of dist/', () => {
  const modules = ['src/cli.js', 'src/build/build.js', 'src/pipeline/worker-entry.js', 'plugins/content-loader/compile-page.js'].map((path) => join(repoRoot, 'dist', path));

  test('carry no inline source map (it made each three to four times its size, read and scanned at every start)', () => {
    for (const module of modules) expect(readFileSync(module, 'utf8')).not.toContain('sourceMappingURL=data:');
  });

  test('name their source map, beside them, for --enable-source-maps', () => {
    for (const module of modules) {
      expect(readFileSync(module, 'utf8').trimEnd().endsWith(`//# sourceMappingURL=${module.split('/').pop()}.map`)).toBe(true);
      expect(existsSync(`${module}.map`)).toBe(true);
    }
  });
});

describe("dist/'s vendored packages", () => {
  const distFiles = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
      .map((entry) => join(entry.parentPath, entry.name));

  test('are imported from dist/vendor/, never by name: zod, ws and commander on the main thread, the Markdown, MDX and highlighting packages in each worker', () => {
    const files = distFiles(join(repoRoot, 'dist')).filter((file) => !file.includes(`${join('dist', 'vendor')}`));
    const byName = files.filter((file) => VENDORED_IMPORT.test(readFileSync(file, 'utf8')));
    expect(byName).toEqual([]);
    expect(readFileSync(join(repoRoot, 'dist', 'src', 'config', 'schema.js'), 'utf8')).toContain('from "../../vendor/zod/mini.js"');
    expect(readFileSync(join(repoRoot, 'dist', 'src', 'dev', 'dev-server.js'), 'utf8')).toContain('from "../../vendor/ws.js"');
    expect(readFileSync(join(repoRoot, 'dist', 'plugins', 'content-loader', 'compile-mdx.js'), 'utf8')).toContain('from "../../vendor/@mdx-js/mdx.js"');
  });

  test("hold zod's English messages alone (its 63 other languages were 340 KB of the file every start loads), and English is what a config error says", async () => {
    const zod = (await import(vendorUrl('zod/mini.js'))) as typeof import('zod/mini');
    expect(Object.keys(zod.locales)).toEqual(['en']);
    const { configSchema } = (await import(pathToFileURL(join(repoRoot, 'dist', 'src', 'config', 'schema.js')).href)) as typeof import('../../src/config/schema.ts');
    const result = configSchema.safeParse({ title: 3 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid input: expected string, received number');
  });

  test('hold only the names the tool imports of a package bundled by name (zod/mini: 760 KB of zod loaded for the config, 63 KB now)', async () => {
    const zod = (await import(vendorUrl('zod/mini.js'))) as Record<string, unknown>;
    const schemaModules = [join('src', 'config', 'schema.js'), join('plugins', 'page-map', 'meta-schema.js')];
    // Every `z.name` the two schemas' modules in dist/ call is there.
    const used = new Set(schemaModules.flatMap((file) => [...readFileSync(join(repoRoot, 'dist', file), 'utf8').matchAll(/(?<![\w$])z\.([\w$]+)/g)].map((match) => match[1]!)));
    expect(used.size).toBeGreaterThan(15);
    for (const name of used) expect(typeof zod[name], name).not.toBe('undefined');
    for (const unused of ['email', 'uuid', 'toJSONSchema', 'object', 'date', 'parse']) expect(zod[unused], unused).toBeUndefined();
    expect(readFileSync(join(repoRoot, 'dist', 'vendor', 'zod', 'mini.js')).length).toBeLessThan(100_000);
    // And each schema, made and run from dist/, says what is wrong in English.
    const { metaSchema } = (await import(pathToFileURL(join(repoRoot, 'dist', schemaModules[1]!)).href)) as typeof import('../../plugins/page-map/meta-schema.ts');
    expect(metaSchema.safeParse({ guide: { title: 'Guide', type: 'page' } }).success).toBe(true);
    // An entry is a title or an object: the object's own issue is inside the union's.
    const [unionIssue] = metaSchema.safeParse({ guide: { type: 'folder', display: 'sideways' } }).error?.issues ?? [];
    const inner = unionIssue?.code === 'invalid_union' ? unionIssue.errors.flat().map((issue) => issue.message) : [];
    expect(inner).toContain('Invalid option: expected one of "normal"|"hidden"|"children"');
  });

  test('load as a few files in a worker that compiles and highlights an .mdx page (412 modules of node_modules when each package was its own files)', () => {
    const dir = tmp();
    const log = join(dir, 'modules.log');
    const page = join(dir, 'page.mdx');
    writeFileSync(page, '# Page\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n<Alert type="info">Note</Alert>\n\n```python\nimport os\n```\n');
    const compile = `const { compilePage } = await import(${JSON.stringify(pathToFileURL(join(repoRoot, 'dist', 'plugins', 'content-loader', 'compile-page.js')).href)});
      await compilePage({ file: ${JSON.stringify(page)}, relativePath: 'page.mdx', format: 'mdx', grammarPath: ${JSON.stringify(join(repoRoot, 'theme', 'highlight', 'rel.tmLanguage.json'))}, moduleDir: ${JSON.stringify(dir)}, links: { pageRoute: '/page', folderRoute: '', hrefPrefix: '', basePath: '' }, highlight: true });`;
    const run = spawnSync(process.execPath, ['--import', join(repoRoot, 'tests', 'record-module-loads.mjs'), '--input-type=module', '-e', compile], { env: { ...process.env, DOCS_GEN_MODULE_LOG: log }, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const loaded = new Set(readFileSync(log, 'utf8').trim().split('\n').map((line) => line.slice(line.indexOf(' ') + 1)));
    const fromNodeModules = [...loaded].filter((url) => url.includes('/node_modules/'));
    // React stays one copy with the pages' modules (shared-react.ts), and shiki's grammars, one
    // file each, are loaded from node_modules when a page first shows their language; the rest
    // come from dist/vendor/.
    expect(fromNodeModules.filter((url) => !/\/node_modules\/(?:react(-dom)?|@shikijs\/langs)\//.test(url))).toEqual([]);
    expect(fromNodeModules.some((url) => url.endsWith('/@shikijs/langs/dist/python.mjs'))).toBe(true);
    // micromark is in a chunk shared by the MDX compiler and remark-parse: found through dist/vendor/packages.json.
    const packagesLoaded = new Set([...loaded].flatMap(vendoredPackagesIn));
    expect(packagesLoaded).toContain('micromark');
    expect(packagesLoaded).toContain('@shikijs/core');
    // Only what compiling a page needs: not the main thread's packages.
    for (const mainThreadOnly of ['zod/mini', 'ws', 'commander']) expect(loaded).not.toContain(vendorUrl(`${mainThreadOnly}.js`));
  });

  test("micromark's EditMap that the MDX compiler bundled there uses is the one made linear (a long .mdx page took 138 s when it was not)", async () => {
    const dir = tmp();
    const page = join(dir, 'lists.mdx');
    // `<kbd>` makes it MDX: a page of Markdown alone goes to markdown-it (reads-as-markdown.ts).
    writeFileSync(page, Array.from({ length: 50 }, (_, i) => `## Section ${i}\n\n- one\n- <kbd>two</kbd>\n\n> quoted ${i}\n`).join('\n'));
    const dist = (path: string) => pathToFileURL(join(repoRoot, 'dist', 'plugins', 'content-loader', path)).href;
    const { compilePage } = (await import(dist('compile-page.js'))) as typeof import('../../plugins/content-loader/compile-page.ts');
    const { editMapWork } = (await import(dist('linear-edit-map.js'))) as typeof import('../../plugins/content-loader/linear-edit-map.ts');
    const before = editMapWork.eventsMoved;
    await compilePage({ file: page, relativePath: 'lists.mdx', format: 'mdx', grammarPath: '', moduleDir: dir, links: { pageRoute: '/lists', folderRoute: '', hrefPrefix: '', basePath: '' }, highlight: false });
    expect(editMapWork.eventsMoved).toBeGreaterThan(before);
  });

  test('export the default of each package the tool imports one of (a dynamic import would get undefined, silently)', async () => {
    for (const name of VENDORED.withDefault) expect(typeof ((await import(vendorUrl(`${name}.js`))) as { default?: unknown }).default, name).toBe('function');
  });

  test('export what the tool uses of them', async () => {
    const zod = (await import(vendorUrl('zod/mini.js'))) as typeof import('zod/mini');
    expect(zod.strictObject({ title: zod.string() }).safeParse({ title: 1 }).success).toBe(false);
    const ws = (await import(vendorUrl('ws.js'))) as typeof import('ws');
    expect(typeof ws.WebSocketServer).toBe('function');
    const commander = (await import(vendorUrl('commander.js'))) as typeof import('commander');
    expect(new commander.Command().name('x').name()).toBe('x');
    const markdownIt = (await import(vendorUrl('markdown-it.js'))) as typeof import('markdown-it');
    expect(new markdownIt.default().render('# Title')).toBe('<h1>Title</h1>\n');
    const hastUtilToHtml = (await import(vendorUrl('hast-util-to-html.js'))) as typeof import('hast-util-to-html');
    expect(hastUtilToHtml.toHtml({ type: 'element', tagName: 'span', properties: { className: ['tk-keyword'] }, children: [{ type: 'text', value: 'def' }] })).toBe('<span class="tk-keyword">def</span>');
  });
});
