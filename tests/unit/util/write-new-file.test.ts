import { chmodSync, lstatSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { writeNewFile, writeNewFileSync } from '../../../src/util/write-new-file.ts';
import { newFileMode, tmp } from '../../helpers.ts';

test('writes its chunks in order, more of them than one system call takes, empty ones too', async () => {
  const dir = tmp();
  // Past the size written at once (64 KiB): through a file handle, 1024 chunks a call.
  const chunks = Array.from({ length: 3000 }, (_, i) => Buffer.from(i % 7 === 0 ? '' : `piece ${i};`.repeat(4)));
  expect(Buffer.concat(chunks).length).toBeGreaterThan(64 * 1024);
  await writeNewFile(join(dir, 'joined.txt'), chunks);
  expect(readFileSync(join(dir, 'joined.txt'), 'utf8')).toBe(Buffer.concat(chunks).toString('utf8'));
});

test('a small file of several chunks is written at once, in order', async () => {
  const dir = tmp();
  const chunks = [Buffer.from('one '), Buffer.alloc(0), Buffer.from('two '), Buffer.from('thrée')];
  await writeNewFile(join(dir, 'small.txt'), chunks);
  expect(readFileSync(join(dir, 'small.txt'), 'utf8')).toBe('one two thrée');
});

test("a file already at the path (a public/ file's copy) is replaced by a new file, with a new file's mode", async () => {
  const dir = tmp();
  for (const [name, write] of [
    ['async.html', (file: string) => writeNewFile(file, [Buffer.from('<p>page</p>')])],
    ['large.html', (file: string) => writeNewFile(file, [Buffer.from('<p>page</p>'), Buffer.alloc(70 * 1024, ' ')])],
    ['sync.html', (file: string) => writeNewFileSync(file, '<p>page</p>')],
  ] as const) {
    const file = join(dir, name);
    writeFileSync(file, 'copied from public/');
    chmodSync(file, 0o755);
    await write(file);
    expect(readFileSync(file, 'utf8').trimEnd()).toBe('<p>page</p>');
    expect(lstatSync(file).mode & 0o777, name).toBe(newFileMode(dir));
  }
});

test("gives the written file's stamp, as a look-up of its path finds it: whole at once, or through a file handle", async () => {
  const dir = tmp();
  const stamps = {
    'sync.html': writeNewFileSync(join(dir, 'sync.html'), '<p>pagé</p>'),
    'small.txt': await writeNewFile(join(dir, 'small.txt'), [Buffer.from('one '), Buffer.from('two')]),
    'large.txt': await writeNewFile(join(dir, 'large.txt'), [Buffer.from('head'), Buffer.alloc(70 * 1024, 'x')]),
  };
  for (const [name, stamp] of Object.entries(stamps)) {
    const { ino, size, mtimeMs, mode, uid, gid } = lstatSync(join(dir, name));
    expect(stamp, name).toEqual({ ino, size, mtimeMs, mode, uid, gid });
  }
  expect(stamps['sync.html'].size).toBe(Buffer.byteLength('<p>pagé</p>'));
});
