import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { buildFailure, tempSitesEachTest, tmp } from '../helpers.ts';

const site = tempSitesEachTest();

/**
 * A plugin's `postBuild` that begins a write and returns without awaiting it. The write's one
 * piece is made only once the build's output is in place, or after many turns of the event loop:
 * a build that waits for the write never moves its output first, so it gets the turns; one that
 * does not moved it already, and the write then lands where the staging folder was.
 */
const lateWriter = (ended: string, afterwards = '') => `import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
export default {
  title: 'Late',
  plugins: [{
    name: 'late-writer',
    postBuild({ outDir, output }) {
      const placed = join(dirname(outDir), 'out', 'index.html');
      void output.writePieces('late.txt', [{ key: 'late', make: async () => {
        for (let turn = 0; turn < 20000 && !existsSync(placed); turn++) await new Promise((done) => setImmediate(done));
        return existsSync(placed) ? 'written after the output was in place' : 'written before the output was in place';
      } }]).finally(() => writeFileSync(${JSON.stringify(ended)}, ''));
      ${afterwards}
    },
  }],
};
`;

describe('a write a postBuild hook begins and does not await', () => {
  test('is in the output: the build waits for it before it moves anything', async () => {
    const root = site({ 'content/index.md': '# Home\n\nA page.\n', 'docs-gen.config.ts': lateWriter(join(tmp(), 'write-ended')) });
    const result = await build({ root });
    expect(readFileSync(join(result.outDir, 'late.txt'), 'utf8')).toBe('written before the output was in place');
    // Nothing made again beside the output (the staging folder, by a write after the swap).
    expect(readdirSync(root).filter((name) => name.startsWith('.out')).sort()).toEqual([]);
  });

  test('when the hook then fails, is waited for before the staging folder goes', async () => {
    const ended = join(tmp(), 'write-ended');
    const root = site({ 'content/index.md': '# Home\n\nA page.\n', 'docs-gen.config.ts': lateWriter(ended, "throw new Error('the late writer gave up');") });
    const diagnostics = await buildFailure({ root });
    expect(diagnostics.map((d) => d.message).join('\n')).toContain('the late writer gave up');
    // Ended before the build did, when the build waits for it; else this waits for its end.
    while (!existsSync(ended)) await new Promise((done) => setTimeout(done, 5));
    expect(existsSync(join(root, 'out'))).toBe(false);
    expect(readdirSync(root).filter((name) => name.startsWith('.out')).sort()).toEqual([]);
  });
});
