import { appendFileSync, chmodSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { contentKey, OutputChangedError, piecesKey, ReusingOutputWriter, sweepLastOutput } from '../../src/build/output-reuse.ts';
import { EventLoopTurns } from '../../src/util/event-loop-turns.ts';
import { plainOutputFiles } from '../../src/pipeline/output-files.ts';
import type { OutputPiece } from '../../src/pipeline/plugin.ts';
import { tmp } from '../helpers.ts';
import { writeNewFileSync } from '../../src/util/write-new-file.ts';

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

/**
 * A first build of `files` into `out/` (recording the whole output when the second is to update
 * it in place), then the writer of a second build into a new staging folder.
 */
async function rebuildOf(files: string[], { inPlace = false } = {}) {
  const dir = tmp();
  folders.push(dir);
  const out = join(dir, 'out');
  const cacheDir = join(dir, 'cache');
  const first = new ReusingOutputWriter({ outDir: out, staging: join(dir, 'staging-1'), cacheDir });
  mkdirSync(join(dir, 'staging-1'));
  for (const file of files) await first.write(file, file);
  first.identifyFiles();
  if (inPlace) first.identifyTree();
  renameSync(join(dir, 'staging-1'), out);
  await first.finish();
  const staging = join(dir, 'staging-2');
  mkdirSync(staging);
  return { out, staging, writer: new ReusingOutputWriter({ outDir: out, staging, cacheDir, inPlace }), cacheDir };
}

describe('the work a rebuild does for the files it links', () => {

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

describe('files stamped as they are written (writeNewFileSync)', () => {
  /** A build from nothing: `guide.md` through the writer, `guide/index.html` as a render worker writes a page (and, given `writtenAgain`, through the writer after), then `between` before the output is identified and swapped in. */
  async function stampedBuild(between: (staging: string) => void = () => {}, writtenAgain?: string) {
    const dir = tmp();
    folders.push(dir);
    const out = join(dir, 'out');
    const cacheDir = join(dir, 'cache');
    const staging = join(dir, 'staging-1');
    mkdirSync(join(staging, 'guide'), { recursive: true });
    const writer = new ReusingOutputWriter({ outDir: out, staging, cacheDir });
    await writer.write('guide.md', '# Guide');
    writer.record('guide/index.html', contentKey('<p>guide</p>'), writeNewFileSync(join(staging, 'guide', 'index.html'), '<p>guide</p>'));
    if (writtenAgain !== undefined) await writer.write('guide/index.html', writtenAgain);
    between(staging);
    const lookUps = writer.calls.lstat;
    writer.identifyFiles(['guide']);
    const identifyingLookUps = writer.calls.lstat - lookUps;
    writer.identifyTree();
    renameSync(staging, out);
    await writer.finish();
    const manifest = JSON.parse(readFileSync(join(cacheDir, 'output', readdirSync(join(cacheDir, 'output'))[0]!), 'utf8')) as { files: Record<string, { ino: number; size: number; mtimeMs: number }> };
    const nextStaging = join(dir, 'staging-2');
    mkdirSync(nextStaging);
    return { out, identifyingLookUps, manifest, next: new ReusingOutputWriter({ outDir: out, staging: nextStaging, cacheDir }) };
  }

  test('are identified by their stamps, with no look-up, and the next build links them', async () => {
    const { out, identifyingLookUps, manifest, next } = await stampedBuild();
    expect(identifyingLookUps).toBe(0);
    for (const path of ['guide.md', 'guide/index.html']) {
      const stats = statSync(join(out, path));
      expect(manifest.files[path], path).toMatchObject({ ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs });
    }
    expect(next.link('guide.md', contentKey('# Guide'))).toBe(true);
    expect(next.link('guide/index.html', contentKey('<p>guide</p>'))).toBe(true);
  });

  test('one removed after it was written, or a folder now, has no record, as when each was looked up', async () => {
    const { manifest } = await stampedBuild((staging) => {
      rmSync(join(staging, 'guide.md'));
      rmSync(join(staging, 'guide', 'index.html'));
      mkdirSync(join(staging, 'guide', 'index.html'));
    });
    expect(Object.keys(manifest.files)).toEqual([]);
  });

  test('one the writer writes again after the worker wrote it is identified as the second write left it', async () => {
    const again = '<p>guide, written again by a redirect</p>';
    const { out, manifest, next } = await stampedBuild(() => {}, again);
    expect(manifest.files['guide/index.html']).toMatchObject({ size: Buffer.byteLength(again), ino: statSync(join(out, 'guide', 'index.html')).ino });
    expect(next.link('guide/index.html', contentKey(again))).toBe(true);
  });
});

describe('a file written in pieces', () => {
  /** Pieces whose `make` counts its calls: `[key, text]` pairs. */
  function piecesOf(list: [string, string | Uint8Array][], made: string[]): OutputPiece[] {
    return list.map(([key, text]) => ({ key, make: () => (made.push(key), text) }));
  }

  /** A build that writes `file` in `list`'s pieces, after the last one (if any) in `dir`; returns what it made and the file's text. */
  async function buildPieces(dir: string, n: number, list: [string, string | Uint8Array][], beforeSwap: (out: string) => void = () => {}) {
    const out = join(dir, 'out');
    const staging = join(dir, `staging-${n}`);
    mkdirSync(staging);
    const writer = new ReusingOutputWriter({ outDir: out, staging, cacheDir: join(dir, 'cache') });
    const made: string[] = [];
    await writer.writePieces('data/all.json', piecesOf(list, made));
    writer.identifyFiles();
    beforeSwap(out);
    rmSync(out, { recursive: true, force: true });
    renameSync(staging, out);
    await writer.finish();
    return { made, text: readFileSync(join(out, 'data', 'all.json'), 'utf8'), linked: [...writer.linked] };
  }

  const site: [string, string][] = [
    ['open', '{'],
    ['a', '"a":1'],
    ['b', ',"b":"béta"'],
    ['c', ',"c":3'],
    ['close', '}'],
  ];

  test('texts made together are encoded as each alone would be, and their pieces found again by their bytes', async () => {
    const dir = tmp();
    folders.push(dir);
    // A surrogate pair split across two pieces is two lone halves, each piece encoded alone.
    const wide: [string, string][] = [['open', '['], ['emoji', '"😀"'], ['lone', ',"\uD800"'], ['hi', ',"x\uD83D'], ['lo', '\uDE00y"'], ['accent', ',"é"'], ['close', ']']];
    const eachAlone = Buffer.concat(wide.map(([, text]) => Buffer.from(text)));
    await buildPieces(dir, 1, wide);
    expect(readFileSync(join(dir, 'out', 'data', 'all.json'))).toEqual(eachAlone);
    // One piece changed between kept ones: the kept are copied by the byte ranges recorded.
    const next: [string, string][] = [['open', '['], ['emoji', '"😀"'], ['lone2', ',"\uDC00x"'], ['accent', ',"é"'], ['close', ']']];
    const second = await buildPieces(dir, 2, next);
    expect(second.made).toEqual(['lone2']);
    expect(readFileSync(join(dir, 'out', 'data', 'all.json'))).toEqual(Buffer.concat(next.map(([, text]) => Buffer.from(text))));
  });

  test('pieces made as bytes are written as they are, beside texts, and found again by them', async () => {
    const dir = tmp();
    folders.push(dir);
    const mixed: [string, string | Uint8Array][] = [['open', '['], ['bytes', Buffer.from('"é😀 bytes"')], ['text', ',"€ text"'], ['view', new Uint8Array([0x2c, 0x31, 0x32])], ['close', ']']];
    const bytesOf = (list: [string, string | Uint8Array][]) => Buffer.concat(list.map(([, part]) => (typeof part === 'string' ? Buffer.from(part) : part)));
    await buildPieces(dir, 1, mixed);
    expect(readFileSync(join(dir, 'out', 'data', 'all.json')).equals(bytesOf(mixed))).toBe(true);
    const next = mixed.map(([key, part]): [string, string | Uint8Array] => (key === 'text' ? ['text2', Buffer.from(',"new"')] : [key, part]));
    expect((await buildPieces(dir, 2, next)).made).toEqual(['text2']);
    expect(readFileSync(join(dir, 'out', 'data', 'all.json')).equals(bytesOf(next))).toBe(true);
  });

  test('pieces of more text than a slab holds (encoding-arena.ts) are their bytes in order, and found again by them', async () => {
    const dir = tmp();
    folders.push(dir);
    // 2.4 MB of two- to four-byte characters over several slabs of 1 MiB, and one piece that could
    // need more than a quarter of a slab, encoded alone.
    const many: [string, string][] = Array.from({ length: 600 }, (_, i) => [`p${i}`, `${i}:${'é€😀 '.repeat(250)}`]);
    many.splice(300, 0, ['large', 'ü'.repeat(200_000)]);
    const bytesOf = (list: [string, string][]) => Buffer.concat(list.map(([, text]) => Buffer.from(text)));
    await buildPieces(dir, 1, many);
    expect(readFileSync(join(dir, 'out', 'data', 'all.json')).equals(bytesOf(many))).toBe(true);
    const next = many.map(([key, text], i): [string, string] => (i === 450 ? ['changed', 'changed text'] : [key, text]));
    expect((await buildPieces(dir, 2, next)).made).toEqual(['changed']);
    expect(readFileSync(join(dir, 'out', 'data', 'all.json')).equals(bytesOf(next))).toBe(true);
  });

  test('pieces of a large file kept in another order are copied from where each was, runs that follow on in the old file as one', async () => {
    const dir = tmp();
    folders.push(dir);
    const many: [string, string][] = Array.from({ length: 400 }, (_, i) => [`p${i}`, `${i}:${'é€😀 '.repeat(250)}`]);
    await buildPieces(dir, 1, many);
    // The halves swapped, and one piece moved from the first to the end: every piece kept, none made.
    const reordered = [...many.slice(200), ...many.slice(0, 50), ...many.slice(51, 200), many[50]!];
    const second = await buildPieces(dir, 2, reordered);
    expect(second.made).toEqual([]);
    expect(readFileSync(join(dir, 'out', 'data', 'all.json')).equals(Buffer.concat(reordered.map(([, text]) => Buffer.from(text))))).toBe(true);
  });

  test('makes only the pieces whose keys are new; the rest are copied from the last file, whatever their order', async () => {
    const dir = tmp();
    folders.push(dir);
    expect(await buildPieces(dir, 1, site)).toEqual({ made: ['open', 'a', 'b', 'c', 'close'], text: '{"a":1,"b":"béta","c":3}', linked: [] });
    // Every key the same: linked whole, nothing made.
    expect(await buildPieces(dir, 2, site)).toEqual({ made: [], text: '{"a":1,"b":"béta","c":3}', linked: ['data/all.json'] });
    // One piece changed, one moved, one gone, one added twice.
    const next: [string, string][] = [['open', '{'], ['c2', '"c":4'], ['b', ',"b":"béta"'], ['d', ',"d":5'], ['d', ',"d":5'], ['close', '}']];
    expect(await buildPieces(dir, 3, next)).toEqual({ made: ['c2', 'd', 'd'], text: '{"c":4,"b":"béta","d":5,"d":5}', linked: [] });
    // The layout of the file just written is what the next build copies from.
    expect(await buildPieces(dir, 4, [...next.slice(0, 2), ['close', '}']])).toEqual({ made: [], text: '{"c":4}', linked: [] });
  });

  test("a file of one piece is linked while that piece's key stays, and made again when it changes, or when the one piece becomes the first of several", async () => {
    const dir = tmp();
    folders.push(dir);
    expect(await buildPieces(dir, 1, [['page', '# Page']])).toEqual({ made: ['page'], text: '# Page', linked: [] });
    expect(await buildPieces(dir, 2, [['page', '# Page']])).toEqual({ made: [], text: '# Page', linked: ['data/all.json'] });
    expect(await buildPieces(dir, 3, [['page2', '# Page, edited']])).toEqual({ made: ['page2'], text: '# Page, edited', linked: [] });
    // The same first piece with another after it is another file: not linked (its first piece is made, a one-piece file keeps no layout to copy from).
    expect(await buildPieces(dir, 4, [['page2', '# Page, edited'], ['more', ' and more']])).toEqual({ made: ['page2', 'more'], text: '# Page, edited and more', linked: [] });
  });

  test('makes every piece when the last file is not as the build left it, or its record does not fit it', async () => {
    const changes: Record<string, (out: string, manifest: string) => void> = {
      'edited in place': (out) => {
        writeFileSync(join(out, 'data', 'all.json'), '{"a":1,"b":"béta","c":9}');
        utimesSync(join(out, 'data', 'all.json'), new Date(), new Date(Date.now() + 5000));
      },
      'a piece past the end': (_out, manifest) => writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/\["close",(\d+),1\]/, '["close",$1,9]')),
      'a piece of another shape': (_out, manifest) => writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/\["close",(\d+),1\]/, '["close","$1",1]')),
    };
    for (const [name, change] of Object.entries(changes)) {
      const dir = tmp();
      folders.push(dir);
      await buildPieces(dir, 1, site);
      const manifest = join(dir, 'cache', 'output', readdirSync(join(dir, 'cache', 'output'))[0]!);
      change(join(dir, 'out'), manifest);
      const changed: [string, string][] = [...site.slice(0, 3), ['c2', ',"c":4'], ['close', '}']];
      expect(await buildPieces(dir, 2, changed), name).toEqual({ made: ['open', 'a', 'b', 'c2', 'close'], text: '{"a":1,"b":"béta","c":4}', linked: [] });
    }
  });

  test('the last file edited in place or cut short while the new one is made: the new one is written again with every piece made, no byte of the edit copied', async () => {
    const large: [string, string][] = Array.from({ length: 600 }, (_, i) => [`p${i}`, `${i}:${'é€😀 '.repeat(250)}`]);
    const edits: Record<string, (old: string) => void> = {
      // The same length, other bytes: only the file's times tell.
      'edited in place': (old) => {
        writeFileSync(old, readFileSync(old, 'utf8').replace('1', '9'));
        utimesSync(old, new Date(), new Date(Date.now() + 5000));
      },
      'cut short': (old) => truncateSync(old, 2),
    };
    // Small (written at once) and large (written through a file handle, the kept ranges copied a buffer at a time).
    for (const list of [site, large]) {
      for (const [name, edit] of Object.entries(edits)) {
        const dir = tmp();
        folders.push(dir);
        await buildPieces(dir, 1, list);
        const old = join(dir, 'out', 'data', 'all.json');
        const changed: [string, string][] = list.map(([key, text], i) => (i === 3 ? ['changed', ',"changed"'] : [key, text]));
        const staging = join(dir, 'staging-2');
        mkdirSync(staging);
        const writer = new ReusingOutputWriter({ outDir: join(dir, 'out'), staging, cacheDir: join(dir, 'cache') });
        const made: string[] = [];
        // The old file is opened and checked before any piece is made, and copied from once all are.
        const pieces = changed.map(([key, text]): OutputPiece => ({ key, make: () => (made.push(key), made.length === 1 && edit(old), text) }));
        await writer.writePieces('data/all.json', pieces);
        expect(made, name).toEqual(['changed', ...changed.map(([key]) => key)]);
        expect(readFileSync(join(staging, 'data', 'all.json'), 'utf8'), name).toBe(changed.map(([, text]) => text).join(''));
      }
    }
  });

  test('a file written whole after it was written in pieces keeps no record of pieces', async () => {
    const dir = tmp();
    folders.push(dir);
    await buildPieces(dir, 1, site);
    const staging = join(dir, 'staging-2');
    mkdirSync(staging);
    const writer = new ReusingOutputWriter({ outDir: join(dir, 'out'), staging, cacheDir: join(dir, 'cache') });
    await writer.writePieces('data/all.json', piecesOf(site.slice(1, 3), []));
    // Longer than the pieces were: a record of them left behind would fit this file, and be copied from.
    await writer.write('data/all.json', '{"whole":true,"padding":"more than the pieces"}');
    writer.identifyFiles();
    rmSync(join(dir, 'out'), { recursive: true });
    renameSync(staging, join(dir, 'out'));
    await writer.finish();
    expect((await buildPieces(dir, 3, site)).made).toEqual(['open', 'a', 'b', 'c', 'close']);
  });
});

/** A piece whose key cannot be read: the error says so. */
const unreadableKey = (): OutputPiece => ({
  get key(): string {
    throw new Error('a key was read');
  },
  make: () => 'text',
});

describe("the key of a file of many pieces (piecesKey), hashed some keys a step", () => {
  /** The pieces' keys hashed in one pass, each length-prefixed: what the key has always been. */
  const onePass = (keys: string[]) => {
    const hash = createHash('sha256');
    for (const key of keys) hash.update(`${key.length}:${key}`);
    return `pieces:${hash.digest('hex')}`;
  };
  const piecesWith = (keys: string[]): OutputPiece[] => keys.map((key) => ({ key, make: () => key }));

  test.each([2, 63, 64, 65, 128, 200])('is the one-pass hash of every key, for %i pieces, and changes with any one of them', async (count) => {
    const keys = Array.from({ length: count }, (_, i) => `key ${i} é`);
    // Steps of no time at all: each its own turn.
    const turns = new EventLoopTurns(0);
    expect(await piecesKey(piecesWith(keys), turns)).toBe(onePass(keys));
    for (const at of new Set([0, 62, 63, 64, 127, count - 1].filter((i) => i < count))) {
      const changed = keys.map((key, i) => (i === at ? `${key}!` : key));
      expect(await piecesKey(piecesWith(changed), turns), `piece ${at} of ${count}`).toBe(onePass(changed));
    }
  });

  test("of one piece is that piece's key", async () => {
    expect(await piecesKey(piecesWith(['only']), new EventLoopTurns())).toBe('piece:only');
  });
});

describe('files written in pieces without the cache (dev, --no-cache)', () => {
  test('read no piece key: a key a plugin hashes lazily costs dev nothing', async () => {
    const dir = tmp();
    folders.push(dir);
    await plainOutputFiles(dir).writePieces('x.txt', [unreadableKey(), unreadableKey()]);
    expect(readFileSync(join(dir, 'x.txt'), 'utf8')).toBe('texttext');
  });

  test('are texts and bytes, each written as it is, in order', async () => {
    const dir = tmp();
    folders.push(dir);
    await plainOutputFiles(dir).writePieces('x/mixed.json', [{ key: 'a', make: () => '["é ' }, { key: 'b', make: () => Buffer.from('😀 bytes') }, { key: 'c', make: async () => new Uint8Array([0x22, 0x5d]) }]);
    expect(readFileSync(join(dir, 'x', 'mixed.json'), 'utf8')).toBe('["é 😀 bytes"]');
  });

  test('are every piece made, in order', async () => {
    const dir = tmp();
    folders.push(dir);
    const made: string[] = [];
    await plainOutputFiles(dir).writePieces('x/all.txt', [{ key: 'a', make: () => (made.push('a'), 'one ') }, { key: 'b', make: async () => (made.push('b'), 'two') }]);
    expect(readFileSync(join(dir, 'x', 'all.txt'), 'utf8')).toBe('one two');
    expect(made).toEqual(['a', 'b']);
  });
});

test('with the cache, a piece whose make gives no text fails the write, as it always did', async () => {
  const { next } = await builtOnce();
  const writer = next();
  const notText = { key: 'n', make: () => 42 as unknown as string };
  await expect(writer.writePieces('numbers.txt', [{ key: 't', make: () => 'text' }, notText])).rejects.toThrow("a piece's make gave number, not a string");
});

test("with the cache, a key that throws is the write's rejection, not a throw from the call", async () => {
  const { next } = await builtOnce();
  const writer = next();
  let written: Promise<void> | undefined;
  expect(() => (written = writer.writePieces('page.txt', [unreadableKey()]))).not.toThrow();
  await expect(written).rejects.toThrow('a key was read');
  // The path takes turns still: a later write to it runs.
  await writer.write('page.txt', 'ours');
  expect(writer.linked.has('page.txt')).toBe(true);
});

describe('two writes to one path in one build', () => {
  test('run one after another: the second never links the old file while the first, unlinked, waits for its pieces, and the old output is left as it was', async () => {
    const { dir, out, next } = await builtOnce();
    const writer = next();
    let finishMaking: (text: string) => void = () => {};
    const slowPiece = new Promise<string>((resolve) => (finishMaking = resolve));
    const first = writer.writePieces('page.txt', [{ key: 'slow', make: () => slowPiece }]);
    // The old output's bytes: alone, this write would link out/page.txt.
    const second = writer.write('page.txt', 'ours');
    finishMaking('made slowly');
    await Promise.all([first, second]);
    expect(readFileSync(join(out, 'page.txt'), 'utf8')).toBe('ours');
    // The last write wins, in the order the writes were asked for.
    expect(readFileSync(join(dir, 'staging-2', 'page.txt'), 'utf8')).toBe('ours');
  });
});

describe('updating the output in place', () => {
  test('keeps a file that came out the same where it is, with no look-up and no link', async () => {
    const { staging, writer } = await rebuildOf(['a/index.html', 'b.md'], { inPlace: true });
    expect(writer.inPlace).toBe(true);
    const lookUps = writer.calls.lstat;
    expect(writer.link('a/index.html', contentKey('a/index.html'))).toBe(true);
    expect(writer.calls.lstat).toBe(lookUps);
    expect(readdirSync(staging)).toEqual([]);
  });

  test('a folder of the output changed while the build ran (a file added): the kept files are linked into the staging folder, to be swapped in', async () => {
    const { out, staging, writer } = await rebuildOf(['a/index.html', 'b.md'], { inPlace: true });
    writer.link('a/index.html', contentKey('a/index.html'));
    await writer.write('b.md', 'b changed');
    writeFileSync(join(out, 'a', 'stray.txt'), 'stray');
    expect(writer.commitInPlace(new Set(['a']))).toBe(false);
    expect(writer.inPlace).toBe(false);
    expect(statSync(join(staging, 'a', 'index.html')).ino).toBe(statSync(join(out, 'a', 'index.html')).ino);
    expect(readFileSync(join(staging, 'b.md'), 'utf8')).toBe('b changed');
    expect(readFileSync(join(out, 'b.md'), 'utf8')).toBe('b.md');
  });

  test('a kept file changed while the build ran: OutputChangedError, and nothing of the output moved', async () => {
    const { out, writer } = await rebuildOf(['a/index.html', 'b.md'], { inPlace: true });
    writer.link('a/index.html', contentKey('a/index.html'));
    await writer.write('b.md', 'b changed');
    renameSync(join(out, 'a', 'index.html'), join(out, 'a', 'moved.html'));
    writeFileSync(join(out, 'a', 'index.html'), 'a/index.html');
    expect(() => writer.commitInPlace(new Set(['a']))).toThrow(OutputChangedError);
    expect(readFileSync(join(out, 'b.md'), 'utf8')).toBe('b.md');
  });

  test('an output whose manifest has no record of its whole tree (an older manifest) is not updated in place', async () => {
    const { dir, out } = await builtOnce();
    const staging = join(dir, 'staging-2');
    mkdirSync(staging);
    const writer = new ReusingOutputWriter({ outDir: out, staging, cacheDir: join(dir, 'cache'), inPlace: true });
    expect(writer.inPlace).toBe(false);
    expect(writer.link('page.txt', contentKey('ours'))).toBe(true);
    expect(statSync(join(staging, 'page.txt')).ino).toBe(statSync(join(out, 'page.txt')).ino);
  });
});

describe('the sweep of the last output taken while the content loads (sweepLastOutput)', () => {
  test('the writer made with it takes it as its own: in place, with its look-ups counted once', async () => {
    const { out, staging, cacheDir } = await rebuildOf(['a/index.html', 'b.md'], { inPlace: true });
    const swept = sweepLastOutput(out, cacheDir);
    expect(swept?.sweep.asRecorded).toBe(true);
    expect(swept?.sweep.lookUps).toBe(2);
    const writer = new ReusingOutputWriter({ outDir: out, staging, cacheDir, inPlace: true, swept });
    expect(writer.inPlace).toBe(true);
    expect(writer.sweptBefore).toBe(true);
    expect(writer.calls.lstat).toBe(2);
  });

  test("one of another output folder, or of an output folder replaced since (by a link to a copy), is set aside and the writer sweeps for itself", async () => {
    const { out, staging, cacheDir } = await rebuildOf(['a/index.html', 'b.md'], { inPlace: true });
    const swept = sweepLastOutput(out, cacheDir)!;
    const elsewhere = new ReusingOutputWriter({ outDir: out, staging, cacheDir, inPlace: true, swept: { ...swept, outDir: join(out, '..', 'other') } });
    expect(elsewhere.sweptBefore).toBe(false);
    expect(elsewhere.inPlace).toBe(true);
    renameSync(out, `${out}-copy`);
    symlinkSync(`${out}-copy`, out);
    const linked = new ReusingOutputWriter({ outDir: out, staging, cacheDir, inPlace: true, swept });
    expect(linked.sweptBefore).toBe(false);
    expect(linked.inPlace).toBe(false);
    expect(linked.link('b.md', contentKey('b.md'))).toBe(false);
  });

  test('a file edited before the sweep: not in place', async () => {
    const { out, staging, cacheDir } = await rebuildOf(['a/index.html', 'b.md'], { inPlace: true });
    appendFileSync(join(out, 'b.md'), ' edited');
    const swept = sweepLastOutput(out, cacheDir);
    expect(swept?.sweep.asRecorded).toBe(false);
    expect(new ReusingOutputWriter({ outDir: out, staging, cacheDir, inPlace: true, swept }).inPlace).toBe(false);
  });

  test("the staging folder made after it still judges the modes: the output folder's under another umask, not in place", async () => {
    const { out, staging, cacheDir } = await rebuildOf(['a/index.html', 'b.md'], { inPlace: true });
    const swept = sweepLastOutput(out, cacheDir);
    expect(swept?.sweep.asRecorded).toBe(true);
    chmodSync(staging, 0o750);
    expect(new ReusingOutputWriter({ outDir: out, staging, cacheDir, inPlace: true, swept }).inPlace).toBe(false);
  });

  test("and the files': one whose read and write bits or owner are not a new file's keeps the output from being updated in place", async () => {
    const { out, staging, cacheDir } = await rebuildOf(['a/index.html', 'b.md'], { inPlace: true });
    const swept = sweepLastOutput(out, cacheDir)!;
    const file = statSync(join(out, 'b.md'));
    // What the files have, once each: both were written alike.
    expect(swept.sweep.fileOwnerships).toEqual([{ mode: file.mode & 0o777, uid: file.uid, gid: file.gid }]);
    expect(new ReusingOutputWriter({ outDir: out, staging, cacheDir, inPlace: true, swept }).inPlace).toBe(true);
    // As a sweep finds them when the files were written under another umask or by another user (the folders as this one makes them).
    for (const other of [{ mode: 0o600, uid: file.uid, gid: file.gid }, { mode: file.mode & 0o777, uid: file.uid + 1, gid: file.gid }]) {
      const sweep = { ...swept.sweep, fileOwnerships: [...swept.sweep.fileOwnerships, other] };
      expect(new ReusingOutputWriter({ outDir: out, staging, cacheDir, inPlace: true, swept: { ...swept, sweep } }).inPlace).toBe(false);
    }
  });

  test('a file edited after it, while the build runs, is kept by that build and written again by the next', async () => {
    const { out, staging, cacheDir } = await rebuildOf(['a/index.html', 'b.md'], { inPlace: true });
    const swept = sweepLastOutput(out, cacheDir);
    appendFileSync(join(out, 'b.md'), ' edited');
    const writer = new ReusingOutputWriter({ outDir: out, staging, cacheDir, inPlace: true, swept });
    for (const file of ['a/index.html', 'b.md']) expect(writer.link(file, contentKey(file))).toBe(true);
    expect(writer.commitInPlace(new Set(['a']))).toBe(true);
    await writer.finish();
    // This build leaves the edit where it is, recorded as the file it checked.
    expect(readFileSync(join(out, 'b.md'), 'utf8')).toBe('b.md edited');
    const nextStaging = join(out, '..', 'staging-3');
    mkdirSync(nextStaging);
    const next = new ReusingOutputWriter({ outDir: out, staging: nextStaging, cacheDir, inPlace: true, swept: sweepLastOutput(out, cacheDir) });
    expect(next.inPlace).toBe(false);
    expect(next.link('b.md', contentKey('b.md'))).toBe(false);
    expect(next.link('a/index.html', contentKey('a/index.html'))).toBe(true);
  });

  test('none without a last output, or with a manifest that has no record of its whole tree', async () => {
    const dir = tmp();
    folders.push(dir);
    expect(sweepLastOutput(join(dir, 'out'), join(dir, 'cache'))).toBeUndefined();
    const { out } = await builtOnce();
    expect(sweepLastOutput(out, join(out, '..', 'cache'))).toBeUndefined();
  });
});
