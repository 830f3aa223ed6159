import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { COPYRIGHT_YEAR } from '../../../src/config/config-constants.ts';
import { configVerdicts, loadConfig } from '../../../src/config/load-config.ts';
import { configSchema, type ResolvedConfig } from '../../../src/config/schema.ts';
import { isPlainData } from '../../../src/util/schema-verdicts.ts';
import { repoRoot, tempSitesEachTest } from '../../helpers.ts';

const site = tempSitesEachTest();

const verdictPath = (root: string) => join(root, '.docs-gen-cache', 'config', 'verdict.json');
const verdictFile = (root: string) => JSON.parse(readFileSync(verdictPath(root), 'utf8')) as { salt: string; entries: Record<string, unknown> };
/** The one config the verdict file holds, and its key. */
function verdictOf(root: string): { key: string; config: unknown } {
  const entries = Object.entries(verdictFile(root).entries);
  expect(entries).toHaveLength(1);
  const [[key, config]] = entries as [[string, unknown]];
  return { key, config };
}
/** The verdict file with `config` under `key`, under the salt it has. */
const markVerdict = (root: string, key: string, config: unknown) => writeFileSync(verdictPath(root), JSON.stringify({ salt: verdictFile(root).salt, entries: { [key]: config } }));

/** `loadConfig`, then its verdict kept, as `prepareSite` does once it found the content folder. */
async function loadAndKeep(root: string, options?: Parameters<typeof loadConfig>[1]) {
  const loaded = await loadConfig(root, options);
  await loaded.keepVerdict?.();
  return loaded;
}

const LITERAL_CONFIG = "export default { title: 'Kept', footer: { copyright: 'Us' }, sidebar: { defaultMenuCollapseLevel: 3 }, redirects: [{ source: '/old', destination: '/new' }] };\n";

describe('isPlainData: what JSON gives back exactly', () => {
  test('literals, arrays and objects of them', () => {
    expect(isPlainData({ a: 'x', b: [1, 2.5, true, null, { c: [] }], d: {} })).toBe(true);
    expect(isPlainData([])).toBe(true);
    expect(isPlainData(0)).toBe(true);
  });

  test.each([
    ['a function', { plugin: () => {} }],
    ['undefined in an object', { a: undefined }],
    ['undefined in an array', [undefined]],
    ['a hole', [1, , 3]],
    ['an array with a key of its own', Object.assign([1], { extra: true })],
    ['-0', { zero: -0 }],
    ['NaN', { n: Number.NaN }],
    ['Infinity', { n: Number.POSITIVE_INFINITY }],
    ['a bigint', { n: 1n }],
    ['a symbol value', { s: Symbol('s') }],
    ['a symbol key', { [Symbol('s')]: 1 }],
    ['a date', { when: new Date(0) }],
    ['a map', { m: new Map() }],
    ['a class instance', { p: new (class Point {})() }],
    ['an object without a prototype', Object.assign(Object.create(null) as object, { a: 1 })],
    ['a getter', Object.defineProperty({}, 'a', { get: () => 1, enumerable: true })],
    ['a key that is not enumerable', Object.defineProperty({}, 'a', { value: 1, enumerable: false })],
    ['an own __proto__ key', JSON.parse('{"__proto__": {"a": 1}}') as unknown],
    ['a Proxy (its traps answer, not its target)', new Proxy({ title: 'T' }, { get: () => 'trapped' })],
  ])('not %s', (_what, value) => {
    expect(isPlainData(value)).toBe(false);
  });

  test('not a cycle, nor anything nested past 32 levels', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(isPlainData(cycle)).toBe(false);
    let deep: unknown = 'leaf';
    for (let i = 0; i < 40; i++) deep = { deep };
    expect(isPlainData(deep)).toBe(false);
  });
});

describe("loadConfig keeps the verdict on a config of plain data (the next build loads no schema, src/config/load-config.ts)", () => {
  test('the kept config is the one the schema makes, and the next load gives it back', async () => {
    const root = site({ 'docs-gen.config.ts': LITERAL_CONFIG, 'content/index.md': '# Home\n' });
    const first = await loadAndKeep(root);
    const input = { title: 'Kept', footer: { copyright: 'Us' }, sidebar: { defaultMenuCollapseLevel: 3 }, redirects: [{ source: '/old', destination: '/new' }] };
    const fresh = configSchema.parse(input);
    expect(first.config).toEqual(fresh);
    const verdict = verdictOf(root);
    expect(verdict.key).toBe((await configVerdicts(join(root, '.docs-gen-cache'))).keyOf(JSON.stringify(input)));
    expect(verdict.config).toEqual(fresh);
    // Given back from the file: marked there, the mark comes back (nothing validated it again).
    markVerdict(root, verdict.key, { ...fresh, title: 'From the verdict' });
    expect((await loadAndKeep(root)).config.title).toBe('From the verdict');
  });

  test('a changed config is validated again, and its verdict replaces the last', async () => {
    const root = site({ 'docs-gen.config.ts': LITERAL_CONFIG, 'content/index.md': '# Home\n' });
    await loadAndKeep(root);
    const before = verdictOf(root).key;
    writeFileSync(join(root, 'docs-gen.config.ts'), "export default { title: 'Changed' };\n");
    const { config } = await loadAndKeep(root);
    expect(config).toEqual(configSchema.parse({ title: 'Changed' }));
    expect(verdictOf(root).key).not.toBe(before);
  });

  test('loadConfig alone writes nothing: the caller keeps the verdict once the folder is a site', async () => {
    const root = site({ 'docs-gen.config.ts': "export default { title: 'Alone' };\n", 'content/index.md': '# Home\n' });
    const loaded = await loadConfig(root);
    expect(existsSync(verdictPath(root))).toBe(false);
    await loaded.keepVerdict?.();
    expect(verdictOf(root).config).toEqual(loaded.config);
  });

  test('the verdict is what the schema made, whatever the build does to the config after', async () => {
    const root = site({ 'docs-gen.config.ts': "export default { title: 'Before' };\n", 'content/index.md': '# Home\n' });
    const loaded = await loadConfig(root);
    loaded.config.title = 'Changed by the build';
    await loaded.keepVerdict?.();
    expect((verdictOf(root).config as { title: string }).title).toBe('Before');
  });

  test('a verdict of another year is not this one (the default copyright names the year)', async () => {
    const root = site({ 'docs-gen.config.ts': "export default { title: 'Year' };\n", 'content/index.md': '# Home\n' });
    await loadAndKeep(root);
    const { key, config } = verdictOf(root) as { key: string; config: ResolvedConfig };
    expect(config.footer.copyright).toBe(`© ${COPYRIGHT_YEAR} Documentation`);
    const lastYear = await configVerdicts(join(root, '.docs-gen-cache'), COPYRIGHT_YEAR - 1);
    expect(lastYear.set(key, { ...config, footer: { ...config.footer, copyright: `© ${COPYRIGHT_YEAR - 1} Documentation` } })).toBe(true);
    await lastYear.save();
    // The marked verdict is there under last year's salt: only the year keeps it from this year's build.
    expect((await configVerdicts(join(root, '.docs-gen-cache'), COPYRIGHT_YEAR - 1)).get(key)?.footer.copyright).toBe(`© ${COPYRIGHT_YEAR - 1} Documentation`);
    expect((await loadAndKeep(root)).config.footer.copyright).toBe(`© ${COPYRIGHT_YEAR} Documentation`);
  });

  test('a torn verdict is a miss', async () => {
    const root = site({ 'docs-gen.config.ts': "export default { title: 'Torn' };\n", 'content/index.md': '# Home\n' });
    await loadAndKeep(root);
    writeFileSync(verdictPath(root), readFileSync(verdictPath(root), 'utf8').slice(0, 40));
    expect((await loadAndKeep(root)).config.title).toBe('Torn');
    expect(verdictOf(root).config).toEqual(configSchema.parse({ title: 'Torn' }));
  });

  test('a site without a config file keeps the verdict on the defaults; with a command-line bound the input is another value, with a verdict of its own', async () => {
    const root = site({ 'content/index.md': '# Home\n' });
    expect((await loadAndKeep(root)).config).toEqual(configSchema.parse({}));
    expect((await loadAndKeep(root, { evaluationTimeoutMs: 5 })).config.evaluationTimeoutMs).toBe(5);
    expect((await loadAndKeep(root)).config.evaluationTimeoutMs).toBe(configSchema.parse({}).evaluationTimeoutMs);
  });

  test('nothing is kept for a config with a plugin object, or with the cache off', async () => {
    const withPlugin = site({ 'docs-gen.config.ts': "export default { title: 'P', plugins: [{ name: 'mine', postBuild() {} }] };\n", 'content/index.md': '# Home\n' });
    expect((await loadAndKeep(withPlugin)).config.plugins).toHaveLength(1);
    expect(existsSync(verdictPath(withPlugin))).toBe(false);
    const uncached = site({ 'docs-gen.config.ts': "export default { title: 'U' };\n", 'content/index.md': '# Home\n' });
    expect((await loadAndKeep(uncached, { cache: false })).config.title).toBe('U');
    expect(existsSync(verdictPath(uncached))).toBe(false);
  });

  test('with the cache off the verdict is not read either', async () => {
    const root = site({ 'docs-gen.config.ts': "export default { title: 'Read' };\n", 'content/index.md': '# Home\n' });
    await loadAndKeep(root);
    const verdict = verdictOf(root) as { key: string; config: Record<string, unknown> };
    markVerdict(root, verdict.key, { ...verdict.config, title: 'From the verdict' });
    expect((await loadAndKeep(root)).config.title).toBe('From the verdict');
    expect((await loadAndKeep(root, { cache: false })).config.title).toBe('Read');
  });

  test('a verdict edited into another shape is a miss', async () => {
    const root = site({ 'docs-gen.config.ts': "export default { title: 'Shape' };\n", 'content/index.md': '# Home\n' });
    await loadAndKeep(root);
    markVerdict(root, verdictOf(root).key, {});
    expect((await loadConfig(root)).config).toEqual(configSchema.parse({ title: 'Shape' }));
  });

  test('an invalid config is reported as before and keeps no verdict', async () => {
    const root = site({ 'docs-gen.config.ts': "export default { title: 42 };\n", 'content/index.md': '# Home\n' });
    await expect(loadAndKeep(root)).rejects.toMatchObject({ diagnostics: [expect.objectContaining({ code: 'config-invalid', keyPath: 'title' })] });
    expect(existsSync(verdictPath(root))).toBe(false);
  });
});

test("the schema reads nothing from outside its input but COPYRIGHT_YEAR: a kept verdict would hide it", () => {
  const source = readFileSync(join(repoRoot, 'src', 'config', 'schema.ts'), 'utf8');
  for (const ambient of [/\bnew Date\b/, /\bDate\.now\b/, /\bprocess\./, /\bMath\.random\b/, /\bIntl\./, /\bperformance\./]) expect(source).not.toMatch(ambient);
});
