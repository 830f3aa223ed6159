import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { fixture, tmp } from '../helpers.ts';

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** No process can have this id (Linux's pid_max is at most 2^22): the build that made the folder is dead. */
const DEAD_PID = 2 ** 31 - 1;

function plant(dir: string, name: string, file = 'index.html'): string {
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(join(dir, name, file), name);
  return name;
}

describe('a build cleans up what killed builds left beside the output folder', () => {
  test('removes staging and previous folders of dead builds, and nothing else', async () => {
    const dir = tmp();
    temporary.push(dir);
    // `.spare`: the old output's folders a build was taking into its staging folder (spare-folders.ts).
    const leftovers = [plant(dir, `.out.staging-${DEAD_PID}-1700000000000`), plant(dir, `.out.staging-${DEAD_PID}-1700000000001.previous`), plant(dir, `.out.staging-${DEAD_PID}-1700000000002.spare`)];
    const unrelated = [
      plant(dir, 'keep-me'),
      plant(dir, '.out.staging-notes'),
      plant(dir, `.other.staging-${DEAD_PID}-1700000000000`),
      plant(dir, `.out.staging-${process.pid}-1700000000000`),
    ];
    plant(dir, 'out', 'old.html');
    await build({ root: fixture('a-tiny-site-that-builds'), outDir: join(dir, 'out') });
    for (const name of leftovers) expect(existsSync(join(dir, name)), name).toBe(false);
    for (const name of unrelated) expect(readFileSync(join(dir, name, 'index.html'), 'utf8')).toBe(name);
    expect(readdirSync(dir).sort()).toEqual([...unrelated, 'out'].sort());
    expect(existsSync(join(dir, 'out', 'index.html'))).toBe(true);
  });

  test('a build killed between its two renames left no output folder: the old site is put back before anything else', async () => {
    const dir = tmp();
    temporary.push(dir);
    plant(dir, `.out.staging-${DEAD_PID}-1700000000000.previous`, 'old.html');
    // A later build's spare folders are not the old site, however recent.
    plant(dir, `.out.staging-${DEAD_PID}-1700000000009.spare`, 'spare.html');
    // A failing build still leaves the output folder as it was: here, the old site.
    await expect(build({ root: join(dir, 'no-such-site'), outDir: join(dir, 'out') })).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['out']);
    expect(readFileSync(join(dir, 'out', 'old.html'), 'utf8')).toBe(`.out.staging-${DEAD_PID}-1700000000000.previous`);
  });
});
