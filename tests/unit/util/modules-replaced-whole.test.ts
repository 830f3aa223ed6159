import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { compilePage } from '../../../plugins/content-loader/compile-page.ts';
import { importModuleFile } from '../../../src/util/import-module.ts';
import { runnableModuleUrl } from '../../../src/pipeline/runnable-module.ts';
import { buildServerIslands } from '../../../src/build/islands.ts';

// Two builds of one site at once (or `check` beside `build`) bundle the same file under the same
// name in the site's cache. A module written over in place is, for a moment, empty or cut short,
// and the other build imports it then: a page rendered without its body (seen in the build-cache
// test). So each writer must put a new file in place. Seen here without a race: the name is
// first made a hard link of a file held aside, as an import in progress holds the old file; a
// write in place changes the held file too, a new file put in its place does not.
const dir = mkdtempSync(join(tmpdir(), 'modules-replaced-whole-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HELD = '// the module an import in progress is reading\n';

/** Makes `path` a hard link of a new file holding HELD; returns that file. */
function holdAside(path: string): string {
  const held = join(dir, `held-${basename(path)}`);
  writeFileSync(held, HELD);
  rmSync(path, { force: true });
  mkdirSync(dirname(path), { recursive: true });
  linkSync(held, path);
  return held;
}

describe('a bundled module is replaced by a new file, never written over in place', () => {
  test("an .mdx page's bundle of its imports", async () => {
    const moduleDir = join(dir, 'pages');
    const file = join(dir, 'imports.mdx');
    writeFileSync(join(dir, 'value.js'), 'export const value = 42;\n');
    writeFileSync(file, "import { value } from './value.js';\n\n# The value is {value}\n");
    const links = { pageRoute: '/p', folderRoute: '', hrefPrefix: '', basePath: '' };
    const compile = () => compilePage({ file, relativePath: 'imports.mdx', format: 'mdx', grammarPath: '', moduleDir, links, highlight: false });
    const first = await compile();
    expect(first.compiled.kind).toBe('module');
    const bundled = readFileSync(first.compiled.code, 'utf8');
    const held = holdAside(first.compiled.code);

    const second = await compile();
    expect(second.compiled.code).toBe(first.compiled.code);
    expect(readFileSync(held, 'utf8')).toBe(HELD);
    expect(readFileSync(second.compiled.code, 'utf8')).toBe(bundled);
  });

  test('a config (or any user module docs-gen imports)', async () => {
    const file = join(dir, 'docs-gen.config.ts');
    writeFileSync(file, "const title: string = 'Whole';\nexport default { title };\n");
    const cacheDir = join(dir, 'config-cache');
    const load = () => importModuleFile(file, { root: dir, cacheDir, code: 'config-syntax' });
    expect(((await load()).exports.default as { title: string }).title).toBe('Whole');
    const [name] = readdirSync(cacheDir).filter((entry) => entry.endsWith('.mjs'));
    const bundled = readFileSync(join(cacheDir, name!), 'utf8');
    const held = holdAside(join(cacheDir, name!));

    await load();
    expect(readFileSync(held, 'utf8')).toBe(HELD);
    expect(readFileSync(join(cacheDir, name!), 'utf8')).toBe(bundled);
  });

  test("the islands' server module every render worker imports", async () => {
    const island = join(dir, 'Counter.jsx');
    writeFileSync(island, 'export default function Counter() { return null; }\n');
    const cacheDir = join(dir, 'islands-cache');
    mkdirSync(cacheDir, { recursive: true });
    const first = await buildServerIslands({ Counter: island }, cacheDir);
    const bundled = readFileSync(first!, 'utf8');
    const held = holdAside(first!);

    expect(await buildServerIslands({ Counter: island }, cacheDir)).toBe(first);
    expect(readFileSync(held, 'utf8')).toBe(HELD);
    expect(readFileSync(first!, 'utf8')).toBe(bundled);
  });

  test('a TypeScript module a render worker runs (a plugin, a component)', async () => {
    const file = join(dir, 'task.ts');
    writeFileSync(file, 'export const task = (input: number): number => input + 1;\n');
    const firstPath = fileURLToPath(await runnableModuleUrl(file, join(dir, 'worker-cache-a')));
    const bundled = readFileSync(firstPath, 'utf8');
    // Bundled once per cache folder in a process: a second folder, with the same name held in it.
    const secondPath = join(dir, 'worker-cache-b', 'modules', basename(firstPath));
    const held = holdAside(secondPath);

    expect(fileURLToPath(await runnableModuleUrl(file, join(dir, 'worker-cache-b')))).toBe(secondPath);
    expect(readFileSync(held, 'utf8')).toBe(HELD);
    expect(readFileSync(secondPath, 'utf8')).toBe(bundled);
  });
});

