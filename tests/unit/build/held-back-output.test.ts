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

  test('close waits for a write begun and not awaited, releases what is held, and refuses a write after it', async () => {
    let finish!: () => void;
    const written: string[] = [];
    const slow: OutputFiles = {
      write: (path) => new Promise<void>((resolve) => (finish = () => resolve(void written.push(path)))),
      writePieces: async (path) => void written.push(path),
    };
    const held = heldBackOutput(slow, ['sitemap.xml']);
    // Neither awaited, as a hook that returns without awaiting them.
    void held.output.write('late.txt', 'x');
    const heldBack = held.output.writePieces('sitemap.xml/inner', []);
    let closed = false;
    const closing = held.close().then(() => (closed = true));
    await heldBack;
    expect(written).toEqual(['sitemap.xml/inner']);
    expect(closed).toBe(false);
    finish();
    await closing;
    expect(written).toEqual(['sitemap.xml/inner', 'late.txt']);
    await expect(held.output.write('after.txt', 'x')).rejects.toThrow('a postBuild hook wrote after.txt after the hooks ended');
    expect(written).not.toContain('after.txt');
  });

  test('close ends with a write that failed: its caller has the error', async () => {
    const failing: OutputFiles = { write: async () => Promise.reject(new Error('disk full')), writePieces: async () => {} };
    const held = heldBackOutput(failing, []);
    const write = held.output.write('a.txt', 'x');
    await expect(held.close()).resolves.toBeUndefined();
    await expect(write).rejects.toThrow('disk full');
  });
});
