import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { PostBuildFiles } from '../../../src/dev/postbuild-files.ts';
import { plainOutputFiles } from '../../../src/pipeline/output-files.ts';

const dir = mkdtempSync(join(tmpdir(), 'postbuild-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A `postBuild` run writing `paths` through the recording `OutputFiles`; resolves to what it recorded. */
async function run(files: PostBuildFiles, outDir: string, paths: string[]): Promise<Set<string>> {
  const written = new Set<string>();
  const output = files.recording(plainOutputFiles(outDir), written);
  for (const path of paths) await output.write(path, `text of ${path}`);
  return written;
}

test('a file the last run wrote and this one did not is removed; the rest stay, and so do files no run wrote', async () => {
  const outDir = join(dir, 'a', 'out');
  mkdirSync(join(outDir, '_docs-gen'), { recursive: true });
  writeFileSync(join(outDir, '_docs-gen', 'client.js'), 'an asset, not postBuild’s');
  const files = new PostBuildFiles(outDir, join(dir, 'a', 'list.json'));
  await files.settle(await run(files, outDir, ['/llms.txt', 'guide/old.md', 'guide/kept.md']), true);
  expect(existsSync(join(outDir, 'guide', 'old.md'))).toBe(true);
  // Spelt otherwise, the same files: `/x`, `x` and `a/../x` are one path.
  await files.settle(await run(files, outDir, ['llms.txt', 'guide/new/../kept.md']), true);
  expect(existsSync(join(outDir, 'guide', 'old.md'))).toBe(false);
  expect(readFileSync(join(outDir, 'guide', 'kept.md'), 'utf8')).toBe('text of guide/new/../kept.md');
  expect(existsSync(join(outDir, 'llms.txt'))).toBe(true);
  expect(existsSync(join(outDir, '_docs-gen', 'client.js'))).toBe(true);
});

test('after a failed run nothing is removed, and the next good run removes what neither wrote again', async () => {
  const outDir = join(dir, 'b', 'out');
  const files = new PostBuildFiles(outDir, join(dir, 'b', 'list.json'));
  await files.settle(await run(files, outDir, ['one.md', 'two.md']), true);
  await files.settle(await run(files, outDir, ['three.md']), false);
  for (const name of ['one.md', 'two.md', 'three.md']) expect(existsSync(join(outDir, name)), name).toBe(true);
  await files.settle(await run(files, outDir, ['two.md']), true);
  expect(['one.md', 'two.md', 'three.md'].filter((name) => existsSync(join(outDir, name)))).toEqual(['two.md']);
});

test('what a failed run wrote is in the kept list: a session ending before a good run leaves it to the next, which removes it', async () => {
  const outDir = join(dir, 'c', 'out');
  const list = join(dir, 'c', 'list.json');
  const first = new PostBuildFiles(outDir, list);
  await first.settle(await run(first, outDir, ['kept.md']), true);
  await first.settle(await run(first, outDir, ['kept.md', 'only-in-a-failed-run.md']), false);
  const next = new PostBuildFiles(outDir, list);
  await next.settle(await run(next, outDir, ['kept.md']), true);
  expect(existsSync(join(outDir, 'only-in-a-failed-run.md'))).toBe(false);
  expect(existsSync(join(outDir, 'kept.md'))).toBe(true);
});

test("the list outlives the session: the next one removes what the last wrote and it does not, and never a path outside the folder", async () => {
  const outDir = join(dir, 'c', 'out');
  const list = join(dir, 'c', 'list.json');
  const first = new PostBuildFiles(outDir, list);
  await first.settle(await run(first, outDir, ['left.md', 'stays.md']), true);
  // A path out of the folder is refused, and written nowhere.
  await expect(run(first, outDir, ['../outside.txt'])).rejects.toThrow('"../outside.txt" is not a file in the output folder');
  expect(existsSync(join(dir, 'c', 'outside.txt'))).toBe(false);
  // One in the list an older docs-gen kept (its writer wrote it there) is not removed from there.
  writeFileSync(join(dir, 'c', 'outside.txt'), 'not ours to remove');
  writeFileSync(list, JSON.stringify(['left.md', 'stays.md', '../outside.txt']));
  const second = new PostBuildFiles(outDir, list);
  await second.settle(await run(second, outDir, ['stays.md']), true);
  expect(existsSync(join(outDir, 'left.md'))).toBe(false);
  expect(existsSync(join(outDir, 'stays.md'))).toBe(true);
  expect(existsSync(join(dir, 'c', 'outside.txt'))).toBe(true);
  expect(JSON.parse(readFileSync(list, 'utf8'))).toEqual(['stays.md']);
});
