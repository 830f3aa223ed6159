// The CLI's shim sets V8's flags (src/util/v8-tuning.ts) for the process it runs in: checked from
// outside, with a preload that records every `v8.setFlagsFromString`, so that the wiring (the
// arguments the shim passes, and that it calls at all) is tested, not only the choice.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { v8FlagsFor } from '../../src/util/v8-tuning.ts';

const repoRoot = join(import.meta.dirname, '..', '..');
const cli = join(repoRoot, 'bin', 'docs-gen.js');
const dir = mkdtempSync(join(tmpdir(), 'v8-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const recorder = join(dir, 'record-flags.mjs');
writeFileSync(
  recorder,
  `import v8 from 'node:v8';
import { syncBuiltinESMExports } from 'node:module';
import { appendFileSync } from 'node:fs';
const set = v8.setFlagsFromString;
v8.setFlagsFromString = (flags) => { appendFileSync(process.env.FLAGS_LOG, flags + '\\n'); return set(flags); };
syncBuiltinESMExports();
`,
);

/** The flags the shim set for `args` (each command asked for its help: nothing is built or served). */
function flagsSet(args: string[], nodeFlags: string[] = []): string[] {
  const log = join(dir, `${args.join('-')}${nodeFlags.length}.log`);
  writeFileSync(log, '');
  const run = spawnSync(process.execPath, [...nodeFlags, '--import', pathToFileURL(recorder).href, cli, ...args], { encoding: 'utf8', env: { ...process.env, FLAGS_LOG: log } });
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

describe('the CLI sets V8 flags for its own process', () => {
  test('build gets the interrupt budget and regular expressions compiled once, check the budget, as this Node version is given', () => {
    const forBuild = v8FlagsFor(process.versions.node, [], ['build']);
    const forCheck = v8FlagsFor(process.versions.node, [], ['check']);
    if (process.versions.node.startsWith('20.')) {
      expect(forBuild).toEqual(['--interrupt-budget=1000000', '--no-regexp-tier-up']);
      expect(forCheck).toEqual(['--interrupt-budget=1000000']);
    }
    expect(flagsSet(['build', '--help'])).toEqual(forBuild);
    expect(flagsSet(['--debug', 'check', '--help'])).toEqual(forCheck);
  });

  test('dev and preview, and a flag set on the command line, are left alone', () => {
    expect(flagsSet(['dev', '--help'])).toEqual([]);
    expect(flagsSet(['preview', '--help'])).toEqual([]);
    expect(flagsSet(['build', '--help'], ['--interrupt-budget=67584', '--regexp-tier-up'])).toEqual([]);
  });
});
