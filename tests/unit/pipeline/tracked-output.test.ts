import { afterEach, describe, expect, test, vi } from 'vitest';
import type { OutputFiles } from '../../../src/pipeline/plugin.ts';
import { trackedOutput } from '../../../src/pipeline/tracked-output.ts';

/** An output whose `write` ends only when the test says (`finish`, by path); `writePieces` at once. Both record the paths written, in order. */
function controlled(): { output: OutputFiles; written: string[]; finish: (path: string, error?: Error) => void } {
  const written: string[] = [];
  const pending = new Map<string, (error?: Error) => void>();
  return {
    written,
    finish: (path, error) => pending.get(path)!(error),
    output: {
      write: (path) =>
        new Promise<void>((resolve, reject) =>
          pending.set(path, (error) => {
            if (error) return reject(error);
            written.push(path);
            resolve();
          }),
        ),
      writePieces: async (path) => void written.push(path),
    },
  };
}

/** Lets every promise callback and one turn of the event loop run. */
const aTurn = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => vi.restoreAllMocks());

describe('trackedOutput', () => {
  test('settle waits for a write begun and not awaited, and for the next one code that was not awaited begins after it', async () => {
    const { output, written, finish } = controlled();
    const tracked = trackedOutput(output);
    // As a hook that returns without awaiting this chain, whose second write comes some promise callbacks after the first ends.
    void (async () => {
      await tracked.output.write('one.txt', '1');
      for (let step = 0; step < 10; step++) await Promise.resolve();
      await tracked.output.write('two.txt', '2');
    })();
    let ended = false;
    const settling = tracked.settle().then(() => (ended = true));
    await aTurn();
    expect(ended).toBe(false);
    finish('one.txt');
    await aTurn();
    await aTurn();
    // The second write began after the first ended, and settle waits for it too.
    expect(ended).toBe(false);
    finish('two.txt');
    await expect(settling).resolves.toBe(true);
    expect(written).toEqual(['one.txt', 'two.txt']);
  });

  test('settle gives the writes that failed, awaited or not; the caller that awaits one gets its error', async () => {
    const { output, finish } = controlled();
    const tracked = trackedOutput(output);
    void tracked.output.write('ignored.txt', 'x');
    const awaited = tracked.output.write('awaited.txt', 'x');
    const settling = tracked.settle();
    finish('ignored.txt', new Error('disk full'));
    finish('awaited.txt', new Error('read-only folder'));
    await expect(awaited).rejects.toThrow('read-only folder');
    const failed = await settling;
    expect(failed.map(({ path, error }) => [path, (error as Error).message])).toEqual([
      ['ignored.txt', 'disk full'],
      ['awaited.txt', 'read-only folder'],
    ]);
  });

  test('a write that throws at once fails as one that rejects', async () => {
    const throwing: OutputFiles = {
      write: () => {
        throw new Error('no such place');
      },
      writePieces: async () => {},
    };
    const tracked = trackedOutput(throwing);
    await expect(tracked.output.write('a.txt', 'x')).rejects.toThrow('no such place');
    expect((await tracked.settle()).map(({ path }) => path)).toEqual(['a.txt']);
  });

  test('a write begun once settle ended is refused, with a process warning, and writes nothing', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const { output, written } = controlled();
    const tracked = trackedOutput(output);
    await tracked.settle();
    await expect(tracked.output.writePieces('late.txt', [])).rejects.toThrow('a postBuild hook wrote late.txt after it had ended');
    expect(written).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('late.txt'));
  });
});
