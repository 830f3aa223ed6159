import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
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
    for (const written of [dir, `${dir}/`, relative(process.cwd(), dir), `${dir}/guide/..`]) {
      // As `context.listContent` lists it: the folder resolved.
      const entries = readdirSync(resolve(written), { recursive: true, withFileTypes: true });
      expect(await listFiles(written, entries)).toEqual(expected);
    }
  });
});
