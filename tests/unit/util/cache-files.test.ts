// Cache files and atomic writes (src/util/cache-entry.ts, src/util/write-atomically.ts): one
// folder per cache, made by the first write that finds none; a write leaves the whole file or the
// old one, never its temporary; in a worker thread the same, written synchronously. Headered
// entries (compiled and rendered pages) in packs (src/util/cache-packs.ts).
import { createHash } from 'node:crypto';
import { appendFileSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, truncateSync, utimesSync, writeFileSync, writeSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, test } from 'vitest';
import { cacheFileNames, cacheFilePath, dropCacheFileEntry, mergeCacheFiles, mergePackedCaches, noteCacheFileUsed, payloadPart, recordCacheFilesUsed, readCacheEntrySync, readCacheFileHeader, readCacheFileHeaderAt, readCacheFilePayload, readCacheFilePayloadRange, readPayloadPart, refreshCacheFiles, writeCacheEntry, writeCacheFile, writeHeaderedCacheFile } from '../../../src/util/cache-entry.ts';
import { MERGE_LOCK, OPEN_PACKS_KEPT, PACKS_BEFORE_MERGE, isPruneDue, packFolder, packsToMerge } from '../../../src/util/cache-packs.ts';
import { cacheEntryBytes } from '../../cache-entries.ts';
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

describe('headered cache entries, kept in packs', () => {
  const isAny = (value: unknown): value is { key: string; bytes: number } => typeof value === 'object' && value !== null;
  const key = (letter: string) => letter.repeat(64);
  const entry = (folder: string, letter: string) => cacheFilePath(folder, key(letter), 'page');

  test('are found by their header, their payload read whole or in part, from one pack and its index per writing thread', async () => {
    const folder = join(dir, 'packed');
    await writeHeaderedCacheFile(entry(folder, 'h'), { key: key('h'), note: 'ab' }, '<p>é</p>["text"]');
    await writeHeaderedCacheFile(entry(folder, 'i'), { key: key('i') }, 'second');
    const found = readCacheFileHeader(entry(folder, 'h'), key('h'), isAny)!;
    expect(found.header).toMatchObject({ key: key('h'), note: 'ab', bytes: 17 });
    expect(readCacheFilePayload(found).toString('utf8')).toBe('<p>é</p>["text"]');
    // Byte offsets: é is two bytes.
    expect(readCacheFilePayloadRange(found, 0, 9).toString('utf8')).toBe('<p>é</p>');
    expect(readCacheFilePayloadRange(found, 9, found.header.bytes).toString('utf8')).toBe('["text"]');
    expect(readCacheFilePayload(readCacheFileHeader(entry(folder, 'i'), key('i'), isAny)!).toString('utf8')).toBe('second');
    // Not a file per entry: a pack and its index.
    const files = readdirSync(folder).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^[0-9a-f]{12}-\d+\.index$/);
    expect(files[1]).toBe(files[0]!.replace(/\.index$/, '.pack'));
    expect(readFileSync(join(folder, files[0]!), 'utf8')).toBe(`${key('h')}.page\t0\t${found.payloadStart + 17}\n${key('i')}.page\t${found.payloadStart + 17}\t${readFileSync(join(folder, files[1]!)).length - found.payloadStart - 17}\n`);
    expect(cacheFileNames(folder).sort()).toEqual([`${key('h')}.page`, `${key('i')}.page`]);
    // Under another key's name, or another name: a miss.
    expect(readCacheFileHeader(entry(folder, 'h'), key('i'), isAny)).toBeUndefined();
    expect(readCacheFileHeader(entry(folder, 'j'), key('j'), isAny)).toBeUndefined();
  });

  test('a pack cut short is a miss at the look-up, and an error at a payload read after it', async () => {
    const folder = join(dir, 'cut');
    await writeHeaderedCacheFile(entry(folder, 'c'), { key: key('c') }, 'x'.repeat(100));
    const found = readCacheFileHeader(entry(folder, 'c'), key('c'), isAny)!;
    const pack = readdirSync(folder).find((name) => name.endsWith('.pack'))!;
    truncateSync(join(folder, pack), found.payloadStart + 50);
    expect(() => readCacheFilePayload(found)).toThrow(/changed since it was looked up/);
    expect(readCacheFilePayloadRange(found, 0, 50).toString()).toBe('x'.repeat(50));
    expect(readCacheFileHeader(entry(folder, 'c'), key('c'), isAny)).toBeUndefined();
    // Forgotten once missed: written again, and found.
    await writeHeaderedCacheFile(entry(folder, 'c'), { key: key('c') }, 'again');
    expect(readCacheFilePayload(readCacheFileHeader(entry(folder, 'c'), key('c'), isAny)!).toString()).toBe('again');
  });

  test('a pack cut short after the size was learnt is a miss once the folder is read again', async () => {
    const folder = join(dir, 'cut-later');
    // Longer than a look-up's first read: its size is asked for, and kept while the pack stays open.
    await writeHeaderedCacheFile(entry(folder, 'l'), { key: key('l') }, 'y'.repeat(20_000));
    const found = readCacheFileHeader(entry(folder, 'l'), key('l'), isAny)!;
    expect(readCacheFileHeader(entry(folder, 'l'), key('l'), isAny)).toBeDefined();
    // Past a look-up's first read: only the size tells the entry is not whole.
    truncateSync(found.place.pack, found.payloadStart + 8000);
    // A new pass over the folder (the next build, dev's next look-up) asks the file system again.
    refreshCacheFiles(folder);
    expect(readCacheFileHeader(entry(folder, 'l'), key('l'), isAny)).toBeUndefined();
  });

  test('a pack closed to make room for others is asked its size again when opened again', async () => {
    const folder = join(dir, 'evicted');
    await writeHeaderedCacheFile(entry(folder, 'e'), { key: key('e') }, 'z'.repeat(20_000));
    const found = readCacheFileHeader(entry(folder, 'e'), key('e'), isAny)!;
    // One pack per folder: reading from as many others closes this one.
    for (let i = 0; i < OPEN_PACKS_KEPT; i++) {
      const other = join(dir, 'evicting', String(i));
      await writeHeaderedCacheFile(entry(other, 'f'), { key: key('f') }, 'w');
      expect(readCacheFileHeader(entry(other, 'f'), key('f'), isAny)).toBeDefined();
    }
    truncateSync(found.place.pack, found.payloadStart + 8000);
    // No new pass over the folder, and the header's read is whole: only the closing forgot the size.
    expect(readCacheFileHeader(entry(folder, 'e'), key('e'), isAny)).toBeUndefined();
  });

  test('a read that comes up short makes the next look-up ask the size again', async () => {
    const folder = join(dir, 'cut-inside');
    await writeHeaderedCacheFile(entry(folder, 'a'), { key: key('a') }, 'a'.repeat(20_000));
    await writeHeaderedCacheFile(entry(folder, 'b'), { key: key('b') }, 'b'.repeat(20_000));
    expect(readCacheFileHeader(entry(folder, 'a'), key('a'), isAny)).toBeDefined();
    const b = readCacheFileHeader(entry(folder, 'b'), key('b'), isAny)!;
    // Cut in place by another program, inside b, after this pass learnt the pack's size.
    truncateSync(b.place.pack, b.payloadStart + 100);
    expect(() => readCacheFilePayload(b)).toThrow(/changed since it was looked up/);
    expect(readCacheFileHeader(entry(folder, 'b'), key('b'), isAny)).toBeUndefined();
  });

  test('an entry dropped is a miss to every look-up after, and can be written again', async () => {
    const folder = join(dir, 'dropped');
    await writeHeaderedCacheFile(entry(folder, 'd'), { key: key('d') }, 'first');
    dropCacheFileEntry(readCacheFileHeader(entry(folder, 'd'), key('d'), isAny)!);
    expect(readCacheFileHeader(entry(folder, 'd'), key('d'), isAny)).toBeUndefined();
    // A thread that reads the folder afresh does not take it either: its header is spoiled in the pack.
    const fresh = await inWorker<string | null>(`
      const { readCacheFileHeader } = await import(workerData.module);
      const found = readCacheFileHeader(workerData.file, workerData.key, (v) => typeof v === 'object' && v !== null);
      return found ? 'found' : null;`, { file: entry(folder, 'd'), key: key('d') });
    expect(fresh).toBeNull();
    await writeHeaderedCacheFile(entry(folder, 'd'), { key: key('d') }, 'second');
    expect(readCacheFilePayload(readCacheFileHeader(entry(folder, 'd'), key('d'), isAny)!).toString()).toBe('second');
  });

  test("an index line not yet whole is not read; another thread's entries are found once the folder is read again", async () => {
    const folder = join(dir, 'threads-packed');
    await writeHeaderedCacheFile(entry(folder, 'm'), { key: key('m') }, 'main');
    await inWorker(`
      const { writeHeaderedCacheFile } = await import(workerData.module);
      for (const letter of ['w', 'x']) await writeHeaderedCacheFile(workerData.folder + '/' + letter.repeat(64) + '.page', { key: letter.repeat(64) }, 'from a worker ' + letter);
      return null;`, { folder });
    // This thread read the folder before the worker wrote: a miss until it reads it again.
    expect(readCacheFileHeader(entry(folder, 'w'), key('w'), isAny)).toBeUndefined();
    const workerIndex = readdirSync(folder).filter((name) => name.endsWith('.index')).map((name) => join(folder, name)).find((path) => readFileSync(path, 'utf8').includes(key('w')))!;
    // A line being written when the folder is read: left for the next read.
    appendFileSync(workerIndex, `${key('y')}.page\t0`);
    refreshCacheFiles(folder);
    expect(readCacheFilePayload(readCacheFileHeader(entry(folder, 'x'), key('x'), isAny)!).toString()).toBe('from a worker x');
    expect(cacheFileNames(folder).sort()).toEqual(['m', 'w', 'x'].map((letter) => `${key(letter)}.page`));
  });

  test('a folder cleared is read as empty, and the next write makes a new pack there', async () => {
    const folder = join(dir, 'cleared');
    await writeHeaderedCacheFile(entry(folder, 'a'), { key: key('a') }, 'before');
    expect(readCacheFileHeader(entry(folder, 'a'), key('a'), isAny)).toBeDefined();
    rmSync(folder, { recursive: true });
    refreshCacheFiles(folder);
    expect(readCacheFileHeader(entry(folder, 'a'), key('a'), isAny)).toBeUndefined();
    await writeHeaderedCacheFile(entry(folder, 'b'), { key: key('b') }, 'after');
    expect(readdirSync(folder).filter((name) => name.endsWith('.pack'))).toHaveLength(1);
    refreshCacheFiles(folder);
    expect(readCacheFilePayload(readCacheFileHeader(entry(folder, 'b'), key('b'), isAny)!).toString()).toBe('after');
  });

  test(`a folder of more than ${PACKS_BEFORE_MERGE} packs has its smallest merged into one, leaving dropped entries out and the large packs as they are`, async () => {
    const folder = join(dir, 'merged');
    // The largest pack, and one pack per worker after it.
    await writeHeaderedCacheFile(entry(folder, 'L'), { key: key('L') }, 'large '.repeat(1000));
    // Dropped in the largest pack, and written again in a small one: the small one's copy is kept.
    await writeHeaderedCacheFile(entry(folder, 'x'), { key: key('x') }, 'first x');
    dropCacheFileEntry(readCacheFileHeader(entry(folder, 'x'), key('x'), isAny)!);
    const letters = 'abcdefghx'.split('');
    // The packs of a, b and d are large (more than twice all the small ones together): left as they are.
    const payload = (letter: string) => `small ${letter}${'abd'.includes(letter) ? '+'.repeat(2000 + letter.charCodeAt(0)) : ''}`;
    for (const letter of letters) {
      await inWorker(`
        const { writeHeaderedCacheFile } = await import(workerData.module);
        await writeHeaderedCacheFile(workerData.file, { key: workerData.key }, workerData.payload);
        // a's pack holds s too.
        if (workerData.key.startsWith('a')) await writeHeaderedCacheFile(workerData.file.replace(/a+\.page$/, 's'.repeat(64) + '.page'), { key: 's'.repeat(64) }, 'shared s');
        return null;`, { file: entry(folder, letter), key: key(letter), payload: payload(letter) });
    }
    // A second whole copy of s, in a small pack of its own (a thread that did not list it yet).
    const shared = cacheEntryBytes(entry(folder, 's'))!;
    await inWorker(`
      const { packFolder } = await import(workerData.module.replace(/cache-entry\.js$/, 'cache-packs.js'));
      packFolder(workerData.folder).append(workerData.name, [Buffer.from(workerData.bytes)]);
      return null;`, { folder, name: `${key('s')}.page`, bytes: [...shared] });
    refreshCacheFiles(folder);
    dropCacheFileEntry(readCacheFileHeader(entry(folder, 'c'), key('c'), isAny)!);
    const packsBefore = readdirSync(folder).filter((name) => name.endsWith('.pack'));
    expect(packsBefore).toHaveLength(11);
    const packOf = (letter: string) => packsBefore.find((name) => readFileSync(join(folder, name.replace(/\.pack$/, '.index')), 'utf8').startsWith(key(letter)))!;
    const left = ['L', 'a', 'b', 'd'].map(packOf).sort();
    const leftBytes = left.map((name) => readFileSync(join(folder, name)));
    // The seven small packs: c, e, f, g, h, x, and s's second copy.
    expect(mergeCacheFiles(folder)).toBe(7);
    const packsAfter = readdirSync(folder).filter((name) => name.endsWith('.pack')).sort();
    expect(packsAfter).toHaveLength(5);
    expect(readdirSync(folder).filter((name) => name.endsWith('.index'))).toHaveLength(5);
    // The large packs are where they were, unchanged (the dropped x in the largest too), and the others are one new pack.
    expect(packsAfter.filter((name) => left.includes(name))).toEqual(left);
    expect(left.map((name) => readFileSync(join(folder, name)))).toEqual(leftBytes);
    // The new pack holds what only the small packs held whole: not s, whole in a's pack, nor the dropped c.
    const merged = packsAfter.find((name) => !left.includes(name))!;
    const mergedNames = readFileSync(join(folder, merged.replace(/\.pack$/, '.index')), 'utf8').split('\n').filter(Boolean).map((line) => line.split('\t')[0]!.slice(0, 1)).sort();
    expect(mergedNames).toEqual(['e', 'f', 'g', 'h', 'x']);
    expect(readCacheFilePayload(readCacheFileHeader(entry(folder, 'L'), key('L'), isAny)!).toString()).toBe('large '.repeat(1000));
    expect(readCacheFilePayload(readCacheFileHeader(entry(folder, 's'), key('s'), isAny)!).toString()).toBe('shared s');
    for (const letter of letters) {
      const found = readCacheFileHeader(entry(folder, letter), key(letter), isAny);
      if (letter === 'c') expect(found).toBeUndefined();
      else expect(readCacheFilePayload(found!).toString(), letter).toBe(payload(letter));
    }
    expect(cacheFileNames(folder)).toHaveLength(10);
    // Few packs: nothing to merge.
    expect(mergeCacheFiles(folder)).toBe(0);
  });

  test('one-page rebuilds of a 50 KB page after a 5 KB and a 12 KB one are merged: pages of different sizes hold no merge off', async () => {
    const folder = join(dir, 'staircase');
    let n = 0;
    // Each pack as a thread of its own writes it (closed after its entry: the next write opens another).
    const packOf = async (bytes: number) => {
      const name = (n++).toString(16).padStart(64, '0');
      await writeHeaderedCacheFile(cacheFilePath(folder, name, 'page'), { key: name }, 'x'.repeat(bytes));
      packFolder(folder).closeOwn();
    };
    // A cold build on two workers, then the rebuilds.
    for (const bytes of [1e6, 1e6, 5e3, 12e3]) await packOf(bytes);
    const counts: number[] = [];
    for (let rebuild = 0; rebuild < 30; rebuild++) {
      await packOf(50e3);
      mergeCacheFiles(folder);
      counts.push(readdirSync(folder).filter((name) => name.endsWith('.pack')).length);
    }
    expect(Math.max(...counts), String(counts)).toBeLessThanOrEqual(PACKS_BEFORE_MERGE + 1);
    expect(cacheFileNames(folder)).toHaveLength(34);
  });

  describe('the packs a merge takes', () => {
    const pack = (name: string, bytes: number) => ({ pack: name, bytes });
    test('are the small ones a few rebuilds added, not the large ones of a cold build', () => {
      const cold = [pack('w1', 50e6), pack('w2', 49e6)];
      const small = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'].map((name, i) => pack(name, 40e3 + i * 1000));
      expect(packsToMerge([...cold, ...small]).map(({ pack: name }) => name)).toEqual(small.map(({ pack: name }) => name));
      // One small pack beside eight large ones: nothing worth merging yet.
      expect(packsToMerge([...Array.from({ length: 8 }, (_, i) => pack(`w${i}`, 12e6)), pack('r1', 40e3)])).toEqual([]);
      // Large packs of one size are taken together once enough has come after them.
      expect(packsToMerge([pack('w1', 10e6), pack('w2', 10e6), pack('m', 6e6)]).map(({ pack: name }) => name)).toEqual(['m', 'w1', 'w2']);
      // An odd small pack (a check's, a build's that stopped) goes with the rebuilds' packs after it, rather than hold every merge off.
      expect(packsToMerge([pack('odd', 100), ...small, ...cold]).map(({ pack: name }) => name)).toEqual(['odd', ...small.map(({ pack: name }) => name)]);
      // Packs of very different sizes below (pages of different lengths edited), then a pair of about one size: all go.
      expect(packsToMerge([pack('a', 5e3), pack('b', 12e3), pack('c', 50e3), pack('d', 50e3), ...cold]).map(({ pack: name }) => name)).toEqual(['a', 'b', 'c', 'd']);
      // Not with a large pack after it: it waits for another small one.
      expect(packsToMerge([pack('odd', 100), pack('r1', 40e3), ...cold])).toEqual([]);
      expect(packsToMerge([pack('r1', 40e3), pack('m', 5e6), ...Array.from({ length: 8 }, (_, i) => pack(`w${i}`, 12.5e6))])).toEqual([]);
    });

    test('keep a folder of few packs through rebuilds of pages of mixed sizes, checks and stopped builds (40 seeded runs of 300 builds)', () => {
      for (let seed = 1; seed <= 40; seed++) {
        // A small seeded generator: the same runs every time.
        let state = seed;
        const random = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
        const workers = 1 + Math.floor(random() * 8);
        let n = 0;
        let packs = Array.from({ length: workers }, () => pack(`cold-${n++}`, 100e6 / workers));
        let added = 0;
        let copied = 0;
        let mostPacks = 0;
        for (let build = 0; build < 300; build++) {
          const kind = random();
          // A check's few entries, a dev session's, a build stopped part way, or a page of 2 to 200 KB edited.
          const bytes = kind < 0.1 ? 300 : kind < 0.15 ? 4e3 : kind < 0.17 ? 20e6 * random() : 2e3 + random() * 200e3;
          packs.push(pack(`build-${String(n++).padStart(5, '0')}`, bytes));
          added += bytes;
          if (packs.length > PACKS_BEFORE_MERGE) {
            const merged = packsToMerge(packs);
            if (merged.length) {
              const sum = merged.reduce((total, p) => total + p.bytes, 0);
              copied += sum;
              packs = [...packs.filter((p) => !merged.includes(p)), pack(`merged-${String(n++).padStart(5, '0')}`, sum)];
            }
          }
          mostPacks = Math.max(mostPacks, packs.length);
        }
        expect(mostPacks, `seed ${seed}`).toBeLessThanOrEqual(2 * PACKS_BEFORE_MERGE);
        expect(copied, `seed ${seed}`).toBeLessThan(10 * added);
      }
    });

    test.each([1, 2, 4, 5, 8].flatMap((workers) => [{ workers, odd: false }, { workers, odd: true }]))('over 300 rebuilds on $workers workers (an odd small pack among them: $odd): a bounded count, each large pack copied at most once, the rest a few times what was added', ({ workers, odd }) => {
      const cache = 100e6;
      const added = 50e3;
      let n = 0;
      let packs = Array.from({ length: workers }, () => pack(`cold-${n++}`, cache / workers));
      if (odd) packs.push(pack('odd', 100));
      const copies = new Map<string, number>();
      let copiedOther = 0;
      let mostPacks = 0;
      for (let rebuild = 0; rebuild < 300; rebuild++) {
        packs.push(pack(`rebuild-${String(n++).padStart(4, '0')}`, added));
        if (packs.length > PACKS_BEFORE_MERGE) {
          const merged = packsToMerge(packs);
          for (const { pack: name, bytes } of merged) {
            if (name.startsWith('cold-')) copies.set(name, (copies.get(name) ?? 0) + 1);
            else copiedOther += bytes;
          }
          // What the first hundred rebuilds added is less than half of any cold pack: no merge takes one.
          if (rebuild < 100) expect(merged.filter(({ pack: name }) => name.startsWith('cold-'))).toEqual([]);
          if (merged.length) packs = [...packs.filter((p) => !merged.includes(p)), pack(`merged-${String(n++).padStart(4, '0')}`, merged.reduce((sum, p) => sum + p.bytes, 0))];
        }
        mostPacks = Math.max(mostPacks, packs.length);
      }
      expect([...copies.values()].every((count) => count <= 1)).toBe(true);
      expect(copiedOther).toBeLessThan(6 * 300 * added);
      expect(mostPacks).toBeLessThanOrEqual(PACKS_BEFORE_MERGE + workers);
      // The odd pack went in a merge, as soon as the first.
      if (odd) expect(packs.some(({ pack: name }) => name === 'odd')).toBe(false);
    });
  });

  test('an entry another thread dropped, or one cut short, is written again by a thread that still lists it', async () => {
    const folder = join(dir, 'rewritten');
    await writeHeaderedCacheFile(entry(folder, 'r'), { key: key('r') }, 'first');
    const found = readCacheFileHeader(entry(folder, 'r'), key('r'), isAny)!;
    // Spoiled as another thread's drop would, behind this thread's view.
    const fd = openSync(found.place.pack, 'r+');
    writeSync(fd, '#', found.place.start);
    closeSync(fd);
    await writeHeaderedCacheFile(entry(folder, 'r'), { key: key('r') }, 'second');
    expect(readCacheFilePayload(readCacheFileHeader(entry(folder, 'r'), key('r'), isAny)!).toString()).toBe('second');
    // Whole: written once.
    await writeHeaderedCacheFile(entry(folder, 'r'), { key: key('r') }, 'third');
    expect(readCacheFilePayload(readCacheFileHeader(entry(folder, 'r'), key('r'), isAny)!).toString()).toBe('second');
  });

  test('an entry written in another thread is read at the place that thread gives, before this thread reads the folder again; a part of it too', async () => {
    const folder = join(dir, 'places');
    await writeHeaderedCacheFile(entry(folder, 'k'), { key: key('k') }, 'on this thread');
    // The worker's answer: where its entries are, as a compile task's answer says.
    const places = await inWorker<{ pack: string; start: number; length: number }[]>(`
      const { writeHeaderedCacheFile } = await import(workerData.module);
      const places = [];
      for (const letter of ['u', 'v']) places.push(await writeHeaderedCacheFile(workerData.folder + '/' + letter.repeat(64) + '.page', { key: letter.repeat(64) }, 'code of ' + letter + '|texts'));
      // A whole copy listed already: its place again, and nothing written.
      places.push(await writeHeaderedCacheFile(workerData.folder + '/' + 'u'.repeat(64) + '.page', { key: 'u'.repeat(64) }, 'code of u|texts'));
      return places;`, { folder });
    expect(places[2]).toEqual(places[0]);
    // Not looked up: this thread has not read the folder since the worker wrote.
    expect(readCacheFileHeader(entry(folder, 'v'), key('v'), isAny)).toBeUndefined();
    const found = readCacheFileHeaderAt(entry(folder, 'v'), places[1]!, key('v'), isAny)!;
    expect(readCacheFilePayload(found).toString()).toBe('code of v|texts');
    // Another key's place, or a place one byte off: nothing.
    expect(readCacheFileHeaderAt(entry(folder, 'v'), places[0]!, key('v'), isAny)).toBeUndefined();
    expect(readCacheFileHeaderAt(entry(folder, 'v'), { ...places[1]!, start: places[1]!.start + 1 }, key('v'), isAny)).toBeUndefined();
    // A part of the payload, as a third thread reads it (the worker that renders the page).
    const part = payloadPart(found, 0, 'code of v'.length);
    expect(readPayloadPart(part).toString()).toBe('code of v');
    expect(await inWorker<string>(`
      const { readPayloadPart } = await import(workerData.module);
      return readPayloadPart(workerData.part).toString();`, { part })).toBe('code of v');
    expect(() => payloadPart(found, 0, found.header.bytes + 1)).toThrow(/are not in its payload/);
    // Its pack removed: an error, which the reader turns into its own (render-in-pool.ts).
    rmSync(folder, { recursive: true });
    expect(await inWorker<string>(`
      const { readPayloadPart } = await import(workerData.module);
      try { readPayloadPart(workerData.part); return 'read'; } catch (error) { return error.message; }`, { part })).toMatch(/changed since it was looked up/);
    // A write that fails gives no place.
    writeFileSync(join(dir, 'not-a-folder'), '');
    expect(await writeHeaderedCacheFile(entry(join(dir, 'not-a-folder', 'x'), 'z'), { key: key('z') }, 'never')).toBeUndefined();
  });

  test("a part of a payload is read only inside it, never from the next entry's bytes", async () => {
    const folder = join(dir, 'ranges');
    await writeHeaderedCacheFile(entry(folder, 'p'), { key: key('p') }, 'payload');
    await writeHeaderedCacheFile(entry(folder, 'q'), { key: key('q') }, 'next entry');
    const found = readCacheFileHeader(entry(folder, 'p'), key('p'), isAny)!;
    expect(readCacheFilePayloadRange(found, 3, 7).toString()).toBe('load');
    for (const [start, end] of [[0, 8], [-1, 2], [5, 4], [0, 1.5]]) expect(() => readCacheFilePayloadRange(found, start!, end!), `${start}–${end}`).toThrow(/are not in its payload of 7/);
  });

  test('a thread whose write into a folder failed writes no more there: no pair of files per entry on a full disk', async () => {
    const folder = join(dir, 'failing-writes');
    // A file where the folder should be: the pack cannot be made.
    writeFileSync(folder, 'a file');
    await writeHeaderedCacheFile(entry(folder, 'f'), { key: key('f') }, 'never');
    rmSync(folder);
    mkdirSync(folder);
    await writeHeaderedCacheFile(entry(folder, 'g'), { key: key('g') }, 'not either');
    expect(readdirSync(folder)).toEqual([]);
    // Until the thread reads the folder again (a pass of look-ups, a dev compile): then it tries again.
    refreshCacheFiles(folder);
    await writeHeaderedCacheFile(entry(folder, 'h'), { key: key('h') }, 'written');
    expect(readCacheFilePayload(readCacheFileHeader(entry(folder, 'h'), key('h'), isAny)!).toString()).toBe('written');
  });

  describe('merging', () => {
    /** A folder of `count` packs of one entry each, written by as many worker threads. */
    async function folderOfPacks(name: string, count: number): Promise<string> {
      const folder = join(dir, name);
      for (let n = 0; n < count; n++) {
        await inWorker(`
          const { writeHeaderedCacheFile } = await import(workerData.module);
          await writeHeaderedCacheFile(workerData.file, { key: workerData.key }, 'entry ' + workerData.n);
          return null;`, { file: entry(folder, String.fromCharCode(97 + n)), key: key(String.fromCharCode(97 + n)), n });
      }
      refreshCacheFiles(folder);
      return folder;
    }
    const packsIn = (folder: string) => readdirSync(folder).filter((name) => name.endsWith('.pack')).length;

    test('that cannot write its pack (a full disk) gives up, leaving the packs as they were and no pack of its own', async () => {
      const folder = await folderOfPacks('full-disk', PACKS_BEFORE_MERGE + 1);
      const before = readdirSync(folder).sort();
      // In a thread whose writes fail after the first `okWrites`: the lock's, the merged pack's first entry, its index line, the second entry.
      for (const okWrites of [0, 1, 2, 3]) {
        const merged = await inWorker<number>(`
          const fs = require('node:fs');
          const write = fs.writeSync;
          let writes = 0;
          fs.writeSync = (...args) => {
            if (writes++ >= workerData.okWrites) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
            return write(...args);
          };
          require('node:module').syncBuiltinESMExports();
          const { mergeCacheFiles } = await import(workerData.module);
          return mergeCacheFiles(workerData.folder);`, { folder, okWrites });
        expect(merged, `after ${okWrites} writes`).toBe(0);
        expect(readdirSync(folder).sort(), `after ${okWrites} writes`).toEqual(before);
      }
      for (let n = 0; n <= PACKS_BEFORE_MERGE; n++) {
        const letter = String.fromCharCode(97 + n);
        expect(readCacheFilePayload(readCacheFileHeader(entry(folder, letter), key(letter), isAny)!).toString()).toBe(`entry ${n}`);
      }
    });

    test("waits for another merge's lock, and takes over one left more than a minute ago", async () => {
      const folder = await folderOfPacks('locked', PACKS_BEFORE_MERGE + 1);
      writeFileSync(join(folder, MERGE_LOCK), '');
      // Made an hour ahead: held however long this machine takes to get to the merge.
      const ahead = new Date(Date.now() + 3_600_000);
      utimesSync(join(folder, MERGE_LOCK), ahead, ahead);
      expect(mergeCacheFiles(folder)).toBe(0);
      expect(packsIn(folder)).toBe(PACKS_BEFORE_MERGE + 1);
      const longAgo = new Date(Date.now() - 61_000);
      utimesSync(join(folder, MERGE_LOCK), longAgo, longAgo);
      // Packs of one size: all merged into one.
      expect(mergeCacheFiles(folder)).toBe(PACKS_BEFORE_MERGE + 1);
      expect(packsIn(folder)).toBe(1);
      expect(existsSync(join(folder, MERGE_LOCK))).toBe(false);
      for (let n = 0; n <= PACKS_BEFORE_MERGE; n++) {
        const letter = String.fromCharCode(97 + n);
        expect(readCacheFilePayload(readCacheFileHeader(entry(folder, letter), key(letter), isAny)!).toString()).toBe(`entry ${n}`);
      }
    });

    test('passes over an index line that names bytes its pack does not hold, and removes packs left without an index a minute ago', async () => {
      const folder = await folderOfPacks('odd-lines', PACKS_BEFORE_MERGE + 1);
      const index = readdirSync(folder).find((name) => name.endsWith('.index'))!;
      appendFileSync(join(folder, index), `${key('z')}.page\t0\t99999999999999999999\n${key('y')}.page\t5\t900\n`);
      const leftOld = join(folder, 'left-1.pack');
      const leftNew = join(folder, 'new-1.pack');
      writeFileSync(leftOld, 'bytes of a pack whose index never came');
      writeFileSync(leftNew, 'a pack whose index is being made');
      const ahead = new Date(Date.now() + 3_600_000);
      utimesSync(leftNew, ahead, ahead);
      const longAgo = new Date(Date.now() - 61_000);
      utimesSync(leftOld, longAgo, longAgo);
      expect(mergeCacheFiles(folder)).toBe(PACKS_BEFORE_MERGE + 1);
      expect(existsSync(leftOld)).toBe(false);
      expect(existsSync(leftNew)).toBe(true);
      for (let n = 0; n <= PACKS_BEFORE_MERGE; n++) {
        const letter = String.fromCharCode(97 + n);
        expect(readCacheFilePayload(readCacheFileHeader(entry(folder, letter), key(letter), isAny)!).toString()).toBe(`entry ${n}`);
      }
      for (const letter of ['y', 'z']) expect(readCacheFileHeader(entry(folder, letter), key(letter), isAny)).toBeUndefined();
    });
  });

  describe('a build that succeeded lets go of the entries it did not use', () => {
    /** Writes each entry (a letter and its payload's byte count) into a pack of its own making; that pack's name. */
    const packOf = async (folder: string, entries: [string, number][]) => {
      for (const [letter, bytes] of entries) await writeHeaderedCacheFile(entry(folder, letter), { key: key(letter) }, letter.repeat(bytes));
      const pack = readdirSync(folder).find((name) => name.endsWith('.pack') && readFileSync(join(folder, name.replace(/\.pack$/, '.index')), 'utf8').startsWith(key(entries[0]![0])))!;
      packFolder(folder).closeOwn();
      return pack;
    };
    const packsOf = (folder: string) => readdirSync(folder).filter((name) => name.endsWith('.pack')).sort();
    /** Each pack of `folder` with a digest of its bytes (comparing megabytes of buffers item by item takes seconds). */
    const packBytesOf = (folder: string) => packsOf(folder).map((name) => [name, createHash('sha256').update(readFileSync(join(folder, name))).digest('hex')]);
    const payloadOf = (folder: string, letter: string) => {
      refreshCacheFiles(folder);
      const found = readCacheFileHeader(entry(folder, letter), key(letter), isAny);
      return found && readCacheFilePayload(found).toString();
    };
    /** A build of the site at `cacheDir` that uses the entries named (a letter each) of `folder`, and ends as `succeeded` says. */
    const buildUsing = (cacheDir: string, folder: string, letters: string[]) => {
      const record = recordCacheFilesUsed(cacheDir);
      return {
        use: (more = letters) => more.forEach((letter) => noteCacheFileUsed(entry(folder, letter))),
        end: (succeeded: boolean) => mergePackedCaches(cacheDir, { record, succeeded }),
      };
    };
    const MB = 1024 * 1024;

    test('when they take more than three times the room of those it used: the packs it found are rewritten with its entries, those made or grown since left as they are', async () => {
      const cacheDir = join(dir, 'pruned');
      const folder = join(cacheDir, 'rendered');
      // Written by earlier builds: u is used now, d, e and g are not (a config changed since).
      const old1 = await packOf(folder, [['u', 0.3 * MB], ['d', 0.6 * MB]]);
      const old2 = await packOf(folder, [['e', 2 * MB]]);
      const grown = await packOf(folder, [['g', 0.1 * MB]]);
      const build = buildUsing(cacheDir, folder, ['u', 'v']);
      // Written since the build began: v by this build, n by a dev server beside it, and more into g's pack by another process.
      const recent = await packOf(folder, [['v', 0.2 * MB], ['n', 0.05 * MB]]);
      appendFileSync(join(folder, grown), 'bytes another process appended');
      const keptBytes = packBytesOf(folder).filter(([name]) => name === recent || name === grown);
      build.use();
      build.end(true);
      const packs = packsOf(folder);
      expect(packs).toHaveLength(3);
      expect(packs).not.toContain(old1);
      expect(packs).not.toContain(old2);
      expect(packBytesOf(folder).filter(([name]) => name === recent || name === grown)).toEqual(keptBytes);
      // The new pack holds u alone.
      const rewritten = packs.find((name) => name !== recent && name !== grown)!;
      expect(readFileSync(join(folder, rewritten.replace(/\.pack$/, '.index')), 'utf8').split('\n').filter(Boolean).map((line) => line.split('\t')[0])).toEqual([`${key('u')}.page`]);
      expect(payloadOf(folder, 'u')).toBe('u'.repeat(0.3 * MB));
      expect(payloadOf(folder, 'v')).toBe('v'.repeat(0.2 * MB));
      expect(payloadOf(folder, 'n')).toBe('n'.repeat(0.05 * MB));
      expect(payloadOf(folder, 'g')).toBe('g'.repeat(0.1 * MB));
      for (const letter of ['d', 'e']) expect(payloadOf(folder, letter)).toBeUndefined();
      expect(cacheFileNames(folder).sort()).toEqual(['g', 'n', 'u', 'v'].map((letter) => `${key(letter)}.page`));
    });

    test('not while what it did not use is no more than three times what it used, and a megabyte', async () => {
      const cacheDir = join(dir, 'kept');
      const folder = join(cacheDir, 'compiled');
      await packOf(folder, [['u', 0.5 * MB], ['d', 1 * MB]]);
      await packOf(folder, [['e', 1.4 * MB]]);
      const before = packBytesOf(folder);
      // 2.4 MB unused against 0.5 MB used: not more than three times 0.5 MB and a megabyte.
      let build = buildUsing(cacheDir, folder, ['u']);
      build.use();
      build.end(true);
      expect(packBytesOf(folder)).toEqual(before);
      // 0.2 MB more unused, and the prune is due.
      await packOf(folder, [['f', 0.2 * MB]]);
      build = buildUsing(cacheDir, folder, ['u']);
      build.use();
      build.end(true);
      expect(cacheFileNames(folder)).toEqual([`${key('u')}.page`]);
      expect(payloadOf(folder, 'u')).toBe('u'.repeat(0.5 * MB));
    });

    test('never by a build that failed, nor without a record (a check, dev), nor while another build of the site runs in the thread', async () => {
      const cacheDir = join(dir, 'unrecorded');
      const folder = join(cacheDir, 'rendered');
      await packOf(folder, [['u', 0.1 * MB], ['d', 3 * MB]]);
      const before = packBytesOf(folder);
      // Due, had it succeeded.
      expect(isPruneDue(3.1 * MB, 0.1 * MB)).toBe(true);
      const failed = buildUsing(cacheDir, folder, ['u']);
      failed.use();
      failed.end(false);
      expect(packBytesOf(folder)).toEqual(before);
      // A check or dev: no record of what a build used; noted names go nowhere.
      noteCacheFileUsed(entry(folder, 'u'));
      mergePackedCaches(cacheDir);
      expect(packBytesOf(folder)).toEqual(before);
      // A build that looked nothing up.
      buildUsing(cacheDir, folder, []).end(true);
      expect(packBytesOf(folder)).toEqual(before);
      // Two builds at once: the first to end leaves the packs to the other, which still reads them; that one prunes.
      const first = buildUsing(cacheDir, folder, ['u']);
      const second = buildUsing(cacheDir, folder, ['u']);
      first.use();
      first.end(true);
      expect(packBytesOf(folder)).toEqual(before);
      expect(payloadOf(folder, 'd')).toBe('d'.repeat(3 * MB));
      second.end(true);
      expect(cacheFileNames(folder)).toEqual([`${key('u')}.page`]);
    });

    test('never when an entry it used is gone from the folder (a build of another config beside it pruned it)', async () => {
      const cacheDir = join(dir, 'gone');
      const folder = join(cacheDir, 'compiled');
      await packOf(folder, [['u', 0.1 * MB], ['d', 3 * MB]]);
      const before = packBytesOf(folder);
      const build = buildUsing(cacheDir, folder, ['u', 'w']);
      build.use();
      build.end(true);
      expect(packBytesOf(folder)).toEqual(before);
      // With only what is there used, the prune was due.
      const again = buildUsing(cacheDir, folder, ['u']);
      again.use();
      again.end(true);
      expect(cacheFileNames(folder)).toEqual([`${key('u')}.page`]);
    });

    test('on a full disk, still removes the packs that hold nothing it used, and keeps the one it could not copy from', async () => {
      const cacheDir = join(dir, 'full-prune');
      const folder = join(cacheDir, 'rendered');
      const garbage = await packOf(folder, [['d', 3 * MB]]);
      const mixed = await packOf(folder, [['u', 0.1 * MB], ['e', 0.5 * MB]]);
      // In a worker whose writes fail after the lock's: u cannot be copied out of its pack.
      await inWorker(`
        const fs = require('node:fs');
        const write = fs.writeSync;
        let writes = 0;
        fs.writeSync = (...args) => {
          if (writes++ >= 1) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
          return write(...args);
        };
        require('node:module').syncBuiltinESMExports();
        const { mergePackedCaches, noteCacheFileUsed, recordCacheFilesUsed } = await import(workerData.module);
        const record = recordCacheFilesUsed(workerData.cacheDir);
        noteCacheFileUsed(workerData.used);
        mergePackedCaches(workerData.cacheDir, { record, succeeded: true });
        return null;`, { cacheDir, used: entry(folder, 'u') });
      expect(packsOf(folder)).toEqual([mixed]);
      expect(packsOf(folder)).not.toContain(garbage);
      expect(payloadOf(folder, 'u')).toBe('u'.repeat(0.1 * MB));
      expect(payloadOf(folder, 'd')).toBeUndefined();
    });

    test('no merge either while a build of the site records in this thread: a check or dev ending beside it leaves the packs to it', async () => {
      const cacheDir = join(dir, 'merge-held');
      const folder = join(cacheDir, 'rendered');
      for (let n = 0; n <= PACKS_BEFORE_MERGE; n++) await packOf(folder, [[String.fromCharCode(97 + n), 1000]]);
      const before = packBytesOf(folder);
      const running = buildUsing(cacheDir, folder, []);
      // A check's end: no record of its own.
      mergePackedCaches(cacheDir);
      expect(packBytesOf(folder)).toEqual(before);
      running.end(true);
      expect(packsOf(folder)).toHaveLength(1);
    });
  });
});

/** Runs `body` (the inside of an async function, with `workerData` in scope and `workerData.module` the built cache-entry.js) in a worker thread; its result. */
async function inWorker<Result>(body: string, data: Record<string, unknown>): Promise<Result> {
  const script = `
    const { workerData, parentPort } = require('node:worker_threads');
    (async () => { ${body} })().then((result) => parentPort.postMessage({ result }), (error) => parentPort.postMessage({ error: String(error) }));`;
  const worker = new Worker(script, { eval: true, workerData: { ...data, module: pathToFileURL(distPath('src/util/cache-entry.js')).href } });
  try {
    const message = await new Promise<{ result?: Result; error?: string }>((resolve, reject) => (worker.once('message', resolve), worker.once('error', reject)));
    if (message.error) throw new Error(message.error);
    return message.result as Result;
  } finally {
    await worker.terminate();
  }
}
