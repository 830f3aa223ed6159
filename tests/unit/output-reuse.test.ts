import { appendFileSync, chmodSync, linkSync, mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
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

describe('the work a rebuild does for the files it links', () => {
  /** A first build of `files` into `out/`, then the writer of a second build into a new staging folder. */
  async function rebuildOf(files: string[]) {
    const dir = tmp();
    folders.push(dir);
    const out = join(dir, 'out');
    const cacheDir = join(dir, 'cache');
    const first = new ReusingOutputWriter({ outDir: out, staging: join(dir, 'staging-1'), cacheDir });
    mkdirSync(join(dir, 'staging-1'));
    for (const file of files) await first.write(file, file);
    first.identifyFiles();
    renameSync(join(dir, 'staging-1'), out);
    await first.finish();
    const staging = join(dir, 'staging-2');
    mkdirSync(staging);
    return { out, staging, writer: new ReusingOutputWriter({ outDir: out, staging, cacheDir }), cacheDir };
  }

  test("each folder is made once, however many files are linked into it (a page's index.html and the Markdown beside its folder)", async () => {
    const files = ['a/one/index.html', 'a/one.md', 'a/two/index.html', 'a/two.md', 'a/index.html', 'index.md'];
    const { writer } = await rebuildOf(files);
    for (const file of files) expect(writer.link(file, contentKey(file)), file).toBe(true);
    // a/one, a/two, a and the staging folder itself: `a/one` makes `a`, and the staging folder exists.
    expect(writer.calls.mkdir).toBe(3);
  });

  test('a linked file is identified by the record it was linked by, without looking it up again', async () => {
    const files = ['a/index.html', 'b/index.html', 'c.md'];
    const { writer } = await rebuildOf(files);
    for (const file of files) writer.link(file, contentKey(file));
    const lookUps = writer.calls.lstat;
    writer.identifyFiles();
    expect(writer.calls.lstat).toBe(lookUps);
  });

  test('a file of the old output edited in place while the build that linked it runs is written again by the next build', async () => {
    const { out, staging, writer, cacheDir } = await rebuildOf(['page.html']);
    expect(writer.link('page.html', contentKey('page.html'))).toBe(true);
    // A deploy step rewriting out/ during the build: the link in the staging folder is that file.
    appendFileSync(join(out, 'page.html'), '<!-- edited -->');
    utimesSync(join(out, 'page.html'), new Date(), new Date(Date.now() + 5000));
    writer.identifyFiles();
    rmSync(out, { recursive: true });
    renameSync(staging, out);
    await writer.finish();
    const nextStaging = join(out, '..', 'staging-3');
    mkdirSync(nextStaging);
    expect(new ReusingOutputWriter({ outDir: out, staging: nextStaging, cacheDir }).link('page.html', contentKey('page.html'))).toBe(false);
  });
});
