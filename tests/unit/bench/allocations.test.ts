// bench/allocations.mjs and bench/lib/record-allocations.mjs: where a run's main thread allocates.
// A profile made by hand, whose every figure is known, and one recorded from a script that
// allocates most of its bytes in one function.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { allocationCallers, allocationTotals, parseArguments, type AllocationNode, type AllocationProfile } from '../../../bench/allocations.mjs';

const node = (functionName: string, selfSize: number, children: AllocationNode[] = [], url = 'file:///work/main/dist/src/build/build.js', lineNumber = 0): AllocationNode => ({
  callFrame: { functionName, url, lineNumber },
  selfSize,
  children,
});

const RENDER_CACHE = 'file:///x/dist/src/build/render-cache.js';

/** (root) → build → [visit 100 → visit 40 (recursion), hash 30]; (root) → read 7; build itself 5. */
function handMade(): AllocationProfile {
  return {
    head: {
      callFrame: { functionName: '(root)', url: '', lineNumber: -1 },
      selfSize: 0,
      children: [node('build', 5, [node('visit', 100, [node('visit', 40, [], RENDER_CACHE, 35)], RENDER_CACHE, 35), node('hash', 30, [], 'node:internal/crypto/hash', 131)]), node('read', 7, [], '', -1)],
    },
  };
}

const BUILD = 'build build/build.js:1';
const VISIT = 'visit build/render-cache.js:36';
const HASH = 'hash node:internal/crypto/hash:132';

describe('reading a recorded profile', () => {
  test('bytes in all, by the function they were allocated in, and below each function (a recursive one counted once)', () => {
    const { total, self, inclusive } = allocationTotals(handMade());
    expect(total).toBe(182);
    expect(Object.fromEntries(self)).toEqual({ [BUILD]: 5, [VISIT]: 140, [HASH]: 30, read: 7 });
    expect(Object.fromEntries(inclusive)).toEqual({ [BUILD]: 175, [VISIT]: 140, [HASH]: 30, read: 7 });
  });

  test("a function's bytes by its callers, nearest first, as deep as asked", () => {
    expect(Object.fromEntries(allocationCallers(handMade(), /^visit /, 1))).toEqual({ [BUILD]: 100, [VISIT]: 40 });
    expect(Object.fromEntries(allocationCallers(handMade(), /^visit /, 2))).toEqual({ [BUILD]: 100, [`${VISIT} < ${BUILD}`]: 40 });
    expect(Object.fromEntries(allocationCallers(handMade(), /^read$/))).toEqual({ '(none)': 7 });
  });

  test('the command line: the file first, then options that each take a value', () => {
    expect(parseArguments(['a.json'])).toEqual({ file: 'a.json', top: 25, callers: undefined, depth: 2 });
    const options = parseArguments(['a.json', '--top', '5', '--callers', '^join ', '--depth', '3']);
    expect([options.top, options.callers?.source, options.depth]).toEqual([5, '^join ', 3]);
    expect(() => parseArguments(['--top', '5'])).toThrow('the first argument is the recorded file');
    expect(() => parseArguments(['a.json', '--top'])).toThrow('--top needs a value');
    expect(() => parseArguments(['a.json', '--top', '0'])).toThrow('--top takes a whole number above 0, not 0');
    expect(() => parseArguments(['a.json', '--thread', '1'])).toThrow('unknown option --thread');
  });
});

describe('recording a run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'allocations-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const recorder = resolve('bench/lib/record-allocations.mjs');

  test("the main thread's allocations, garbage included, and none of a worker's", () => {
    const script = join(dir, 'allocate.mjs');
    // About 64 MB in `allocateLots`, each array dropped at once: only samples of freed objects
    // can show it. The worker allocates as much, and is not recorded.
    writeFileSync(
      script,
      `import { Worker, isMainThread } from 'node:worker_threads';
function allocateLots() { let kept = 0; for (let i = 0; i < 4000; i++) kept += new Array(2000).fill(i).length; return kept; }
function allocateInWorker() { let kept = 0; for (let i = 0; i < 4000; i++) kept += new Array(2000).fill(i).length; return kept; }
if (isMainThread) {
  allocateLots();
  await new Promise((done) => new Worker(new URL(import.meta.url)).on('exit', done));
} else allocateInWorker();
`,
    );
    const file = join(dir, 'allocations.json');
    execFileSync(process.execPath, ['--import', recorder, script], { env: { ...process.env, DOCS_GEN_ALLOCATIONS: file } });
    const { total, self } = allocationTotals(JSON.parse(readFileSync(file, 'utf8')) as AllocationProfile);
    const lots = [...self].find(([name]) => name.startsWith('allocateLots '))?.[1] ?? 0;
    expect(lots).toBeGreaterThan(32e6);
    expect(lots / total).toBeGreaterThan(0.5);
    expect([...self.keys()].some((name) => name.startsWith('allocateInWorker '))).toBe(false);
  });
});
