import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { listFiles } from '../../../plugins/content-loader/index.ts';
import { tmp } from '../../helpers.ts';

describe("the content loader's file list", () => {
  test('is every file under the folder, relative to it and sorted, dot-folders left out, however the folder is written', async () => {
    const dir = tmp();
    for (const file of ['index.md', 'guide/b.mdx', 'guide/a.md', '.git/HEAD', 'guide/.hidden/x.md', 'guide/.notes.md', '.draft.md']) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), '');
    }
    const expected = ['guide/a.md', 'guide/b.mdx', 'index.md'];
    expect(await listFiles(dir)).toEqual(expected);
    expect(await listFiles(`${dir}/`)).toEqual(expected);
    expect(await listFiles(relative(process.cwd(), dir))).toEqual(expected);
    expect(await listFiles(`${dir}/guide/..`)).toEqual(expected);
  });
});
