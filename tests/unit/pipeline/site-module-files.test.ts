import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { forgetRunnableModules, isSiteFile, scanSiteModule, siteModuleFiles } from '../../../src/pipeline/runnable-module.ts';
import { repoRoot, tmp } from '../../helpers.ts';

/** A site's plugin modules: what esbuild reads of them names the site's files they are made from, and their syntax errors. */
describe("the site's files a plugin module is made from", () => {
  const root = join(tmp(), 'site');
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const at = (path: string) => join(root, path);

  beforeAll(() => {
    write('plugins/reword.mjs', "import { word } from './lib/word.mjs';\nimport { visit } from 'unist-util-visit';\nexport default () => (tree) => visit(tree, 'text', (node) => { node.value = word; });\n");
    write('plugins/lib/word.mjs', "export { word } from './deeper.mjs';\n");
    write('plugins/lib/deeper.mjs', "export const word = 'Peruse';\n");
    // CommonJS, as a site may write it: read, never bundled.
    write('plugins/common.cjs', "const path = require('node:path');\nconst { word } = require('./word.cjs');\nmodule.exports = () => () => path.basename(word);\n");
    write('plugins/word.cjs', "exports.word = 'Common';\n");
    write('plugins/broken.mjs', "export default function broken() {\n  return 1;;\n}}\n");
    write('plugins/dynamic.mjs', "export default async () => { try { await import('./optional.mjs'); } catch {} };\n");
    // A dynamic import Node never makes, beside a static one: the static one's file is still read.
    write('plugins/guarded.mjs', "import { word } from './lib/word.mjs';\nif (process.env.NEVER_SET) await import('./generated.mjs');\nexport default () => word;\n");
    write('plugins/missing.mjs', "import { word } from './nope.mjs';\nexport default () => word;\n");
    // Sloppy CommonJS, and files esbuild has no loader for: Node runs them, so they are no errors.
    write('plugins/sloppy.cjs', "var o = { a: 1 };\nwith (o) { a; }\nvar g;\ndelete g;\ntry { require('./native.node'); } catch {}\nrequire('./settings.conf');\nmodule.exports = () => () => {};\n");
    write('plugins/settings.conf', 'module.exports = {};\n');
    write('node_modules/some-plugin/index.mjs', 'export default () => () => {};\n');
    symlinkSync(root, join(dirname(root), 'linked'));
    forgetRunnableModules();
  });

  test('a module and every file of the site it imports, at any depth, packages left out', async () => {
    expect((await siteModuleFiles(pathToFileURL(at('plugins/reword.mjs')).href, root)).sort()).toEqual([at('plugins/lib/deeper.mjs'), at('plugins/lib/word.mjs'), at('plugins/reword.mjs')]);
  });

  test('a CommonJS module and what it requires', async () => {
    expect((await siteModuleFiles(at('plugins/common.cjs'), root)).sort()).toEqual([at('plugins/common.cjs'), at('plugins/word.cjs')]);
  });

  test("a package's module, a bundle in the cache, or docs-gen's own, names none", async () => {
    expect(await siteModuleFiles(at('node_modules/some-plugin/index.mjs'), root)).toEqual([]);
    expect(isSiteFile(at('.docs-gen-cache/modules/module.0123.mjs'), root)).toBe(false);
    expect(isSiteFile(join(repoRoot, 'dist', 'plugins', 'content-loader', 'index.js'), repoRoot)).toBe(false);
    expect(isSiteFile(join(repoRoot, 'content', 'index.mdx'), repoRoot)).toBe(true);
  });

  test('a site reached through a link: its modules, named by their real paths, are its files', async () => {
    const linked = join(dirname(root), 'linked');
    expect(isSiteFile(at('plugins/reword.mjs'), linked)).toBe(true);
    expect((await siteModuleFiles(at('plugins/reword.mjs'), linked)).length).toBe(3);
  });

  test('a dynamic import esbuild cannot find is left to Node, and the files the module imports otherwise are still named', async () => {
    expect((await scanSiteModule(at('plugins/guarded.mjs'), root)).errors).toEqual([]);
    expect((await siteModuleFiles(at('plugins/guarded.mjs'), root)).sort()).toEqual([at('plugins/guarded.mjs'), at('plugins/lib/deeper.mjs'), at('plugins/lib/word.mjs')]);
  });

  test('a static import esbuild cannot find is an error at its place (Node fails on it too, without one)', async () => {
    const missing = await scanSiteModule(at('plugins/missing.mjs'), root);
    expect(missing.errors).toEqual([expect.objectContaining({ code: 'module-bundle', file: 'plugins/missing.mjs', line: 1, column: 22 })]);
    expect(missing.files).toContain(at('plugins/nope.mjs'));
  });

  test('CommonJS read as CommonJS (sloppy mode), and files esbuild has no loader for left to Node: no errors', async () => {
    expect((await scanSiteModule(at('plugins/sloppy.cjs'), root)).errors).toEqual([]);
  });

  test('a syntax error is a diagnostic at its place; an import esbuild cannot find is left to Node', async () => {
    const broken = await scanSiteModule(at('plugins/broken.mjs'), root);
    expect(broken.files).toContain(at('plugins/broken.mjs'));
    expect(broken.errors).toEqual([expect.objectContaining({ code: 'module-bundle', file: 'plugins/broken.mjs', line: 3, column: 2 })]);
    const dynamic = await scanSiteModule(at('plugins/dynamic.mjs'), root);
    expect(dynamic.errors).toEqual([]);
    expect(dynamic.files).toContain(at('plugins/dynamic.mjs'));
  });
});
