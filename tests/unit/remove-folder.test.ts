import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { removeFolder } from '../../src/build/output-folder.ts';
import { tmp } from '../helpers.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('removing an old output', () => {
  test('a folder goes with its files, empty folders and links, and the files a link inside led to stay', async () => {
    const dir = tmp();
    folders.push(dir);
    mkdirSync(join(dir, 'elsewhere'));
    writeFileSync(join(dir, 'elsewhere', 'kept.txt'), 'kept');
    mkdirSync(join(dir, 'old', 'a', 'empty'), { recursive: true });
    writeFileSync(join(dir, 'old', 'a', 'index.html'), 'page');
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'old', 'a', 'link'));
    await removeFolder(join(dir, 'old'));
    expect(existsSync(join(dir, 'old'))).toBe(false);
    expect(readFileSync(join(dir, 'elsewhere', 'kept.txt'), 'utf8')).toBe('kept');
  });

  test('an output folder that is a link to a folder elsewhere is removed as a link: nothing in that folder goes', async () => {
    const dir = tmp();
    folders.push(dir);
    mkdirSync(join(dir, 'www', '.git'), { recursive: true });
    writeFileSync(join(dir, 'www', 'CNAME'), 'docs.example.com\n');
    symlinkSync(join(dir, 'www'), join(dir, 'out.previous'));
    await removeFolder(join(dir, 'out.previous'));
    expect(existsSync(join(dir, 'out.previous'))).toBe(false);
    expect(readFileSync(join(dir, 'www', 'CNAME'), 'utf8')).toBe('docs.example.com\n');
    expect(existsSync(join(dir, 'www', '.git'))).toBe(true);
  });
});
