import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { bodyOf, compileCacheKey, fitsTexts, readCompiled, storeBody, textsPayload, writeCompiled, type CompiledOutput, type StoredCompile } from '../../../plugins/content-loader/compile-cache.ts';
import type { TextSection } from '../../../src/shared/search-index-format.ts';
import { sectionsAsJson, sectionsDigest } from '../../../src/build/lazy-sections.ts';
import { cacheFilePath } from '../../../src/util/cache-entry.ts';
import { cacheEntryBytes, cutCacheEntry, overwriteCacheEntry, replaceCacheEntry } from '../../cache-entries.ts';

/** The tool's build id as the test sets it: a rebuilt docs-gen. */
const tool = vi.hoisted(() => ({ buildId: 'build-1' }));
vi.mock('docs-gen', async (importOriginal) => ({ ...(await importOriginal<typeof import('docs-gen')>()), toolBuildId: () => Promise.resolve(tool.buildId) }));

const dir = mkdtempSync(join(tmpdir(), 'compile-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const grammarPath = join(dir, 'rel.tmLanguage.json');
const input = { file: '/site/content/a.md', grammarPath, links: { basePath: '' }, siteHash: 'config-1' };

describe('the key of a compiled page in the persistent cache', () => {
  test('is the same for the same source, input, grammar and tool', async () => {
    writeFileSync(grammarPath, '{"scopeName":"source.rel"}');
    expect(await compileCacheKey('# A', input)).toBe(await compileCacheKey('# A', { ...input }));
  });

  test.each([
    ['the source', () => compileCacheKey('# B', input)],
    ['the links (base path)', () => compileCacheKey('# A', { ...input, links: { basePath: '/docs' } })],
    ['the config or a remark/rehype plugin (site hash)', () => compileCacheKey('# A', { ...input, siteHash: 'config-2' })],
    ['highlighting off', () => compileCacheKey('# A', { ...input, highlight: false })],
  ])('changes with %s', async (_what, otherKey) => {
    writeFileSync(grammarPath, '{"scopeName":"source.rel"}');
    expect(await otherKey()).not.toBe(await compileCacheKey('# A', input));
  });

  test("changes with the tool's build id: a change in the core or the theme, not only in the content loader", async () => {
    writeFileSync(grammarPath, '{"scopeName":"source.rel"}');
    const before = await compileCacheKey('# A', input);
    tool.buildId = 'build-2';
    try {
      expect(await compileCacheKey('# A', input)).not.toBe(before);
    } finally {
      tool.buildId = 'build-1';
    }
  });

  test('changes with the text of the highlighting grammar', async () => {
    writeFileSync(grammarPath, '{"scopeName":"source.rel"}');
    utimesSync(grammarPath, 1_000, 1_000);
    const before = await compileCacheKey('# A', input);
    writeFileSync(grammarPath, '{"scopeName":"source.rel","patterns":[]}');
    utimesSync(grammarPath, 2_000, 2_000);
    expect(await compileCacheKey('# A', input)).not.toBe(before);
  });
});

/** The shape check the content loader makes, loosened: any entry with a compiled kind. */
const isStored = (value: unknown): value is StoredCompile<CompiledOutput> => typeof (value as { compiled?: { kind?: unknown } } | null)?.compiled?.kind === 'string';
const output = (code: string, body: string, sections: TextSection[] = []) => ({ compiled: { kind: 'html' as const, code }, body, sections });
const entryFile = (key: string) => cacheFilePath(join(dir, 'compiled'), key, 'compiled');
/** An entry's header line, parsed, and the payload after it: the code, then the sections' texts. */
function readEntry(key: string): { header: { key: string; value: Record<string, unknown>; bytes: number }; payload: string } {
  const text = cacheEntryBytes(entryFile(key))!.toString('utf8');
  const lineEnd = text.indexOf('\n');
  return { header: JSON.parse(text.slice(0, lineEnd)) as { key: string; value: Record<string, unknown>; bytes: number }, payload: text.slice(lineEnd + 1) };
}
/** An entry written by hand in place of the one kept: its header line and payload. */
const writeEntry = (key: string, value: unknown, payload = '', bytes = Buffer.byteLength(payload)) => replaceCacheEntry(entryFile(key), `${JSON.stringify({ key, value, bytes })}\n${payload}`);
/** The entry kept, changed where it is to this value and payload (as many bytes as it had), the rest of its header as it was. */
const changeEntry = (key: string, value: unknown, payload: string) => overwriteCacheEntry(entryFile(key), `${JSON.stringify({ ...readEntry(key).header, value, bytes: Buffer.byteLength(payload) })}\n${payload}`);

describe('entries of the persistent cache', () => {
  test('are read back as written: the code after the header, the body from the source when it is its end', async () => {
    const source = '---\ntitle: X\n---\n# X\n';
    await writeCompiled(dir, 'ab'.repeat(32), source, output('<p>x</p>', '# X\n'));
    const entry = readEntry('ab'.repeat(32));
    // Neither the code nor the body is in the header: the body's length stands in its place, and the code follows the header, then the (no) texts.
    expect(entry.header.value).toEqual({ compiled: { kind: 'html', code: null }, body: 4, sections: [], sectionsDigest: sectionsDigest([]), textBytes: 2 });
    expect(entry.payload).toBe('<p>x</p>[]');
    const read = readCompiled(dir, 'ab'.repeat(32), () => source, isStored)!.whole();
    // The same keys in the same order (JSON of a page read back spells it as the compile did).
    expect(JSON.stringify(read)).toBe(JSON.stringify(output('<p>x</p>', '# X\n')));
    const withPositions = { frontMatter: { title: 'X' }, body: '# X\n', compiled: { kind: 'function-body' as const, code: 'return 1', positions: [[0, 1]] }, headings: [], sections: [] };
    await writeCompiled(dir, 'ae'.repeat(32), source, withPositions as unknown as ReturnType<typeof output>);
    expect(JSON.stringify(readCompiled(dir, 'ae'.repeat(32), () => source, isStored)!.whole())).toBe(JSON.stringify(withPositions));
    // A body that shares no end with the source (a compile that normalised it) is kept as it is.
    await writeCompiled(dir, 'ac'.repeat(32), source, output('<p>y</p>', '# Y'));
    expect(readCompiled(dir, 'ac'.repeat(32), () => source, isStored)?.readBody()).toBe('# Y');
  });

  test('keep of a body only what the source does not hold: the front matter blanked out, not the text after it', async () => {
    const source = '---\ntitle: Long\n---\n# Long\n\nText of the page.\n';
    const body = '\n\n\n# Long\n\nText of the page.\n';
    await writeCompiled(dir, 'ba'.repeat(32), source, output('<p>x</p>', body));
    // The source's `---\n` ends in the newline the body's third line ends in.
    expect(readEntry('ba'.repeat(32)).header.value.body).toEqual(['\n\n', body.length - 2]);
    expect(readCompiled(dir, 'ba'.repeat(32), () => source, isStored)?.readBody()).toBe(body);
    // An entry whose shared end is longer than the source, or not a count, does not fit it: its body is an error.
    for (const stored of [[' ', source.length + 1], ['', 1.5], ['', -1], source.length + 1]) {
      writeEntry('bb'.repeat(32), { compiled: { kind: 'html', code: null }, body: stored, sections: [], textBytes: 0 });
      const found = readCompiled(dir, 'bb'.repeat(32), () => source, isStored)!;
      expect(() => found.readBody()).toThrow(/bb\.compiled does not fit it, and was removed$/);
      expect(readCompiled(dir, 'bb'.repeat(32), () => source, isStored)).toBeUndefined();
      expect(() => found.whole()).toThrow(/does not fit it/);
    }
  });

  test('keep every body exactly, whatever end it shares with the source', () => {
    const pieces = ['', '\n', 'a', '---\n', 'é', '\u{1F600}', 'ab\n'];
    for (const a of pieces) for (const b of pieces) for (const c of pieces) {
      const source = a + b + c;
      for (const body of [c, b + c, a + c, `x${c}`, c + a, '']) expect(bodyOf(source, storeBody(source, body))).toBe(body);
    }
  });

  test('keep of a long body no more than the source does not hold, wherever the two part', () => {
    // Bodies longer than the chunks the shared end is compared in, parting at and around each chunk's edge.
    const source = Array.from({ length: 1100 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    for (const shared of [1, 255, 256, 257, 511, 512, 513, 1099]) {
      const body = `${'#'.repeat(5)}${source.slice(source.length - shared)}`;
      expect(storeBody(source, body)).toEqual([body.slice(0, body.length - shared), shared]);
    }
    expect(storeBody(source, source)).toBe(source.length);
    expect(storeBody(source, `!${source}`)).toEqual(['!', source.length]);
  });

  test('read their code and the source only when asked for them, and structured clones (a worker\'s message) carry it', async () => {
    const source = '# Lazy\n';
    const key = 'ad'.repeat(32);
    await writeCompiled(dir, key, source, output('<h1>Lazy</h1>', source));
    let sourceReads = 0;
    const found = readCompiled(dir, key, () => (sourceReads++, source), isStored)!;
    const read = found.output;
    const { header } = readEntry(key);
    // Changed behind the entry's back before anything asked (the same byte count): the code read is the file's now, so it was not read at look-up.
    changeEntry(key, header.value, '<h1>Lazz</h1>[]');
    expect(structuredClone(read.compiled)).toEqual({ kind: 'html', code: '<h1>Lazz</h1>' });
    replaceCacheEntry(entryFile(key), 'changed again');
    // Read once: the second question is answered from memory.
    expect(read.compiled.code).toBe('<h1>Lazz</h1>');
    // The source likewise: read when the body is first asked for, and once.
    expect(sourceReads).toBe(0);
    expect(found.readBody()).toBe(source);
    expect(found.readBody()).toBe(source);
    expect(sourceReads).toBe(1);
  });

  test('keep the sections\' texts after the code and read them only when the sections are asked for', async () => {
    const source = '# Texts\n';
    const key = 'a1'.repeat(32);
    const sections: TextSection[] = [
      { id: '', title: '', text: ' Intro, with «quotes».\n' },
      { id: 'run', title: 'Run', text: 'def output = 1\n', relOutputs: ['/outputs/a.json'] },
      { id: 'empty', title: 'Empty', text: '' },
    ];
    await writeCompiled(dir, key, source, output('<h1>Texts</h1>', source, sections));
    const entry = readEntry(key);
    // The header holds each section's outline, its text's trimmed length in its place; the texts follow the code.
    expect(entry.header.value.sections).toEqual([
      { id: '', title: '', trimmedLength: 21 },
      { id: 'run', title: 'Run', relOutputs: ['/outputs/a.json'], trimmedLength: 14 },
      { id: 'empty', title: 'Empty', trimmedLength: 0 },
    ]);
    expect(entry.payload).toBe(`<h1>Texts</h1>${JSON.stringify(sections.map((section) => section.text))}`);
    // With their digest, which keys the page's search pieces without the texts.
    expect(entry.header.value.sectionsDigest).toBe(sectionsDigest(sections));
    const found = readCompiled(dir, key, () => source, isStored)!;
    // The texts changed behind the entry's back (the same byte count) before anyone asked: what is read is the file's now.
    changeEntry(key, entry.header.value, entry.payload.replace('Intro', 'Outro'));
    const read = found.output.sections;
    expect(read.map(({ id, title }) => [id, title])).toEqual([['', ''], ['run', 'Run'], ['empty', 'Empty']]);
    expect(read[1]!.relOutputs).toEqual(['/outputs/a.json']);
    expect(read[0]!.text).toBe(' Outro, with «quotes».\n');
    // Read once: the file changed again is not read, and the same array is given.
    changeEntry(key, entry.header.value, entry.payload.replace('Intro', 'Entry'));
    expect(found.output.sections).toBe(read);
    // JSON and structured clones see the sections as a plain property, in the compile's key order.
    expect(JSON.stringify(structuredClone(found.output))).toBe(JSON.stringify({ compiled: { kind: 'html', code: '<h1>Texts</h1>' }, sections: [{ ...sections[0], text: ' Outro, with «quotes».\n' }, sections[1], sections[2]] }));
    // Set, they are replaced.
    found.output.sections = [];
    expect(found.output.sections).toEqual([]);
    // The whole output spells the compile's output.
    changeEntry(key, entry.header.value, entry.payload);
    const whole = readCompiled(dir, key, () => source, isStored)!.whole();
    expect(JSON.stringify(whole)).toBe(JSON.stringify(output('<h1>Texts</h1>', source, sections)));
  });

  test('whose texts are not what the header counts are an error when a text is read, and are removed', async () => {
    const key = 'a2'.repeat(32);
    const sections: TextSection[] = [{ id: 'a', title: 'A', text: 'one' }, { id: 'b', title: 'B', text: 'two' }];
    await writeCompiled(dir, key, '', output('<p>x</p>', '', sections));
    const { header, payload } = readEntry(key);
    // Each the byte count of `["one","two"]`.
    // The last: as many texts as sections, one of another length than its outline says.
    for (const texts of ['["one"]      ', '["one",2]    ', '{"a":"b"}    ', '["one","twooo', '["one","tw "]']) {
      writeEntry(key, header.value, payload.replace('["one","two"]', texts));
      const found = readCompiled(dir, key, () => '', isStored)!;
      // The code is still its own.
      expect(found.output.compiled.code, texts).toBe('<p>x</p>');
      expect(() => found.output.sections, texts).toThrow(/a2\.compiled holds no texts for its sections, and was removed$/);
      expect(readCompiled(dir, key, () => '', isStored), texts).toBeUndefined();
    }
  });

  test("keep where each text, trimmed, is in the texts as JSON spells it: the search index's bytes, read while the sections are unread", async () => {
    const key = 'a3'.repeat(32);
    const sections: TextSection[] = trickyTexts.map((text, i) => ({ id: `s${i}`, title: `S${i}`, text }));
    await writeCompiled(dir, key, '', output('<p>x</p>', '', sections));
    const found = readCompiled(dir, key, () => '', isStored)!;
    const read = sectionsAsJson(found.output)!;
    expect(read().map((bytes) => Buffer.from(bytes).toString('utf8'))).toEqual(trickyTexts.map((text) => JSON.stringify(text.trim()).slice(1, -1)));
    // Once the sections are read, a plugin may change a text in place: no bytes are given then.
    expect(found.output.sections.map((section) => section.text)).toEqual(trickyTexts);
    expect(sectionsAsJson(found.output)).toBeUndefined();
    // Places that do not fit the texts (a damaged header), or no checksum, give no bytes; the texts are still read.
    const { header, payload } = readEntry(key);
    const { trimmed: places, textsCrc: crc } = header as unknown as { trimmed: number[]; textsCrc: number };
    for (const [trimmed, textsCrc] of [[[1, 2], crc], [[...places].reverse(), crc], ['x', crc], [undefined, crc], [places, undefined], [places, 'x']]) {
      replaceCacheEntry(entryFile(key), `${JSON.stringify({ ...header, trimmed, textsCrc })}\n${payload}`);
      const again = readCompiled(dir, key, () => '', isStored)!;
      expect(sectionsAsJson(again.output), JSON.stringify([trimmed, textsCrc])).toBeUndefined();
      expect(again.output.sections.map((section) => section.text)).toEqual(trickyTexts);
    }
  });

  test("whose texts' bytes are not what the compile wrote are an error when they are read, and are removed", async () => {
    const key = 'a4'.repeat(32);
    await writeCompiled(dir, key, '', output('<p>x</p>', '', [{ id: 'a', title: 'A', text: 'Walrus words.' }]));
    const { header, payload } = readEntry(key);
    // A quote in place of a letter: the same byte count, and JSON no longer.
    changeEntry(key, header.value, payload.replace('Walrus', 'Wa"rus'));
    const read = sectionsAsJson(readCompiled(dir, key, () => '', isStored)!.output)!;
    expect(() => read()).toThrow(/a4\.compiled holds no texts for its sections, and was removed$/);
    expect(readCompiled(dir, key, () => '', isStored)).toBeUndefined();
  });

  test('are a miss when absent, torn, filed under another key, or of another shape; code lost after the look-up is an error', async () => {
    const key = 'ef'.repeat(32);
    expect(readCompiled(dir, 'cd'.repeat(32), () => '', isStored)).toBeUndefined();
    await writeCompiled(dir, key, '', output('<p>x</p>', ''));
    expect(readCompiled(dir, key, () => '', isStored)).toBeDefined();
    const whole = cacheEntryBytes(entryFile(key))!.toString('utf8');
    const value = { compiled: { kind: 'html', code: null }, body: 0, sections: [], textBytes: 2 };
    const cases: [string, () => void][] = [
      ['torn header', () => replaceCacheEntry(entryFile(key), '{"key":"efef')],
      ['code cut short', () => replaceCacheEntry(entryFile(key), whole.slice(0, -2))],
      ['code longer than its count', () => replaceCacheEntry(entryFile(key), `${whole}more`)],
      ['another key', () => replaceCacheEntry(entryFile(key), `${JSON.stringify({ key: 'other', value, bytes: 0 })}\n`)],
      ['another shape', () => writeEntry(key, { body: 0 })],
      ['more bytes of texts than the payload holds', () => writeEntry(key, { ...value, textBytes: 11 }, '<p>x</p>[]')],
      ['no header', () => replaceCacheEntry(entryFile(key), '<p>x</p>')],
    ];
    for (const [name, damage] of cases) {
      damage();
      expect(readCompiled(dir, key, () => '', isStored), name).toBeUndefined();
    }
    await writeCompiled(dir, key, '', output('<p>x</p>', ''));
    const read = readCompiled(dir, key, () => '', isStored)!.output;
    cutCacheEntry(entryFile(key));
    expect(() => read.compiled.code).toThrow(/the compile cache lost .*ef\.compiled while the build ran/);
  });
});

/**
 * Texts whose JSON spelling is not their own: whitespace JSON escapes or leaves (trimmed off or
 * kept within), quotes, backslashes, control characters, a pair of surrogates and lone halves at
 * either end, characters of two to four bytes.
 */
const trickyTexts = [
  '',
  ' \n\t ',
  'plain',
  '\r\n\v\f "quoted" \\ back\\slash\u0001\u001f\u007f \u00a0',
  '\ufeff\u2028 line\u2029separators \u3000',
  '\ud800 lone high at the start, pair \ud83d\ude00 within, lone low at the end \udc00',
  '\udc00\u00a0',
  '\u00a0\ud83d\ude00\u2003',
  'é and € and 𝔘\n\n',
];

describe('the texts an entry keeps (textsPayload)', () => {
  test('are the JSON array of the texts, and place each text trimmed as JSON spells it, in UTF-8 bytes', () => {
    const { json, trimmed } = textsPayload(trickyTexts.map((text) => ({ id: '', title: '', text })));
    expect(json).toBe(JSON.stringify(trickyTexts));
    const bytes = Buffer.from(json);
    expect(trimmed).toHaveLength(2 * trickyTexts.length);
    trickyTexts.forEach((text, i) => {
      expect(bytes.subarray(trimmed[2 * i]!, trimmed[2 * i + 1]!).toString('utf8'), JSON.stringify(text)).toBe(JSON.stringify(text.trim()).slice(1, -1));
    });
  });

  test('are placed as they are laid out, and places a byte out are not (fitsTexts)', () => {
    // `["a","b"]`: a at 2–3, b at 6–7, in 9 bytes.
    const { json, trimmed } = textsPayload([{ id: '', title: '', text: 'a' }, { id: '', title: '', text: 'b' }]);
    expect([json, trimmed]).toEqual(['["a","b"]', [2, 3, 6, 7]]);
    expect(fitsTexts(trimmed, 2, 9)).toBe(true);
    expect(fitsTexts([], 0, 2)).toBe(true);
    expect(fitsTexts([2, 2], 1, 4)).toBe(true);
    // In the opening `["`, over the `","` between, in the closing `"]`, backwards, of another count or kind.
    for (const places of [[1, 3, 6, 7], [2, 3, 5, 7], [2, 3, 6, 8], [2, 1, 6, 7], [2, 3], [2, 3, 6, '7'], [2, 3, 6, 7.5]]) {
      expect(fitsTexts(places, 2, 9), JSON.stringify(places)).toBe(false);
    }
  });
});
