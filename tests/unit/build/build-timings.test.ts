import { describe, expect, test } from 'vitest';
import { BuildTimings, CONTENT_STAGE, POST_BUILD_STAGE, formatTimings } from '../../../src/build/build-timings.ts';

/** A clock that reads the given times in turn: no test here depends on how fast the machine is. */
const fakeClock = (...readings: number[]) => {
  let next = 0;
  return () => readings[next++]!;
};

describe("where a build's time went (--timings)", () => {
  test('each stage ends where the next begins', () => {
    const timings = new BuildTimings(fakeClock(100, 130, 180.5));
    timings.endStage('config and plugins', '7 plugins');
    timings.endStage('pages');
    expect(timings.stages).toEqual([
      { stage: 'config and plugins', ms: 30, detail: '7 plugins' },
      { stage: 'pages', ms: 50.5 },
    ]);
  });

  test('a hook is timed whether it succeeds or throws, and its answer or error passes through', async () => {
    const timings = new BuildTimings(fakeClock(0, 10, 25, 40, 42));
    await expect(timings.timeHook('a', 'loadContent', async () => 'answer')).resolves.toBe('answer');
    await expect(timings.timeHook('b', 'postBuild', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(timings.hooks).toEqual([
      { plugin: 'a', hook: 'loadContent', ms: 15 },
      { plugin: 'b', hook: 'postBuild', ms: 2 },
    ]);
  });

  test('the lines printed: stages aligned, each kind of hook under its stage, the slowest first', () => {
    const lines = formatTimings({
      stages: [
        { stage: 'config and plugins', ms: 35.4, detail: '7 plugins' },
        { stage: CONTENT_STAGE, ms: 1234.5, detail: '3 routes' },
        { stage: 'pages', ms: 0.2 },
        { stage: POST_BUILD_STAGE, ms: 80 },
      ],
      hooks: [
        { plugin: 'q', hook: 'loadContent', ms: 20 },
        { plugin: 'p', hook: 'loadContent', ms: 1200 },
        { plugin: 'q', hook: 'contentLoaded', ms: 3 },
        { plugin: 'r', hook: 'postBuild', ms: 5 },
        { plugin: 's', hook: 'postBuild', ms: 79.6 },
      ],
    });
    expect(lines).toEqual([
      '  where the time went (--timings):',
      '      35 ms  config and plugins (7 plugins)',
      '    1235 ms  content and its plugin hooks (3 routes)',
      '             loadContent, at once: p 1200 ms, q 20 ms',
      '             contentLoaded, in turn: q 3 ms',
      '       0 ms  pages',
      '      80 ms  postBuild hooks',
      '             postBuild, at once: s 80 ms, r 5 ms',
      "    1350 ms  in all (the summary's time ends with the output folder)",
    ]);
  });

  test('a stage whose hooks did not run lists none', () => {
    expect(formatTimings({ stages: [{ stage: POST_BUILD_STAGE, ms: 1 }], hooks: [] })).toEqual(['  where the time went (--timings):', '    1 ms  postBuild hooks', "    1 ms  in all (the summary's time ends with the output folder)"]);
  });

  test('many hook runs wrap before 100 columns, each run whole', () => {
    const hooks = Array.from({ length: 8 }, (_, i) => ({ plugin: `docs-gen:plugin-number-${i}`, hook: 'contentLoaded' as const, ms: 10 - i }));
    const lines = formatTimings({ stages: [{ stage: CONTENT_STAGE, ms: 100 }], hooks });
    const runs = lines.filter((line) => line.includes('docs-gen:plugin-number-'));
    expect(runs.length).toBeGreaterThan(1);
    for (const line of runs) expect(line.length).toBeLessThanOrEqual(100);
    expect(runs.join(' ').match(/docs-gen:plugin-number-\d+ \d+ ms/g)).toHaveLength(8);
    // Under the first run, two spaces in from the line it continues.
    expect(runs[1]).toMatch(/^ {14}docs-gen:plugin-number-/);
  });
});
