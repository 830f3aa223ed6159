import { type Dirent, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { changesSince, listStartupFiles, type ReadTree } from '../../../src/dev/startup-changes.ts';
import { tempSite } from '../../helpers.ts';

const site = tempSite({ 'content/index.md': '# Home\n', 'content/guide/one.md': '# One\n', 'content/guide/two.md': '# Two\n' });
afterAll(() => site.cleanup());
const content = join(site.root, 'content');
const what = { dirs: [content], files: [] };
const readTree: ReadTree = (dir) => readdir(dir, { recursive: true, withFileTypes: true });
/** A recursive readdir that rejects (a subfolder renamed during the walk: ENOENT) its first `failures` calls. */
function failing(failures: number): ReadTree {
  let calls = 0;
  return (dir) => (++calls <= failures ? Promise.reject(Object.assign(new Error(`ENOENT: no such file or directory, scandir '${dir}/guide'`), { code: 'ENOENT' })) : readTree(dir)) as Promise<Dirent[]>;
}

describe('changes since the start-up listing when a folder cannot be listed', () => {
  test('a listing that fails once is taken again: nothing changed, nothing reported', async () => {
    const before = await listStartupFiles(what);
    expect(before.size).toBe(3);
    expect(await changesSince(before, what, { readTree: failing(1) })).toEqual([]);
  });

  test('a listing that keeps failing never reports the folder’s files gone', async () => {
    const before = await listStartupFiles(what);
    writeFileSync(join(content, 'guide/two.md'), '# Two, longer\n');
    expect(await changesSince(before, what, { readTree: failing(Infinity) })).toEqual([{ event: 'change', path: join(content, 'guide/two.md') }]);
  });
});
