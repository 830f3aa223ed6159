import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, test } from 'vitest';
import { detachedStrings, readStub, readStubInWorker } from '../../../plugins/content-loader/read-stub.ts';

// dev keeps each page's stub until the page is compiled. A title cut from a page's text by a
// regular expression keeps the whole text alive in V8: the stubs read on the main thread must not.

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const dir = mkdtempSync(join(tmpdir(), 'docs-gen-stubs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PAGES = 24;
/** A page of about a megabyte: front matter, a first heading, then text. */
const files = Array.from({ length: PAGES }, (_, i) => {
  const file = join(dir, `page-${i}.md`);
  writeFileSync(file, `---\ntitle: A title long enough to be cut from the text ${i}\ndescription: And a description of page ${i}\ntags: [one, two]\n---\n\n# The first heading of page ${i}\n\n${'Text of the page. '.repeat(60_000)}\n`);
  return file;
});

/** Heap bytes in use once everything unreachable is collected. */
function heapAfterCollection(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('a stub read for dev', () => {
  test("keeps none of its page's text alive: its strings are copies (24 pages of a megabyte each)", () => {
    // The YAML parser loads on the first front matter that needs it: before the count starts.
    readStubInWorker({ file: files[0]!, relativePath: 'content/page-0.md' });
    const before = heapAfterCollection();
    const stubs = files.map((file, i) => readStubInWorker({ file, relativePath: `content/page-${i}.md` }));
    const held = heapAfterCollection() - before;
    expect(stubs[3]!.frontMatter).toEqual({ title: 'A title long enough to be cut from the text 3', description: 'And a description of page 3', tags: ['one', 'two'] });
    expect(stubs[3]!.headings).toEqual([{ id: '', value: 'The first heading of page 3', depth: 1 }]);
    // The texts are 24 MB; the stubs, a few kilobytes.
    expect(held).toBeLessThan(2 * 1024 * 1024);
  });

  test('is the stub the main thread reads, less its body', () => {
    const { body: _body, ...stub } = readStub(files[0]!, 'content/page-0.md');
    const fromWorker = readStubInWorker({ file: files[0]!, relativePath: 'content/page-0.md' });
    expect(fromWorker).toEqual(stub);
    expect(Object.keys(fromWorker)).toEqual(Object.keys(stub));
  });

  test('of a page whose front matter refers to itself (a YAML alias of its anchor)', () => {
    const file = join(dir, 'circular.md');
    writeFileSync(file, '---\ntitle: Loop\na: &x\n  b: *x\n---\n\n# Loop\n');
    const stub = readStubInWorker({ file, relativePath: 'content/circular.md' });
    const a = stub.frontMatter.a as { b: unknown };
    expect(stub.frontMatter.title).toBe('Loop');
    expect(a.b).toBe(a);
  });
});

describe('detachedStrings', () => {
  test('copies a value YAML anchors made shared or circular once, keeping its shape', () => {
    const shared = { name: 'shared' };
    const circular: Record<string, unknown> = { title: 'loop' };
    circular.self = circular;
    const copy = detachedStrings({ first: shared, second: shared, circular, list: [shared] });
    expect(copy.first).toBe(copy.second);
    expect(copy.list[0]).toBe(copy.first);
    expect(copy.first).not.toBe(shared);
    expect((copy.circular as Record<string, unknown>).self).toBe(copy.circular);
  });


  test('copies arrays and plain objects with their keys in order, an own __proto__ kept as a key; other values stay as they are', () => {
    const date = new Date(0);
    const value = JSON.parse('{"b":"x","a":[1,"y",{"c":null}],"__proto__":"own"}') as Record<string, unknown>;
    Object.assign(value, { when: date, n: Number.POSITIVE_INFINITY });
    const copy = detachedStrings(value);
    expect(copy).not.toBe(value);
    expect(Object.keys(copy)).toEqual(['b', 'a', '__proto__', 'when', 'n']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toBe('own');
    expect(copy.a).toEqual([1, 'y', { c: null }]);
    expect(copy.when).toBe(date);
    expect(copy.n).toBe(Number.POSITIVE_INFINITY);
  });
});
