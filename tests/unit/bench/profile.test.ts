// bench/profile.mjs: what the bench's profiles are read with (bench/README.md). A small profile
// made by hand, whose every figure is known, against each of the reader's views.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { busyShares, differences, frameName, inclusiveTimes, indexProfile, loadProfiles, longStretches, partOf, selfTimes, shade, threadOf, timesUnder, type CallFrame, type CpuProfile } from '../../../bench/profile.mjs';

const frame = (functionName: string, url = '', lineNumber = 0): CallFrame => ({ functionName, url, lineNumber });

/**
 * root → build (dist/src/build/build.js:10) → hash (node_modules/shiki/x.js:4); root → (idle);
 * root → (garbage collector). Samples every 10 ms from t = 1000 µs: build, hash, hash, idle,
 * idle, gc, build, idle.
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
    samples: [2, 3, 3, 4, 4, 5, 2, 4],
    timeDeltas: [10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000],
  };
}

describe('reading a profile', () => {
  const thread = indexProfile(handMade());

  test('a sample lasts the time until it was taken; self time is by the function it was in', () => {
    expect(thread.samples.map((s) => s.at)).toEqual([1000, 11_000, 21_000, 31_000, 41_000, 51_000, 61_000, 71_000]);
    expect(Object.fromEntries(selfTimes(thread))).toEqual({ 'build build/build.js:10': 20_000, 'hash dist/x.js:4': 20_000, '(idle)': 30_000, '(garbage collector)': 10_000 });
    // The samples whose spans start from 11 ms up to 51 ms, where the collector's starts: left out.
    expect(Object.fromEntries(selfTimes(thread, 11_000, 51_000))).toEqual({ 'hash dist/x.js:4': 20_000, '(idle)': 20_000 });
  });

  test('inclusive time counts a sample for each function on its stack; time under a function, by the function it was in', () => {
    expect(inclusiveTimes(thread).get('build build/build.js:10')).toBe(40_000);
    expect(Object.fromEntries(timesUnder(thread, /^build$/))).toEqual({ 'build build/build.js:10': 20_000, 'hash dist/x.js:4': 20_000 });
    expect(timesUnder(thread, /^nothing$/).size).toBe(0);
  });

  test('busy shares by bin, and the characters that show them', () => {
    // Bins of 20 ms from 1 ms, by where a sample's span starts: build, hash | hash, idle | idle, gc | build, idle.
    expect(busyShares(thread, 1000, 20_000)).toEqual([1, 0.5, 0.5, 0.5]);
    expect([0, 0.5, 1].map(shade).join('')).toBe(' +@');
  });

  test('busy stretches are cut by idle samples and named by the code that ran most in them', () => {
    expect(longStretches(thread, 25_000)).toEqual([{ start: 1000, duration: 30_000, under: 'build > hash' }]);
    // The collector alone names nothing, but counts in its stretch's length.
    expect(longStretches(thread, 10_000).map((s) => [s.start, s.duration, s.under])).toEqual([
      [1000, 30_000, 'build > hash'],
      [51_000, 20_000, 'build'],
    ]);
  });

  test('a frame is named by its function, file and line from 1; its part is a package, a folder of dist/, or the engine', () => {
    expect(frameName(frame('f', 'file:///a/b/c.js', 0))).toBe('f b/c.js:1');
    expect(frameName(frame('', 'node:fs', 4))).toBe('(anonymous) node:fs:5');
    expect(partOf(frame('x', 'file:///w/node_modules/@shikijs/core/dist/a.js'))).toBe('@shikijs/core');
    expect(partOf(frame('x', 'file:///w/main/dist/plugins/search-index/index.js'))).toBe('dist/plugins/search-index');
    expect(partOf(frame('x', 'node:internal/fs/utils'))).toBe('node');
    expect(partOf(frame('open'))).toBe('(engine)');
    expect(partOf(frame('(program)'))).toBe('(program)');
  });

  test('differences list what grew most first', () => {
    const rows = differences(new Map([['a', 5], ['b', 1]]), new Map([['a', 2], ['c', 4]]));
    expect(rows).toEqual([
      { key: 'c', change: 4, a: 0, b: 4 },
      { key: 'b', change: -1, a: 1, b: 0 },
      { key: 'a', change: -3, a: 5, b: 2 },
    ]);
  });
});

describe('a run of profiles', () => {
  const dir = join(tmpdir(), `docs-gen-profile-${process.pid}`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("each file is its thread's (Node's name for it), in thread order, from the earliest start", () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'CPU.20261129.143539.19561.2.003.cpuprofile'), JSON.stringify(handMade(5000)));
    writeFileSync(join(dir, 'CPU.20261129.143539.19561.0.001.cpuprofile'), JSON.stringify(handMade(3000)));
    writeFileSync(join(dir, 'notes.txt'), 'not a profile');
    const { threads, start } = loadProfiles(dir);
    expect(threads.map((t) => t.thread)).toEqual(['0', '2']);
    expect(start).toBe(3000);
    expect(threadOf('CPU.20261129.143539.19561.10.011.cpuprofile')).toBe('10');
    expect(() => loadProfiles(join(dir, 'none'))).toThrow();
  });
});
