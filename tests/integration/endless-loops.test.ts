import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { buildFailure, fixture, tmp } from '../helpers.ts';

// Every bound here is tiny (50 ms) and every loop endless: the loop exceeds any bound, so
// these tests do not depend on the machine's speed.
const dir = tmp();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('user code that never ends is stopped and reported at its file', () => {
  test('an endless loop in an MDX expression: evaluation-timeout at the page', async () => {
    const diagnostics = await buildFailure({ root: fixture('an-endless-loop-in-an-mdx-expression-stops-the-build'), outDir: join(dir, 'an-endless-loop-in-an-mdx-expression-stops-the-build') });
    expect(diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', code: 'evaluation-timeout', file: 'content/page.mdx', message: 'Rendering /page did not finish within 50 ms: is there an endless loop in the page\'s code?' }));
    // With a 50 ms bound a cold worker's first render of another page may be stopped too; nothing else is reported.
    expect(diagnostics.every((d) => d.code === 'evaluation-timeout')).toBe(true);
  });

  test('an endless loop at the top of a _meta.ts: evaluation-timeout at the file', async () => {
    const diagnostics = await buildFailure({ root: fixture('an-endless-loop-in-meta-ts-stops-the-build'), outDir: join(dir, 'an-endless-loop-in-meta-ts-stops-the-build') });
    expect(diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', code: 'evaluation-timeout', file: 'content/_meta.ts', message: 'content/_meta.ts did not finish loading within 50 ms: is there an endless loop in it?' }),
    ]);
  });

  test('an endless loop in the config: evaluation-timeout at the config, with the bound the caller gives', async () => {
    const diagnostics = await buildFailure({ root: fixture('an-endless-loop-in-the-config-stops-the-build'), outDir: join(dir, 'an-endless-loop-in-the-config-stops-the-build'), evaluationTimeoutMs: 50 });
    expect(diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', code: 'evaluation-timeout', file: 'docs-gen.config.ts', message: 'docs-gen.config.ts did not finish loading within 50 ms: is there an endless loop in it?' }),
    ]);
  });

  test('a config that loops through a coercion, without a call: evaluation-timeout at the config', async () => {
    const name = 'a-config-looping-through-a-coercion-stops-the-build';
    const diagnostics = await buildFailure({ root: fixture(name), outDir: join(dir, name), evaluationTimeoutMs: 50 });
    expect(diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', code: 'evaluation-timeout', file: 'docs-gen.config.ts', message: 'docs-gen.config.ts did not finish loading within 50 ms: is there an endless loop in it?' }),
    ]);
  });
});
