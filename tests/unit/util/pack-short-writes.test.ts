// A write may take fewer bytes than it was given (a signal, a disk filling up). Here every
// `writev` takes a few bytes, from one buffer or across several, so that each entry's parts (a
// header line, then a payload in several parts) are written in many short steps, ending inside
// a part, at its end, and inside a later part than the first.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';

const calls = { count: 0 };
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const writevSync = (fd: number, buffers: readonly NodeJS.ArrayBufferView[], position?: number | null) => {
    calls.count++;
    // 1 to 5 bytes, or 40: more than the small parts below hold, so that a write ends inside the second or third.
    let left = calls.count % 4 === 0 ? 40 : 1 + (calls.count % 5);
    const taken: Uint8Array[] = [];
    for (const buffer of buffers) {
      if (left === 0) break;
      const take = Math.min(buffer.byteLength, left);
      taken.push(new Uint8Array(buffer.buffer, buffer.byteOffset, take));
      left -= take;
    }
    return fs.writevSync(fd, taken, position ?? undefined);
  };
  return { ...fs, default: { ...fs, writevSync }, writevSync };
});
const { cacheFilePath, readCacheFileHeader, readCacheFilePayload, writeHeaderedCacheFile } = await import('../../../src/util/cache-entry.ts');

const dir = mkdtempSync(join(tmpdir(), 'pack-short-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('entries written in short steps are whole, one after another, each part in its place', async () => {
  const isAny = (value: unknown): value is { key: string; bytes: number } => typeof value === 'object' && value !== null;
  const folder = join(dir, 'packed');
  const payloads = [
    [Buffer.from('<p>é</p>'), Buffer.from(''), Buffer.from('["text","more"]')],
    [Buffer.from('x')],
    [Buffer.from('code'.repeat(20)), Buffer.from('[["k",1]]'), Buffer.from('[]')],
    [Buffer.from('ab'), Buffer.from('cd'), Buffer.from('ef'), Buffer.from('ghijklmnopqrstuvwxyz'.repeat(3))],
  ];
  for (const [i, parts] of payloads.entries()) await writeHeaderedCacheFile(cacheFilePath(folder, String(i).repeat(64), 'page'), { key: String(i).repeat(64) }, parts);
  expect(calls.count).toBeGreaterThan(30);
  for (const [i, parts] of payloads.entries()) {
    const found = readCacheFileHeader(cacheFilePath(folder, String(i).repeat(64), 'page'), String(i).repeat(64), isAny)!;
    expect(found.header.bytes).toBe(Buffer.concat(parts).length);
    expect(readCacheFilePayload(found).toString('utf8')).toBe(Buffer.concat(parts).toString('utf8'));
  }
  // The pack is the entries back to back: nothing written twice, nothing skipped.
  const pack = readdirSync(folder).find((name) => name.endsWith('.pack'))!;
  const expected = payloads.map((parts, i) => `${JSON.stringify({ key: String(i).repeat(64), bytes: Buffer.concat(parts).length })}\n${Buffer.concat(parts).toString('utf8')}`).join('');
  expect(readFileSync(join(folder, pack), 'utf8')).toBe(expected);
});
