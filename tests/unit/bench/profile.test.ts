// bench/profile.mjs: what the bench's profiles are read with (bench/README.md). A small profile
// made by hand, whose every figure is known, against each of the reader's views.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { busyShares, differences, frameName, idleStretches, inclusiveTimes, indexProfile, kindOf, kindTimes, loadProfiles, longStretches, parseArguments, partOf, selfTimes, shade, threadOf, timesUnder, type CallFrame, type CpuProfile } from '../../../bench/profile.mjs';

const frame = (functionName: string, url = '', lineNumber = 0): CallFrame => ({ functionName, url, lineNumber });

/**
 * root → build (dist/src/build/build.js:10) → hash (node_modules/shiki/dist/x.js:4); root → (idle);
 * root → (garbage collector). From t = 1000 µs, each sample with the span before it:
 *   build [1000, 5000) · hash [5000, 11 000) · hash [11 000, 21 000) · idle [21 000, 26 000) ·
 *   gc [26 000, 33 000) · idle [33 000, 36 000) · build [36 000, 44 000) · hash [44 000, 56 000)
 * Uneven spans: a sample paired with the next one's delta would move every figure below.
 */
function handMade(startTime = 1000): CpuProfile {
  return {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 4, 5] },
      { id: 2, callFrame: frame('build', 'file:///work/main/dist/src/build/build.js', 9), children: [3] },
      { id: 3, callFrame: frame('hash', 'file:///work/main/node_modules/shiki/dist/x.js', 3) },
      { id: 4, callFrame: frame('(idle)') },
      { id: 5, callFrame: frame('(garbage collector)') },
    ],
    startTime,
    samples: [2, 3, 3, 4, 5, 4, 2, 3],
    timeDeltas: [4000, 6000, 10_000, 5000, 7000, 3000, 8000, 12_000],
  };
}

const BUILD = 'build build/build.js:10';
const HASH = 'hash dist/x.js:4';

describe('reading a profile', () => {
  const thread = indexProfile(handMade());

  test('a sample has the span before it; self time is by the function it was in, in a window by where spans start', () => {
    expect(thread.samples.map((s) => [s.at, s.duration])).toEqual([
      [1000, 4000],
      [5000, 6000],
      [11_000, 10_000],
      [21_000, 5000],
      [26_000, 7000],
      [33_000, 3000],
      [36_000, 8000],
      [44_000, 12_000],
    ]);
    expect(Object.fromEntries(selfTimes(thread))).toEqual({ [BUILD]: 12_000, [HASH]: 28_000, '(idle)': 8000, '(garbage collector)': 7000 });
    expect(Object.fromEntries(selfTimes(thread, 5000, 26_000))).toEqual({ [HASH]: 16_000, '(idle)': 5000 });
  });

  test('a delta below zero (V8 writes a few) gives its sample no time', () => {
    const profile = handMade();
    profile.timeDeltas[1] = -3;
    expect(indexProfile(profile).samples[1]!.duration).toBe(0);
  });

  test('inclusive time counts a sample for each function on its stack; time under a function, by the function it was in', () => {
    expect(inclusiveTimes(thread).get(BUILD)).toBe(40_000);
    expect(Object.fromEntries(timesUnder(thread, /^build$/))).toEqual({ [BUILD]: 12_000, [HASH]: 28_000 });
    expect(timesUnder(thread, /^nothing$/).size).toBe(0);
  });

  test('busy shares by bin count each span in every bin it covers, up to the last sample', () => {
    // Bins of 10 ms from 1 ms: build+hash | hash | gc from 26 | gc to 33, build from 36 | build, hash | hash to 56.
    expect(busyShares(thread, 1000, 10_000)).toEqual([1, 1, 0.5, 0.7, 1, 0.5]);
    expect([0, 0.5, 1].map(shade).join('')).toBe(' +@');
  });

  test('busy stretches are cut by idle samples, run to the last sample, and are named by the code that ran most in them', () => {
    expect(longStretches(thread, 10_000)).toEqual([
      { start: 1000, duration: 20_000, under: 'build > hash' },
      { start: 36_000, duration: 20_000, under: 'build > hash' },
    ]);
    // Where the collector alone ran, it names the stretch.
    expect(longStretches(thread, 5000)[1]).toEqual({ start: 26_000, duration: 7000, under: '(garbage collector)' });
  });

  test('idle time is split into before the first work, after the last, and the stretches between, long or short', () => {
    // The hand-made thread's idle samples are both between busy ones: 5000 from 21 000 and 3000 from 33 000.
    expect(idleStretches(thread, 4000)).toEqual({ before: 0, after: 0, stretches: [{ start: 21_000, duration: 5000 }], scattered: 3000 });
    // A worker that waited for its first task and, at the end, for the run to end; two idle samples in a row are one stretch.
    const profile = handMade();
    profile.samples = [4, ...profile.samples.slice(0, 3), 4, ...profile.samples.slice(3), 4, 4];
    profile.timeDeltas = [2000, ...profile.timeDeltas.slice(0, 3), 1000, ...profile.timeDeltas.slice(3), 500, 700];
    const waited = indexProfile(profile);
    expect(idleStretches(waited, 4000)).toEqual({ before: 2000, after: 1200, stretches: [{ start: 23_000, duration: 6000 }], scattered: 3000 });
    // A thread that never worked waited from its first sample to its last.
    const idleOnly = indexProfile({ ...handMade(), samples: [4, 4], timeDeltas: [100, 200] });
    expect(idleStretches(idleOnly, 1)).toEqual({ before: 300, after: 0, stretches: [], scattered: 0 });
  });

  test("a frame is named by its function, file and line from 1; its part is a package, a folder of dist/, Node's or the engine's", () => {
    expect(frameName(frame('f', 'file:///a/b/c.js', 0))).toBe('f b/c.js:1');
    expect(frameName(frame('', 'node:internal/crypto/hash', 4))).toBe('(anonymous) node:internal/crypto/hash:5');
    expect(frameName(frame(`RegExp: ${'a'.repeat(300)}`))).toHaveLength(121);
    expect(partOf(frame('x', 'file:///w/node_modules/@shikijs/core/dist/a.js'))).toBe('@shikijs/core');
    expect(partOf(frame('x', 'file:///w/main/dist/plugins/search-index/index.js'))).toBe('dist/plugins/search-index');
    expect(partOf(frame('x', 'node:internal/fs/utils'))).toBe('node');
    expect(partOf(frame('open'))).toBe('(engine)');
    expect(partOf(frame('(program)'))).toBe('(program)');
  });

  test('a frame\'s kind is the same whether its package is in node_modules or bundled into dist/vendor', () => {
    expect(kindOf(frame('x', 'file:///w/node_modules/@shikijs/vscode-textmate/dist/index.js'))).toBe('shiki');
    expect(kindOf(frame('x', 'file:///w/main/dist/vendor/shiki.js'))).toBe('shiki');
    expect(kindOf(frame('x', 'file:///w/node_modules/markdown-it/lib/index.mjs'))).toBe('markdown-it');
    expect(kindOf(frame('x', 'file:///w/main/dist/vendor/markdown-it-footnote.js'))).toBe('markdown-it');
    expect(kindOf(frame('x', 'file:///w/node_modules/react-dom/cjs/react-dom-server.js'))).toBe('React');
    expect(kindOf(frame('x', 'file:///w/main/dist/vendor/@mdx-js/mdx.js'))).toBe('the MDX compiler');
    expect(kindOf(frame('x', 'file:///w/node_modules/yaml/dist/index.js'))).toBe('other packages');
    expect(kindOf(frame('x', 'file:///w/main/dist/vendor/chunks/chunk-AB12.js'))).toBe('other packages');
    expect(kindOf(frame('x', 'file:///w/node_modules/foo/node_modules/entities/lib/decode.js'))).toBe('markdown-it');
    expect(kindOf(frame('x', 'file:///w/node_modules/.pnpm/markdown-it@14.1.0/node_modules/markdown-it/lib/index.mjs'))).toBe('markdown-it');
    expect(kindOf(frame('x', 'file:///w/node_modules/property-information/lib/find.js'))).toBe('the MDX compiler');
    expect(kindOf(frame('x', 'file:///w/main/bin/docs-gen.js'))).toBe('other files');
    expect(kindOf(frame('x', 'file:///w/main/dist/theme/layouts/page-frame.js'))).toBe("docs-gen's theme");
    expect(kindOf(frame('x', 'file:///w/main/dist/src/build/build.js'))).toBe("docs-gen's own code");
    expect(kindOf(frame('x', 'node:internal/modules/esm/loader'))).toBe('loading modules');
    expect(kindOf(frame('x', 'node:internal/fs/utils'))).toBe("Node's own JavaScript (fs, Buffer, workers)");
    expect(kindOf(frame('mkdir'))).toBe('file-system calls');
    expect(kindOf(frame('postMessage'))).toBe('threads and their messages');
    expect(kindOf(frame('compileFunctionForCJSLoader'))).toBe('loading modules');
    expect(kindOf(frame('compileSourceTextModule'))).toBe('loading modules');
    expect(kindOf(frame('(garbage collector)'))).toBe('collections');
    expect(kindOf(frame('(idle)'))).toBe('(idle)');
    expect(kindOf(frame('RegExp: ^abc'))).toBe("V8's built-ins (regular expressions, JSON, strings)");
    expect(kindTimes(thread)).toEqual(new Map([["docs-gen's own code", 12_000], ['shiki', 28_000], ['(idle)', 8000], ['collections', 7000]]));
  });

  test("a shared chunk of dist/vendor is of the packages its folder's packages.json says it holds", () => {
    const vendor = join(mkdtempSync(join(tmpdir(), 'docs-gen-kinds-')), 'dist', 'vendor');
    mkdirSync(join(vendor, 'chunks'), { recursive: true });
    writeFileSync(join(vendor, 'packages.json'), JSON.stringify({ 'chunks/chunk-MDX1.js': ['micromark', 'mdast-util-from-markdown'], 'chunks/chunk-YAML.js': ['yaml'] }));
    const url = (file: string) => pathToFileURL(join(vendor, file)).href;
    try {
      expect(kindOf(frame('x', url('chunks/chunk-MDX1.js')))).toBe('the MDX compiler');
      expect(kindOf(frame('x', url('chunks/chunk-YAML.js')))).toBe('other packages');
      expect(kindOf(frame('x', url('chunks/chunk-NONE.js')))).toBe('other packages');
    } finally {
      rmSync(join(vendor, '..', '..'), { recursive: true, force: true });
    }
  });

  test('differences put what grew most first and what shrank most last', () => {
    const rows = differences(new Map([['a', 5], ['b', 1]]), new Map([['a', 2], ['c', 4]]));
    expect(rows).toEqual([
      { key: 'c', change: 4, a: 0, b: 4 },
      { key: 'b', change: -1, a: 1, b: 0 },
      { key: 'a', change: -3, a: 5, b: 2 },
    ]);
  });
});

describe('a run of profiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-gen-profile-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (folder: string, name: string, startTime: number) => writeFileSync(join(folder, name), JSON.stringify(handMade(startTime)));

  test("each file is its thread's (Node's name for it), in thread order, from the earliest start", () => {
    const run = mkdtempSync(join(dir, 'run-'));
    write(run, 'CPU.20261129.143539.19561.2.003.cpuprofile', 5000);
    write(run, 'CPU.20261129.143539.19561.0.001.cpuprofile', 3000);
    writeFileSync(join(run, 'notes.txt'), 'not a profile');
    const { threads, start } = loadProfiles(run);
    expect(threads.map((t) => t.thread)).toEqual(['0', '2']);
    expect(start).toBe(3000);
    expect(threadOf('CPU.20261129.143539.19561.10.011.cpuprofile')).toBe('10');
  });

  test('a folder with no profile, or with two runs in it, is an error', () => {
    expect(() => loadProfiles(mkdtempSync(join(dir, 'empty-')))).toThrow(/no \.cpuprofile files/);
    const twice = mkdtempSync(join(dir, 'twice-'));
    write(twice, 'CPU.20261129.143539.19561.0.001.cpuprofile', 3000);
    write(twice, 'CPU.20261129.150001.20433.0.001.cpuprofile', 9000);
    expect(() => loadProfiles(twice)).toThrow(/profiles of 2 processes \(19561, 20433\)/);
  });
});

describe('the command line', () => {
  test('each view with its options', () => {
    expect(parseArguments(['p', '--window', '1.5', '2', '--thread', '0', '--inclusive'])).toEqual({ folders: ['p'], thread: '0', inclusive: true, view: 'window', from: 1.5, to: 2 });
    expect(parseArguments(['p', '--timeline'])).toMatchObject({ view: 'timeline', binMs: 100 });
    expect(parseArguments(['p', '--long', '--min', '50'])).toMatchObject({ view: 'long', minMs: 50 });
    expect(parseArguments(['p', '--idle'])).toMatchObject({ view: 'idle', minMs: 50 });
    expect(parseArguments(['p', '--idle', '--min', '5', '--thread', '1'])).toMatchObject({ view: 'idle', minMs: 5, thread: '1' });
    expect(parseArguments(['a', 'b', '--diff'])).toMatchObject({ view: 'diff', folders: ['a', 'b'] });
    expect(parseArguments(['p'])).toMatchObject({ view: 'summary', folders: ['p'] });
    expect(parseArguments(['p', '--kinds'])).toMatchObject({ view: 'kinds', folders: ['p'] });
    expect(parseArguments(['a', 'b', '--kinds', '--thread', '0'])).toMatchObject({ view: 'kinds', folders: ['a', 'b'], thread: '0' });
  });

  test('what cannot be read is one message, never a run on wrong numbers', () => {
    expect(() => parseArguments(['p', '--timeline', '--bin', '0'])).toThrow('--bin must be a number above 0, not 0');
    expect(() => parseArguments(['p', '--window', '9', '--thread', '0'])).toThrow(/--window takes two numbers/);
    expect(() => parseArguments(['p', '--window', '3', '2'])).toThrow(/FROM below TO/);
    expect(() => parseArguments(['a', '--diff'])).toThrow(/two folders/);
    expect(() => parseArguments(['p', '--thread'])).toThrow('--thread needs a value');
    expect(() => parseArguments(['p', 'q'])).toThrow(/one folder of profiles, not 2/);
    expect(() => parseArguments(['a', 'b', 'c', '--kinds'])).toThrow('--kinds reads one folder of profiles, or two side by side, not 3');
  });
});
