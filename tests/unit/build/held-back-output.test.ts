import { describe, expect, test } from 'vitest';
import { heldBackOutput } from '../../../src/build/held-back-output.ts';
import type { OutputFiles } from '../../../src/pipeline/plugin.ts';

/** An output that records the paths written, in order. */
function recording(): { output: OutputFiles; written: string[] } {
  const written: string[] = [];
  return {
    written,
    output: {
      write: async (path) => void written.push(path),
      writePieces: async (path) => void written.push(path),
    },
  };
}

describe('heldBackOutput', () => {
  test('holds back, until released, a write at a later path, a folder above one, or a path below one; the rest go through at once', async () => {
    const { output, written } = recording();
    const held = heldBackOutput(output, ['llms.txt', 'docs/redirect/index.html', 'notes.md', '../outside']);
    const writes = [
      held.output.write('llms.txt', 'generated'),
      held.output.write('docs', 'a file where a folder of a later path goes'),
      held.output.writePieces('notes.md/inner.md', []),
      held.output.write('./llms.txt', 'the same path, spelled otherwise'),
      held.output.write('guide.md', 'no later path'),
      held.output.writePieces('docs-other/x.md', []),
    ];
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual(['guide.md', 'docs-other/x.md']);
    held.release();
    await Promise.all(writes);
    expect(written).toEqual(['guide.md', 'docs-other/x.md', 'llms.txt', 'docs', 'notes.md/inner.md', './llms.txt']);
  });

  test('a path that is no file of the output fails its write as before, held back or not', async () => {
    const { output } = recording();
    const held = heldBackOutput(output, ['sitemap.xml']);
    await expect(held.output.write('../escape', 'x')).rejects.toThrow('is not a file in the output folder');
  });
});
