// Cache files and atomic writes (src/util/cache-entry.ts, src/util/write-atomically.ts): one
// folder per cache, made by the first write that finds none; a write leaves the whole file or the
// old one, never its temporary; in a worker thread the same, written synchronously.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, test } from 'vitest';
import { cacheFilePath, readCacheEntrySync, readCacheFileHeader, readCacheFilePayload, readCacheFilePayloadRange, writeCacheEntry, writeCacheFile, writeHeaderedCacheFile } from '../../../src/util/cache-entry.ts';
import { writeAtomically, writeAtomicallySync } from '../../../src/util/write-atomically.ts';
import { distPath } from '../../../src/util/dist-path.ts';

const dir = mkdtempSync(join(tmpdir(), 'cache-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const isText = (value: unknown): value is string => typeof value === 'string';

describe('a cache folder', () => {
  test('holds its entries side by side, made by the first write, and made again when it is removed', async () => {
    const cache = join(dir, 'one', 'rendered');
    await writeCacheEntry(cache, 'a'.repeat(64), 'first');
    await writeCacheFile(cacheFilePath(cache, 'b'.repeat(64), 'html'), '<p>b</p>');
    expect(readdirSync(cache, { withFileTypes: true }).map((entry) => [entry.name, entry.isFile()]).sort()).toEqual([
      [`${'a'.repeat(64)}.json`, true],
      [`${'b'.repeat(64)}.html`, true],
    ]);
    // Cleared while a process runs (a second build pruning it, a writer clearing it by hand): the next write makes it again.
    rmSync(join(dir, 'one'), { recursive: true });
    await writeCacheEntry(cache, 'c'.repeat(64), 'after');
    expect(readCacheEntrySync(cache, 'c'.repeat(64), isText)).toBe('after');
  });

  test('a cache that cannot be written costs nothing but the entry', async () => {
    // A file where the folder should be: no folder can be made, and no error reaches the build.
    writeFileSync(join(dir, 'blocked'), 'a file');
    await expect(writeCacheEntry(join(dir, 'blocked', 'compiled'), 'd'.repeat(64), 'never')).resolves.toBeUndefined();
    expect(readCacheEntrySync(join(dir, 'blocked', 'compiled'), 'd'.repeat(64), isText)).toBeUndefined();
  });
});

describe('an atomic write', () => {
  test('leaves the file whole and no temporary, asynchronously and synchronously, many at once', async () => {
    const folder = join(dir, 'atomic');
    mkdirSync(folder);
    await Promise.all(Array.from({ length: 50 }, (_, n) => writeAtomically(join(folder, 'same.txt'), `text ${n}`)));
    for (let n = 0; n < 50; n++) writeAtomicallySync(join(folder, 'sync.txt'), `text ${n}`);
    expect(readdirSync(folder).sort()).toEqual(['same.txt', 'sync.txt']);
    expect(readFileSync(join(folder, 'same.txt'), 'utf8')).toMatch(/^text \d+$/);
    expect(readFileSync(join(folder, 'sync.txt'), 'utf8')).toBe('text 49');
  });

  test('that fails leaves no temporary behind', async () => {
    const folder = join(dir, 'failing');
    mkdirSync(join(folder, 'target.txt'), { recursive: true });
    // The target is a folder: the rename fails after the temporary was written.
    await expect(writeAtomically(join(folder, 'target.txt'), 'x')).rejects.toThrow();
    expect(() => writeAtomicallySync(join(folder, 'target.txt'), 'x')).toThrow();
    expect(readdirSync(folder)).toEqual(['target.txt']);
  });

  test('from worker threads and this one at once, the names of their temporaries never meet', async () => {
    const folder = join(dir, 'threads');
    mkdirSync(folder);
    const script = `
      const { workerData, parentPort } = require('node:worker_threads');
      import(workerData.module).then(async ({ writeCacheFile }) => {
        for (let n = 0; n < 200; n++) await writeCacheFile(workerData.file, 'from a worker ' + n);
        parentPort.postMessage('done');
      });`;
    const file = join(folder, 'shared.json');
    const workers = [1, 2].map((n) => new Worker(script, { eval: true, workerData: { module: pathToFileURL(distPath('src/util/cache-entry.js')).href, file, n } }));
    const done = workers.map((worker) => new Promise((resolve, reject) => (worker.once('message', resolve), worker.once('error', reject))));
    for (let n = 0; n < 200; n++) await writeCacheFile(file, `from the main thread ${n}`);
    await Promise.all(done);
    await Promise.all(workers.map((worker) => worker.terminate()));
    expect(readdirSync(folder)).toEqual(['shared.json']);
    expect(readFileSync(file, 'utf8')).toMatch(/^from (a worker|the main thread) \d+$/);
  });
});

describe('a headered cache file', () => {
  const isAny = (value: unknown): value is { key: string; bytes: number } => typeof value === 'object' && value !== null;

  test("its payload is read only while the file is the one whose header was read: one replaced since, with a longer header, is an error", async () => {
    const file = join(dir, 'headered', `${'h'.repeat(64)}.page`);
    await writeHeaderedCacheFile(file, { key: 'h'.repeat(64), note: 'ab' }, '<p>payload</p>');
    const found = readCacheFileHeader(file, 'h'.repeat(64), isAny)!;
    expect(readCacheFilePayload(found).toString('utf8')).toBe('<p>payload</p>');
    // The same total size: three bytes more of header, three fewer of payload.
    writeFileSync(file, `${JSON.stringify({ key: 'h'.repeat(64), note: 'abcde', bytes: 11 })}\n<p>payl</p>`);
    expect(readFileSync(file).length).toBe(found.payloadStart + found.header.bytes);
    expect(() => readCacheFilePayload(found)).toThrow(/changed since it was looked up/);
  });

  test('a part of its payload is read alone, under the same conditions', async () => {
    const file = join(dir, 'headered', `${'r'.repeat(64)}.page`);
    await writeHeaderedCacheFile(file, { key: 'r'.repeat(64), note: 'ab' }, '<p>é</p>["text"]');
    const found = readCacheFileHeader(file, 'r'.repeat(64), isAny)!;
    // Byte offsets: é is two bytes.
    expect(readCacheFilePayloadRange(found, 0, 9).toString('utf8')).toBe('<p>é</p>');
    expect(readCacheFilePayloadRange(found, 9, found.header.bytes).toString('utf8')).toBe('["text"]');
    writeFileSync(file, `${JSON.stringify({ key: 'r'.repeat(64), note: 'abcde', bytes: 14 })}\n<p>é</p>["t"]`);
    expect(readFileSync(file).length).toBe(found.payloadStart + found.header.bytes);
    expect(() => readCacheFilePayloadRange(found, 9, found.header.bytes)).toThrow(/changed since it was looked up/);
    writeFileSync(file, 'short');
    expect(() => readCacheFilePayloadRange(found, 0, 9)).toThrow(/changed since it was looked up/);
    rmSync(file);
    expect(() => readCacheFilePayloadRange(found, 0, 9)).toThrow(/ENOENT/);
  });
});
