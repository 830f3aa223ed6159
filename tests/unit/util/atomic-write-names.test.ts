// An atomic write's temporary name is its module's random prefix and a count (write-atomically.ts).
// With the prefix fixed here, the next name is known: one another writer already holds must make
// the write fail, and must not be removed by it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';

vi.mock('node:crypto', async (importOriginal) => ({ ...(await importOriginal<typeof import('node:crypto')>()), randomBytes: (size: number) => Buffer.alloc(size, 0xab) }));
const { writeAtomically, writeAtomicallySync } = await import('../../../src/util/write-atomically.ts');

const dir = mkdtempSync(join(tmpdir(), 'atomic-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a temporary name another writer holds fails the write and is left as it is', async () => {
  const file = join(dir, 'page.json');
  const prefix = 'ab'.repeat(6);
  // The first name this module gives out is count 1, the next count 2.
  writeFileSync(`${file}.${prefix}-1.tmp`, 'another writer');
  writeFileSync(`${file}.${prefix}-2.tmp`, 'another writer too');
  await expect(writeAtomically(file, 'mine')).rejects.toMatchObject({ code: 'EEXIST' });
  expect(() => writeAtomicallySync(file, 'mine')).toThrow(expect.objectContaining({ code: 'EEXIST' }));
  expect(readFileSync(`${file}.${prefix}-1.tmp`, 'utf8')).toBe('another writer');
  expect(readFileSync(`${file}.${prefix}-2.tmp`, 'utf8')).toBe('another writer too');
  // The next name is free: written, renamed into place, no temporary left of its own.
  await writeAtomically(file, 'mine');
  expect(readFileSync(file, 'utf8')).toBe('mine');
  expect(readdirSync(dir).sort()).toEqual(['page.json', `page.json.${prefix}-1.tmp`, `page.json.${prefix}-2.tmp`]);
});
