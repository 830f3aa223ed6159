import type { OutputFiles } from './plugin.ts';
import { handledLater } from '../util/handled-later.ts';

/** A write that failed: its path and what it threw. */
export interface FailedWrite {
  path: string;
  error: unknown;
}

/**
 * One plugin's view of the output in `postBuild`, which counts the writes the hook begins. A hook
 * may begin a write and return without awaiting it, or await one write in code it did not await
 * and then begin the next: its run ends with `settle`, which waits for every such write, so that
 * nothing is written into the staging folder once the build moved it into place or removed it
 * (a write that came after made the staging folder again beside `out/` and lost the file).
 *
 * A write begun once `settle` ended is refused: its promise rejects, and a process warning says
 * so, since the hook's own code may not be listening any more (a timer's write). The rejection is
 * handled here: it must not end the process while the build moves its output into place.
 */
export function trackedOutput(output: OutputFiles): { output: OutputFiles; settle: () => Promise<FailedWrite[]> } {
  const running = new Set<Promise<void>>();
  const failed: FailedWrite[] = [];
  let settled = false;
  const track = (path: string, write: () => Promise<void>): Promise<void> => {
    if (settled) {
      const message = `a postBuild hook wrote ${path} after it had ended: the file is not in the output (await every write before the hook returns)`;
      process.emitWarning(message);
      return handledLater(Promise.reject(new Error(message)));
    }
    // A write that throws at once fails as one that rejects.
    const writing = (async () => write())();
    running.add(writing);
    // The hook gets the outcome; this keeps count and notes a failure (its caller may not be listening).
    writing.then(
      () => running.delete(writing),
      (error: unknown) => {
        running.delete(writing);
        failed.push({ path, error });
      },
    );
    return writing;
  };
  return {
    output: {
      write: (path, contents) => track(path, () => output.write(path, contents)),
      writePieces: (path, pieces) => track(path, () => output.writePieces(path, pieces)),
    },
    async settle() {
      // A write that code the hook did not await begins once the one before it ends: in the
      // promise callbacks that run before the next turn of the event loop, so after that turn.
      while (running.size) {
        await Promise.allSettled([...running]);
        await new Promise((resolve) => setImmediate(resolve));
      }
      settled = true;
      return failed;
    },
  };
}
