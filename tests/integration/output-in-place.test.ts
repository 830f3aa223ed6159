import { appendFileSync, chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { build, type BuildResult } from '../../src/build/build.ts';
import { filesOf, foldersOf, modesOf, newFileMode, tempSite, tmp } from '../helpers.ts';

// A rebuild with the cache updates out/ in place while out/ holds exactly what the last build
// left there (output-reuse.ts, output-tree.ts): the folder stays, and so does every file that
// came out the same. Anything else done to out/ since, or a build cut short while it moved files
// in, makes the next build stage the whole output and swap it in. Either way the output must
// equal a build without the cache.

const site = tempSite({
  'content/index.md': '# Home\n\nSee [the guide](./guide).\n',
  'content/guide.md': '# Guide\n\nA guide.\n',
  'content/deep/page.md': '# Deep\n\nDown here.\n',
  'public/notes/readme.txt': 'notes\n',
  // At a path the build writes too: the build's file replaces public/'s, in place as from nothing.
  'public/robots.txt': 'User-agent: *\nDisallow: /\n',
  'public/tool.sh': 'echo tool\n',
  // A plugin's files at paths spelt two ways: one name each in the manifest, as in the folder.
  'plugins/feeds.mjs': "export default { name: 'feeds', contentLoaded({ actions }) { actions.emitFile('feeds//all.xml', '<feed/>'); actions.emitFile('/feeds/./one.xml', '<feed>one</feed>'); } };\n",
  'docs-gen.config.ts': "import feeds from './plugins/feeds.mjs';\n\nexport default { title: 'In place', plugins: [feeds] };\n",
});
const outs = tmp();
afterAll(() => site.cleanup());

const out = join(outs, 'out');
const inodes = (folder: string) => new Map([...filesOf(folder).keys()].map((path) => [path, lstatSync(join(folder, path)).ino]));
const folderInode = () => lstatSync(out).ino;
let uncachedBuilds = 0;

/** The output folder equals a build of the same sources without the cache: every file's bytes, every folder, every mode. */
async function expectAsUncached(): Promise<void> {
  const uncached = join(outs, `uncached-${++uncachedBuilds}`);
  await build({ root: site.root, outDir: uncached, cache: false });
  expect(filesOf(out)).toEqual(filesOf(uncached));
  expect(foldersOf(out)).toEqual(foldersOf(uncached));
  expect(modesOf(out)).toEqual(modesOf(uncached));
}

const edit = (path: string, text: string) => writeFileSync(join(site.root, path), text);

describe('a rebuild into the output folder the last build left as it was', () => {
  test('updates it in place: the folder and every file that came out the same stay, the assets and public/ too', async () => {
    await build({ root: site.root, outDir: out });
    const folder = folderInode();
    const before = inodes(out);
    edit('content/guide.md', '# Guide\n\nA guide, changed.\n');
    const rebuilt = await build({ root: site.root, outDir: out });
    expect(folderInode()).toBe(folder);
    const after = inodes(out);
    expect(after.get('guide/index.html')).not.toBe(before.get('guide/index.html'));
    expect(after.get('guide.md')).not.toBe(before.get('guide.md'));
    const kept = ['index.html', 'deep/page/index.html', 'deep/page.md', 'index.md', 'notes/readme.txt', '404/index.html', 'robots.txt', 'feeds/all.xml', 'feeds/one.xml'];
    const assets = [...before.keys()].filter((path) => path.startsWith('_docs-gen/'));
    expect(assets.length).toBeGreaterThan(0);
    for (const path of [...kept, ...assets]) expect(after.get(path), path).toBe(before.get(path));
    expect(rebuilt.reusedFiles).toContain('index.html');
    // The files of public/ that the output holds alike are left there, not copied again.
    expect(rebuilt.reusedFiles).toEqual(expect.arrayContaining(['notes/readme.txt', 'tool.sh']));
    expect(rebuilt.reusedFolders).toEqual(['404', '500', 'deep', 'deep/page', 'guide', 'search']);
    await expectAsUncached();
  });

  test('a file of public/ edited to other bytes of the same size is copied again, in place', async () => {
    const folder = folderInode();
    edit('public/notes/readme.txt', 'NOTES\n');
    const rebuilt = await build({ root: site.root, outDir: out });
    expect(folderInode()).toBe(folder);
    expect(readFileSync(join(out, 'notes', 'readme.txt'), 'utf8')).toBe('NOTES\n');
    expect(rebuilt.reusedFiles).not.toContain('notes/readme.txt');
    expect(rebuilt.reusedFiles).toContain('tool.sh');
    await expectAsUncached();
    edit('public/notes/readme.txt', 'notes\n');
  });

  test('a file of public/ whose mode alone changed gets the new mode', async () => {
    chmodSync(join(site.root, 'public', 'tool.sh'), 0o755);
    const folder = folderInode();
    await build({ root: site.root, outDir: out });
    expect(folderInode()).toBe(folder);
    expect(lstatSync(join(out, 'tool.sh')).mode & 0o777).toBe(0o755);
    await expectAsUncached();
  });

  test("a public/ file added at an unchanged page's path, with its own mode: the page stays, with a new file's mode, as from nothing", async () => {
    mkdirSync(join(site.root, 'public', 'guide'), { recursive: true });
    writeFileSync(join(site.root, 'public', 'guide', 'index.html'), '<p>public</p>');
    chmodSync(join(site.root, 'public', 'guide', 'index.html'), 0o755);
    const folder = folderInode();
    await build({ root: site.root, outDir: out });
    expect(folderInode()).toBe(folder);
    expect(lstatSync(join(out, 'guide', 'index.html')).mode & 0o777).toBe(newFileMode(outs));
    await expectAsUncached();
    rmSync(join(site.root, 'public', 'guide'), { recursive: true });
  });

  test('a page added and one removed: the new folder is made, the old one goes, in place', async () => {
    const folder = folderInode();
    edit('content/later.md', '# Later\n\nAdded.\n');
    rmSync(join(site.root, 'content', 'deep'), { recursive: true });
    await build({ root: site.root, outDir: out });
    expect(folderInode()).toBe(folder);
    expect(existsSync(join(out, 'later', 'index.html'))).toBe(true);
    expect(existsSync(join(out, 'deep'))).toBe(false);
    await expectAsUncached();
  });

  test('a path of public/ that was a file and is a folder now: the build is swapped in instead', async () => {
    const folder = folderInode();
    rmSync(join(site.root, 'public', 'notes'), { recursive: true });
    edit('public/notes', 'a file now\n');
    await build({ root: site.root, outDir: out });
    expect(readFileSync(join(out, 'notes'), 'utf8')).toBe('a file now\n');
    expect(folderInode()).not.toBe(folder);
    await expectAsUncached();
    // And the swapped-in output is updated in place by the build after it.
    const swapped = folderInode();
    edit('content/index.md', '# Home\n\nSee [the guide](./guide), again.\n');
    await build({ root: site.root, outDir: out });
    expect(folderInode()).toBe(swapped);
    await expectAsUncached();
  });
});

describe('a rebuild into an output folder changed since the last build stages the whole output and swaps it in', () => {
  /** A build, `change` made to its output, and the build after: which stages and swaps (a new output folder). Its result. */
  async function rebuildAfter(change: () => void): Promise<BuildResult> {
    await build({ root: site.root, outDir: out });
    change();
    const folder = folderInode();
    const rebuilt = await build({ root: site.root, outDir: out });
    expect(folderInode()).not.toBe(folder);
    return rebuilt;
  }

  test('a file added by hand (a CNAME a deploy step wrote) is not in the next output', async () => {
    await rebuildAfter(() => writeFileSync(join(out, 'CNAME'), 'docs.example.com\n'));
    expect(existsSync(join(out, 'CNAME'))).toBe(false);
    await expectAsUncached();
  });

  test('a folder added inside a page folder by hand is not in the next output', async () => {
    await rebuildAfter(() => {
      mkdirSync(join(out, 'guide', 'extra'));
      writeFileSync(join(out, 'guide', 'extra', 'x.html'), 'x');
    });
    expect(existsSync(join(out, 'guide', 'extra'))).toBe(false);
    await expectAsUncached();
  });

  test('a rebuild under another umask: every file and folder gets the mode a build from nothing gives it', async () => {
    await build({ root: site.root, outDir: out });
    const folder = folderInode();
    const previous = process.umask(0o077);
    try {
      expect(previous).not.toBe(0o077);
      await build({ root: site.root, outDir: out });
      expect(folderInode()).not.toBe(folder);
      expect(lstatSync(join(out, 'guide')).mode & 0o777).toBe(0o700);
      await expectAsUncached();
    } finally {
      process.umask(previous);
    }
  });

  test('a file edited in place by hand (its folder unchanged) is written again: the build is swapped in', async () => {
    await rebuildAfter(() => appendFileSync(join(out, 'guide.md'), '\nedited by hand\n'));
    expect(readFileSync(join(out, 'guide.md'), 'utf8')).not.toContain('edited by hand');
    await expectAsUncached();
  });

  test('a file replaced by the same bytes with the same times (another inode): the next build swaps, and the one after is in place again', async () => {
    const file = join(out, 'index.md');
    const rebuilt = await rebuildAfter(() => {
      const { atime, mtime } = statSync(file);
      writeFileSync(`${file}.moved`, readFileSync(file));
      utimesSync(`${file}.moved`, atime, mtime);
      renameSync(`${file}.moved`, file);
    });
    expect(rebuilt.reusedFiles).not.toContain('index.md');
    await expectAsUncached();
    const swapped = folderInode();
    await build({ root: site.root, outDir: out });
    expect(folderInode()).toBe(swapped);
  });
});

test('another process changing the output while the build ran: the build runs again into a staging folder, and the output is as without the cache', async () => {
  // The MDX page renders at every build, after the check of the output: then its component meddles once.
  const flag = join(site.root, 'meddle-once');
  edit(
    'content/meddle.mdx',
    `import { appendFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';\n\nexport const Meddle = () => {\n  if (existsSync(${JSON.stringify(flag)})) {\n    rmSync(${JSON.stringify(flag)});\n    appendFileSync(${JSON.stringify(join(out, 'index.html'))}, '<!-- meddled -->');\n    writeFileSync(${JSON.stringify(join(out, 'stray.txt'))}, 'stray');\n  }\n  return <p>Rendered.</p>;\n};\n\n# Meddle\n\n<Meddle />\n`,
  );
  await build({ root: site.root, outDir: out });
  writeFileSync(flag, '');
  await build({ root: site.root, outDir: out });
  expect(existsSync(flag)).toBe(false);
  expect(readFileSync(join(out, 'index.html'), 'utf8')).not.toContain('meddled');
  expect(readdirSync(out)).not.toContain('stray.txt');
  await expectAsUncached();
});

test('a file of public/ left in place, edited while the build ran: the build runs again, and the output is as without the cache', async () => {
  // Edited in place, the file's folder is as recorded: only the file's own record can tell.
  const flag = join(site.root, 'meddle-with-public');
  edit(
    'content/meddle.mdx',
    `import { appendFileSync, existsSync, rmSync } from 'node:fs';\n\nexport const Meddle = () => {\n  if (existsSync(${JSON.stringify(flag)})) {\n    rmSync(${JSON.stringify(flag)});\n    appendFileSync(${JSON.stringify(join(out, 'tool.sh'))}, 'meddled');\n  }\n  return <p>Rendered.</p>;\n};\n\n# Meddle\n\n<Meddle />\n`,
  );
  await build({ root: site.root, outDir: out });
  writeFileSync(flag, '');
  await build({ root: site.root, outDir: out });
  expect(existsSync(flag)).toBe(false);
  expect(readFileSync(join(out, 'tool.sh'), 'utf8')).toBe(readFileSync(join(site.root, 'public', 'tool.sh'), 'utf8'));
  await expectAsUncached();
});

test("a file of public/ at a prebuilt asset's path: the asset replaces it at every build, in place too, as from nothing", async () => {
  await build({ root: site.root, outDir: out });
  const asset = readdirSync(join(out, '_docs-gen')).find((name) => name.endsWith('.js'))!;
  mkdirSync(join(site.root, 'public', '_docs-gen'), { recursive: true });
  edit(join('public', '_docs-gen', asset), '// public/ has its own file here\n');
  try {
    for (let i = 0; i < 2; i++) {
      await build({ root: site.root, outDir: out });
      expect(readFileSync(join(out, '_docs-gen', asset), 'utf8')).not.toContain('public/ has its own');
      await expectAsUncached();
    }
  } finally {
    rmSync(join(site.root, 'public', '_docs-gen'), { recursive: true });
  }
});
