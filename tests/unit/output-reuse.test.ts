import { chmodSync, linkSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { contentKey, ReusingOutputWriter } from '../../src/build/output-reuse.ts';
import { tmp } from '../helpers.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A build of one file, `page.txt`, into `out/`: staged, identified, swapped into place, manifest saved. */
async function builtOnce(between: (out: string) => void = () => {}) {
  const dir = tmp();
  folders.push(dir);
  const out = join(dir, 'out');
  const cacheDir = join(dir, 'cache');
  const staging = join(dir, 'staging-1');
  mkdirSync(staging);
  const writer = new ReusingOutputWriter({ outDir: out, staging, cacheDir });
  await writer.write('page.txt', 'ours');
  writer.identifyFiles();
  renameSync(staging, out);
  between(out);
  await writer.finish();
  const next = () => {
    const nextStaging = join(dir, 'staging-2');
    mkdirSync(nextStaging, { recursive: true });
    return new ReusingOutputWriter({ outDir: out, staging: nextStaging, cacheDir });
  };
  return { dir, out, next };
}

describe('linking files of the previous output', () => {
  test('a file left as the build wrote it is linked', async () => {
    const { next } = await builtOnce();
    expect(next().link('page.txt', contentKey('ours'))).toBe(true);
  });

  test("another build's swap between this one's and its manifest: the manifest names this build's files, not the other's", async () => {
    const { next } = await builtOnce((out) => {
      // Bytes of the same size under the same name, a new file made before the old one goes (another inode).
      writeFileSync(join(out, 'page.txt.other'), 'them');
      renameSync(join(out, 'page.txt.other'), join(out, 'page.txt'));
    });
    expect(next().link('page.txt', contentKey('ours'))).toBe(false);
  });

  test('a file of the output shared with another name (a `cp -al` snapshot) is written again, not linked', async () => {
    const { dir, out, next } = await builtOnce();
    mkdirSync(join(dir, 'snapshot'));
    linkSync(join(out, 'page.txt'), join(dir, 'snapshot', 'page.txt'));
    expect(next().link('page.txt', contentKey('ours'))).toBe(false);
  });

  test('a file whose mode changed since the build is written again, not linked', async () => {
    const { out, next } = await builtOnce();
    chmodSync(join(out, 'page.txt'), 0o600);
    expect(next().link('page.txt', contentKey('ours'))).toBe(false);
  });
});
