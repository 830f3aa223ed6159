import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { metaFileNames, readMeta, topLevelKeys, type ReadMeta } from '../../../plugins/page-map/read-meta.ts';
import { metaSchema } from '../../../plugins/page-map/meta-schema.ts';
import { formatDiagnostic } from '../../../src/diagnostics/format.ts';
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.ts';
import { fixture, rejectionDiagnostics, tmp } from '../../helpers.ts';

const cacheDir = tmp();
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

/** Reads the `_meta` file of the fixture folder `tests/fixtures/page-maps/<name>/`. */
function read(name: string, file = '_meta.json'): Promise<ReadMeta> {
  const root = fixture(join('page-maps', name));
  return readMeta(join(root, file), { root, cacheDir, sourcePath: file });
}

const failure = (name: string, file = '_meta.json'): Promise<Diagnostic[]> => rejectionDiagnostics(read(name, file), 'readMeta');

describe('readMeta on _meta.json', () => {
  test('invalid JSON is reported at its line and column', async () => {
    const [d, ...rest] = await failure('invalid-json-is-reported-at-its-line-and-column');
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'error', code: 'meta-syntax', file: '_meta.json', line: 4, column: 3 });
    expect(d!.message).toMatch(/^Invalid JSON in _meta file: /);
    expect(d!.message).not.toMatch(/position \d+/);
  });

  test('an unknown item key is reported as meta-invalid on the line of the key', async () => {
    const [d, ...rest] = await failure('an-unknown-item-key-is-reported-at-the-key');
    expect(rest).toEqual([]);
    expect(d).toMatchObject({
      severity: 'error',
      code: 'meta-invalid',
      message: 'Unknown _meta item key `titel` at `setup`',
      file: '_meta.json',
      keyPath: 'setup',
      line: 4,
    });
  });

  test('an unknown item key is reported at the column of the key itself', async () => {
    const [d] = await failure('an-unknown-item-key-is-reported-at-the-key');
    expect(d).toMatchObject({ line: 4, column: 5 });
  });

  test('a wrong display value is reported as meta-invalid on its entry', async () => {
    const [d, ...rest] = await failure('a-wrong-display-value-is-reported-at-the-value');
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'error', code: 'meta-invalid', file: '_meta.json' });
    expect(d!.keyPath).toMatch(/^intro/);
    expect(d!.line).toBeGreaterThanOrEqual(2);
  });

  test('a wrong display value names the display key and its allowed values at the value', async () => {
    const [d] = await failure('a-wrong-display-value-is-reported-at-the-value');
    expect(d).toMatchObject({ code: 'meta-invalid', keyPath: 'intro.display', line: 4, column: 16 });
    expect(d!.message).toMatch(/normal.*hidden.*children/);
  });

  test('an entry that is neither a title nor an object is reported at the entry', async () => {
    const [d] = await failure('an-entry-that-is-neither-a-title-nor-an-object-is-reported');
    expect(d).toMatchObject({ code: 'meta-invalid', keyPath: 'intro', line: 2, column: 12 });
    expect(d!.message).toContain('must be a title string or an object');
  });

  test('a valid _meta.json keeps its entries and records where each key is', async () => {
    const result = await read('a-valid-meta-json-records-where-each-key-is');
    expect(result.sourcePath).toBe('_meta.json');
    expect(result.meta).toEqual({
      intro: 'Introduction',
      '---': { type: 'separator' },
      github: { title: 'GitHub', href: 'https://github.com', newWindow: true },
    });
    expect(result.keyPositions).toEqual({
      intro: { line: 2, column: 3 },
      '---': { line: 3, column: 5 },
      github: { line: 4, column: 3 },
    });
  });

  test('an href with a scheme other than http(s) or mailto is reported at its href key, one diagnostic each', async () => {
    const diagnostics = await failure('a-javascript-href-is-reported-at-its-key');
    expect(diagnostics.map(({ code, keyPath, line, column }) => ({ code, keyPath, line, column }))).toEqual([
      { code: 'meta-unsafe-href', keyPath: 'evil.href', line: 3, column: 34 },
      { code: 'meta-unsafe-href', keyPath: 'data.href', line: 4, column: 30 },
      { code: 'meta-unsafe-href', keyPath: 'more.items.tab.href', line: 8, column: 41 },
    ]);
    expect(formatDiagnostic(diagnostics[0]!)).toBe(
      '_meta.json:3:34 error Unsafe link javascript:alert(document.domain) at `evil.href`: a _meta href must be an http(s) or mailto URL or a path [meta-unsafe-href]',
    );
  });

  test.each([
    ['invalid-json-is-reported-at-its-line-and-column'],
    ['an-unknown-item-key-is-reported-at-the-key'],
    ['a-wrong-display-value-is-reported-at-the-value'],
    ['an-entry-that-is-neither-a-title-nor-an-object-is-reported'],
  ])('the formatted message of %s', async (name) => {
    const [d] = await failure(name);
    expect(formatDiagnostic(d!)).toMatchSnapshot();
  });
});

describe('readMeta on _meta.ts', () => {
  test('a _meta.ts file exporting a default object is read', async () => {
    const result = await read('a-meta-ts-file-exporting-a-default-object-is-read', '_meta.ts');
    expect(result.meta).toEqual({ intro: 'INTRODUCTION', hidden: { display: 'hidden' }, '*': { theme: { toc: false } } });
    expect(result.keyPositions).toEqual({});
  });

  test('an unknown key in a _meta.ts file is reported as meta-invalid', async () => {
    const [d] = await failure('a-meta-ts-file-with-an-unknown-key-is-reported', '_meta.ts');
    expect(d).toMatchObject({ code: 'meta-invalid', file: '_meta.ts', keyPath: 'intro', message: 'Unknown _meta item key `titel` at `intro`' });
  });

  test('a syntax error in a _meta.ts file is reported as meta-syntax at its line and column', async () => {
    const [d] = await failure('a-meta-ts-file-with-a-syntax-error-is-reported-at-its-line', '_meta.ts');
    expect(d).toMatchObject({ code: 'meta-syntax', file: '_meta.ts', line: 3, column: 3 });
    expect(formatDiagnostic(d!)).toMatchInlineSnapshot(`"_meta.ts:3:3 error Expected "}" but found "setup" [meta-syntax]"`);
  });
});

describe('metaFileNames', () => {
  test("prefers the locale's own _meta files, then the shared ones", () => {
    expect(metaFileNames('fr-FR')).toEqual(['_meta.fr-FR.json', '_meta.fr-FR.ts', '_meta.fr-FR.js', '_meta.json', '_meta.ts', '_meta.js']);
  });
});

describe('readMeta refuses NUL characters in titles', () => {
  test('in an entry and in an item title, each at its place', async () => {
    const dir = tmp();
    const file = join(dir, '_meta.json');
    writeFileSync(file, '{\n  "a": "A\\u0000",\n  "b": { "title": "B\\u0000" }\n}\n');
    const error = (await readMeta(file, { root: dir, cacheDir, sourcePath: '_meta.json' }).catch((e: unknown) => e)) as { diagnostics?: Diagnostic[] };
    rmSync(dir, { recursive: true, force: true });
    expect(error.diagnostics?.map((d) => [d.code, d.line, d.message])).toEqual([
      ['meta-invalid', 2, 'A _meta title must not contain NUL characters at `a`'],
      ['meta-invalid', 3, 'A _meta title must not contain NUL characters at `b.title`'],
    ]);
  });
});

describe('readMeta on a _meta of titles alone', () => {
  test('gives what the schema gives, and a NUL in one of them is still refused at its place', async () => {
    const dir = tmp();
    const file = join(dir, '_meta.json');
    for (const text of ['{\n  "index": "Home",\n  "guide": "The guide"\n}\n', '{ "index": "Home", "__proto__": "Proto" }']) {
      writeFileSync(file, text);
      const { meta } = await readMeta(file, { root: dir, cacheDir, sourcePath: '_meta.json' });
      const schemaGives = metaSchema.parse(JSON.parse(text));
      expect(Object.entries(meta)).toEqual(Object.entries(schemaGives));
      expect(Object.getPrototypeOf(meta)).toBe(Object.getPrototypeOf(schemaGives));
    }
    writeFileSync(file, '{\n  "index": "Home",\n  "guide": "The\\u0000guide"\n}\n');
    const error = (await readMeta(file, { root: dir, cacheDir, sourcePath: '_meta.json' }).catch((e: unknown) => e)) as { diagnostics?: Diagnostic[] };
    rmSync(dir, { recursive: true, force: true });
    expect(error.diagnostics?.map((d) => [d.code, d.line, d.message])).toEqual([['meta-invalid', 3, 'A _meta title must not contain NUL characters at `guide`']]);
  });
});

describe('the places of a _meta.json file\'s top-level keys', () => {
  test('are where the YAML parser puts them, without running it for a file with no problem', () => {
    const text = '{\n  "a": "A",\n  "b\\"q": { "nested": "x", "c": ["{", "}"] },\n  "d,e": {"theme": {"toc": false}}, "f": "\\\\"\n}\n';
    const fromYaml = (parseDocument(text).contents as unknown as { items: { key: { value: string; range: [number] } }[] }).items.map((p) => ({ key: p.key.value, offset: p.key.range[0] }));
    expect(topLevelKeys(text)).toEqual(fromYaml);
    expect(topLevelKeys(text).map((k) => k.key)).toEqual(['a', 'b"q', 'd,e', 'f']);
  });
});
