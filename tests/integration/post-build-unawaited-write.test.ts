import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { buildFailure, fileMade, pageThatFails, tempSitesEachTest, tmp } from '../helpers.ts';

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
    await fileMade(ended);
    expect(existsSync(join(root, 'out'))).toBe(false);
    expect(readdirSync(root).filter((name) => name.startsWith('.out')).sort()).toEqual([]);
  });

  test('and the write code that was not awaited begins after it are both in the output', async () => {
    const root = site({
      'content/index.md': '# Home\n',
      'docs-gen.config.ts': `export default { title: 'Chain', plugins: [{ name: 'chain', postBuild({ output }) {
  void (async () => { await output.write('one.txt', '1'); await output.write('two.txt', '2'); })();
} }] };
`,
    });
    const result = await build({ root });
    expect([readFileSync(join(result.outDir, 'one.txt'), 'utf8'), readFileSync(join(result.outDir, 'two.txt'), 'utf8')]).toEqual(['1', '2']);
  });

  test('that fails, fails the build at its plugin and path', async () => {
    const root = site({
      'content/index.md': '# Home\n',
      'docs-gen.config.ts': `export default { title: 'Escape', plugins: [{ name: 'escaper', postBuild({ output }) { void output.write('../escape.txt', 'x'); } }] };\n`,
    });
    const diagnostics = await buildFailure({ root });
    expect(diagnostics.map((d) => [d.code, d.plugin, d.hook])).toEqual([['plugin-internal', 'escaper', 'postBuild']]);
    expect(diagnostics[0]!.message).toContain('Plugin escaper wrote ../escape.txt in postBuild, and the write failed: "../escape.txt" is not a file in the output folder');
    expect(existsSync(join(root, 'escape.txt'))).toBe(false);
  });

  test('of a hook that begins with the pages is waited for when a page fails, before the staging folder goes', async () => {
    const signals = tmp();
    const failing = join(signals, 'page-failing');
    const ended = join(signals, 'write-ended');
    const root = site({
      'content/index.md': '# Home\n\nA page.\n',
      'content/throws.mdx': pageThatFails(failing),
      // The write's piece is made once the page failed, and then many turns later, while the staging folder is there.
      'docs-gen.config.ts': `import { existsSync, writeFileSync } from 'node:fs';
export default {
  title: 'Early',
  plugins: [{
    name: 'early-late-writer',
    postBuildReads: 'site',
    postBuild({ outDir, output }) {
      void output.writePieces('late.txt', [{ key: 'late', make: async () => {
        while (!existsSync(${JSON.stringify(failing)})) await new Promise((done) => setImmediate(done));
        for (let turn = 0; turn < 20000 && existsSync(outDir); turn++) await new Promise((done) => setImmediate(done));
        return 'late';
      } }]).finally(() => writeFileSync(${JSON.stringify(ended)}, ''));
    },
  }],
};
`,
    });
    const diagnostics = await buildFailure({ root });
    expect(diagnostics.map((d) => [d.code, d.file])).toEqual([['render-failed', 'content/throws.mdx']]);
    // Ended before the build did, when the build waits for it; else this waits for its end.
    await fileMade(ended);
    expect(readdirSync(root).filter((name) => name.startsWith('.out'))).toEqual([]);
  });
});
