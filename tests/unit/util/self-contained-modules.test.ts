import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as childProcess from 'node:child_process';
import * as esbuild from 'esbuild';
import { describe, expect, test, vi } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.ts';
import { flagsForChild, importModuleFile } from '../../../src/util/import-module.ts';
import { tempSitesEachTest } from '../../helpers.ts';

// Every bundle esbuild makes, counted: a file that imports no file of the site is bundled once per text.
vi.mock('esbuild', async (importOriginal) => {
  const original = await importOriginal<typeof import('esbuild')>();
  return { ...original, build: vi.fn(original.build) };
});

// Every process started, counted: a bundle is probed for an endless loop in one before its first import.
vi.mock('node:child_process', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:child_process')>();
  return { ...original, spawn: vi.fn(original.spawn) };
});

/** The probe processes started since the last call. */
function probesStarted(): number {
  const probes = vi.mocked(childProcess.spawn).mock.calls.filter(([, args]) => (args as readonly string[] | undefined)?.some((arg) => arg.includes('probe-module-process')));
  vi.mocked(childProcess.spawn).mockClear();
  return probes.length;
}

const site = tempSitesEachTest();

/** The config's title, and how many bundles loading it made. */
async function load(root: string): Promise<{ title: string; bundles: number }> {
  vi.mocked(esbuild.build).mockClear();
  const { config } = await loadConfig(root);
  return { title: config.title, bundles: vi.mocked(esbuild.build).mock.calls.length };
}

describe('a config that imports no file of the site', () => {
  test('is bundled once: the next load takes the same bundle, and a changed text is bundled again', async () => {
    const root = site({ 'docs-gen.config.ts': "import { defineConfig } from 'docs-gen';\nexport default defineConfig({ title: 'First' as string });\n" });
    expect(await load(root)).toEqual({ title: 'First', bundles: 1 });
    expect(await load(root)).toEqual({ title: 'First', bundles: 0 });
    writeFileSync(join(root, 'docs-gen.config.ts'), "export default { title: 'Second' as string };\n");
    expect(await load(root)).toEqual({ title: 'Second', bundles: 1 });
    expect(await load(root)).toEqual({ title: 'Second', bundles: 0 });
  });

  test('is probed for an endless loop before its first import only: the bundle remembered is imported without a probe process', async () => {
    const root = site({ 'docs-gen.config.ts': "export default { title: `Year ${new Date().getUTCFullYear() > 0}` };\n" });
    probesStarted();
    expect(await load(root)).toEqual({ title: 'Year true', bundles: 1 });
    expect(probesStarted()).toBe(1);
    expect(await load(root)).toEqual({ title: 'Year true', bundles: 0 });
    expect(probesStarted()).toBe(0);
    writeFileSync(join(root, 'docs-gen.config.ts'), "export default { title: `Year ${new Date().getUTCFullYear() > 1}` };\n");
    expect(await load(root)).toEqual({ title: 'Year true', bundles: 1 });
    expect(probesStarted()).toBe(1);
  });

  /** Loads a site whose config is `config` twice, beside a package `title-words`: bundled once, probed both times. */
  async function expectProbedAtEveryLoad(config: string): Promise<void> {
    const root = site({
      'node_modules/title-words/package.json': '{ "name": "title-words", "type": "module", "main": "index.js" }\n',
      'node_modules/title-words/index.js': "export const title = 'Words';\n",
      'docs-gen.config.ts': config,
    });
    probesStarted();
    expect(await load(root)).toEqual({ title: 'Words true', bundles: 1 });
    expect(probesStarted()).toBe(1);
    expect(await load(root)).toEqual({ title: 'Words true', bundles: 0 });
    expect(probesStarted()).toBe(1);
  }

  test('is probed at every load while it imports a package, whose code the key does not hold (an update could make it loop)', async () => {
    await expectProbedAtEveryLoad("import { title } from 'title-words';\nexport default { title: `${title} ${new Date().getUTCFullYear() > 0}` };\n");
  });

  test('is probed at every load while it loads code its imports do not name, or imports a built-in', async () => {
    for (const config of [
      // A package named at run time: esbuild lists no import of it.
      "const { title } = await import(['title', 'words'].join('-'));\nexport default { title: `${title} ${new Date().getUTCFullYear() > 0}` };\n",
      "import { readFileSync } from 'node:fs';\nexport default { title: `Words ${readFileSync !== undefined}` };\n",
      // A package through a require no import names.
      "const load = process.getBuiltinModule('module').createRequire(import.meta.url);\nexport default { title: `${load('title-words').title} ${load !== undefined}` };\n",
      // A module loaded through docs-gen's own loader, which this docs-gen's modules alone would not show.
      "import { importModuleFile } from 'docs-gen';\nexport default { title: `Words ${typeof importModuleFile === 'function'}` };\n",
    ])
      await expectProbedAtEveryLoad(config);
  });

  test('is probed when it was last imported with no time limit, or a longer one than now', async () => {
    const root = site({ 'docs-gen.config.ts': "export default { title: `Bound ${new Date().getUTCFullYear() > 0}` };\n" });
    const file = join(root, 'docs-gen.config.ts');
    const cacheDir = join(root, '.docs-gen-cache');
    probesStarted();
    // No limit: no probe, and none recorded.
    await importModuleFile(file, { root, cacheDir, code: 'config-syntax' });
    expect(probesStarted()).toBe(0);
    await importModuleFile(file, { root, cacheDir, code: 'config-syntax', timeoutMs: 30_000 });
    expect(probesStarted()).toBe(1);
    // Bundled afresh under a limit, it is probed, and recorded as loaded within that limit.
    rmSync(join(cacheDir, 'bundles'), { recursive: true });
    await importModuleFile(file, { root, cacheDir, code: 'config-syntax', timeoutMs: 30_000 });
    expect(probesStarted()).toBe(1);
    await importModuleFile(file, { root, cacheDir, code: 'config-syntax', timeoutMs: 30_000 });
    expect(probesStarted()).toBe(0);
    await importModuleFile(file, { root, cacheDir, code: 'config-syntax', timeoutMs: 60_000 });
    expect(probesStarted()).toBe(0);
    await importModuleFile(file, { root, cacheDir, code: 'config-syntax', timeoutMs: 10_000 });
    expect(probesStarted()).toBe(1);
  });

  // The titles below come from this process's module cache either way: the bundle counts tell.
  test('is bundled again when the remembered bundle is not the one its name stands for, or its record is torn', async () => {
    // `as` keeps it from the literal path (below): this one is bundled.
    const root = site({ 'docs-gen.config.ts': "export default { title: 'Kept' as string };\n" });
    await load(root);
    const cache = join(root, '.docs-gen-cache');
    const [module] = readdirSync(cache).filter((name) => name.startsWith('module.'));
    const bundle = join(cache, module!);
    writeFileSync(bundle, readFileSync(bundle, 'utf8').replace('Kept', 'Planted'));
    expect((await load(root)).bundles).toBe(1);
    const [record] = readdirSync(join(cache, 'bundles'));
    writeFileSync(join(cache, 'bundles', record!), '{"key":');
    expect((await load(root)).bundles).toBe(1);
    expect((await load(root)).bundles).toBe(0);
  });

  test('is bundled again when a settings file esbuild reads beside it or above changes, and every time when one extends another', async () => {
    const root = site({
      'lib/index.ts': "export const title = 'From the site';\n",
      'docs-gen.config.ts': "import { title } from 'lib';\nexport default { title };\n",
      'node_modules/lib/package.json': '{"name":"lib","type":"module","main":"index.js"}',
      'node_modules/lib/index.js': "export const title = 'From the package';\n",
    });
    expect(await load(root)).toEqual({ title: 'From the package', bundles: 1 });
    expect((await load(root)).bundles).toBe(0);
    // `paths` makes the package's name a file of the site: bundled into the config from now on.
    writeFileSync(join(root, 'tsconfig.json'), '{"compilerOptions":{"baseUrl":".","paths":{"lib":["./lib/index.ts"]}}}');
    expect(await load(root)).toEqual({ title: 'From the site', bundles: 1 });
    const { dependencies } = await loadConfig(root);
    expect(dependencies).toContain(join(root, 'lib', 'index.ts'));
    rmSync(join(root, 'tsconfig.json'));
    expect((await load(root)).bundles).toBe(0);
    writeFileSync(join(root, 'package.json'), '{"name":"site","private":true}');
    expect((await load(root)).bundles).toBe(1);
    expect((await load(root)).bundles).toBe(0);
    writeFileSync(join(root, 'tsconfig.json'), '{"extends":"./base.json"}');
    writeFileSync(join(root, 'base.json'), '{}');
    expect((await load(root)).bundles).toBe(1);
    expect((await load(root)).bundles).toBe(1);
  });
});

describe('a config of literals as written', () => {
  test('is imported as it is, never bundled, and an edit is seen at the next load', async () => {
    const root = site({ 'docs-gen.config.ts': "// the site's options\nimport { defineConfig } from 'docs-gen'\nexport default defineConfig({ title: 'Literal', description: 'Options alone', basePath: '' });\n" });
    expect(await load(root)).toEqual({ title: 'Literal', bundles: 0 });
    writeFileSync(join(root, 'docs-gen.config.ts'), 'export default { title: "Edited" };\n');
    expect(await load(root)).toEqual({ title: 'Edited', bundles: 0 });
  });

  test('is bundled when it holds TypeScript of its own or reads anything but literals', async () => {
    const root = site({ 'docs-gen.config.ts': "export default { title: 'Typed' } as const;\n" });
    expect(await load(root)).toEqual({ title: 'Typed', bundles: 1 });
    writeFileSync(join(root, 'docs-gen.config.ts'), "const title: string = 'Annotated';\nexport default { title };\n");
    expect(await load(root)).toEqual({ title: 'Annotated', bundles: 1 });
    writeFileSync(join(root, 'docs-gen.config.ts'), "export default { title: ['Called'].join('') };\n");
    expect(await load(root)).toEqual({ title: 'Called', bundles: 1 });
  });
});

describe('a config that passes for literals only when misread', () => {
  // JavaScript ends a line comment at a lone carriage return: the loop after it runs when the file loads.
  test('with a loop after a carriage return in a comment is bounded by the probe process, not imported as written', async () => {
    const root = site({ 'docs-gen.config.ts': "// the site's options\rwhile (true) {}\nexport default { title: 'Never' };\n" });
    await expect(loadConfig(root, { evaluationTimeoutMs: 500 })).rejects.toThrow(/did not finish loading within 500 ms/);
  });

  test('with its import on the line of its export is bundled, and esbuild says what is wrong', async () => {
    const root = site({ 'docs-gen.config.ts': "import { defineConfig } from 'docs-gen' export default defineConfig({ title: 'One line' });\n" });
    await expect(loadConfig(root)).rejects.toThrow(/Expected ";"/);
  });
});

describe('a config that imports a file of the site', () => {
  test('is bundled at every load, so an edit of the file it imports is seen', async () => {
    const root = site({
      'site-title.ts': "export const title = 'From a module';\n",
      'docs-gen.config.ts': "import { title } from './site-title.ts';\nexport default { title };\n",
    });
    expect(await load(root)).toEqual({ title: 'From a module', bundles: 1 });
    writeFileSync(join(root, 'site-title.ts'), "export const title = 'Edited';\n");
    expect(await load(root)).toEqual({ title: 'Edited', bundles: 1 });
    expect(readdirSync(join(root, '.docs-gen-cache')).includes('bundles')).toBe(false);
  });
});

describe("the probe process's flags", () => {
  test("keep the parent's but those that run other code than the probe (a program run with node -e probed itself without end)", () => {
    expect(flagsForChild(['--enable-source-maps', '--import', 'hooks.mjs', '-e', "import('x')", '--input-type=module', '--conditions', 'dev'])).toEqual(['--enable-source-maps', '--import', 'hooks.mjs', '--conditions', 'dev']);
    expect(flagsForChild(['--print=1', '-p', '2', '--eval', 'x', '-pe', 'y', '--input-type', 'module', '--watch', '--watch-path', 'src', '--test', '-i', '--no-warnings'])).toEqual(['--no-warnings']);
  });
});
