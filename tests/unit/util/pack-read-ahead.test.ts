// A look-up loop that asks for the headers of a pack's entries in the order they were written
// reads the pack ahead (src/util/cache-packs.ts, `readAhead`): each header must be the one a read
// of that entry alone gives, whatever the order asked in, and the reads must be far fewer. Every
// `readSync` is counted here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';

const reads = { count: 0 };
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const readSync = ((...args: Parameters<typeof fs.readSync>) => {
    reads.count++;
    return fs.readSync(...args);
  }) as typeof fs.readSync;
  return { ...fs, default: { ...fs, readSync }, readSync };
});
const { cacheFilePath, readCacheFileHeader, readCacheFilePayload, refreshCacheFiles, writeHeaderedCacheFile } = await import('../../../src/util/cache-entry.ts');

const dir = mkdtempSync(join(tmpdir(), 'pack-read-ahead-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const isHeader = (value: unknown): value is { key: string; bytes: number; n: number; note: string } => typeof value === 'object' && value !== null;
const key = (n: number) => n.toString(16).padStart(64, '0');

/** A folder of `count` entries, each a header (with a note of `noteBytes(n)` characters) and 9 KB of payload, as a compile's are. */
async function packOf(name: string, count: number, noteBytes: (n: number) => number): Promise<string> {
  const folder = join(dir, name);
  for (let n = 0; n < count; n++) await writeHeaderedCacheFile(cacheFilePath(folder, key(n), 'compiled'), { key: key(n), n, note: 'x'.repeat(noteBytes(n)) }, `${n}`.repeat(9000).slice(0, 9000));
  refreshCacheFiles(folder);
  return folder;
}

function lookUp(folder: string, n: number) {
  const found = readCacheFileHeader(cacheFilePath(folder, key(n), 'compiled'), key(n), isHeader);
  expect(found?.header.n).toBe(n);
  return found!;
}

describe('headers read in order from a pack', () => {
  test('take a read for some twenty entries, not one each', async () => {
    const folder = await packOf('in-order', 200, () => 2000);
    reads.count = 0;
    for (let n = 0; n < 200; n++) lookUp(folder, n);
    // 200 entries of about 11 KB, 256 KiB read at once: the first alone, then about nine.
    expect(reads.count).toBeLessThanOrEqual(12);
  });

  test("are each the entry's own, with their payloads, headers longer than what is read ahead at once among them", async () => {
    // Every 17th header is longer than the bytes read ahead at once (256 KiB): it is read alone.
    const folder = await packOf('long-headers', 120, (n) => (n % 17 === 5 ? 300_000 : 2000));
    for (let n = 0; n < 120; n++) {
      const found = lookUp(folder, n);
      expect(found.header.note.length).toBe(n % 17 === 5 ? 300_000 : 2000);
      expect(readCacheFilePayload(found).toString()).toBe(`${n}`.repeat(9000).slice(0, 9000));
    }
  });

  test('in any other order are read alone, and are each the entry\'s own', async () => {
    const folder = await packOf('out-of-order', 60, () => 1500);
    reads.count = 0;
    // Backwards, then every third: nothing follows on what was read before it.
    const order = [...Array.from({ length: 60 }, (_, i) => 59 - i), ...Array.from({ length: 20 }, (_, i) => (i * 3) % 60)];
    for (const n of order) lookUp(folder, n);
    expect(reads.count).toBeGreaterThanOrEqual(60);
  });
});
