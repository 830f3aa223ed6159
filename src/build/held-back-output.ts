import { outputRelativePath } from '../pipeline/output-files.ts';
import type { OutputFiles } from '../pipeline/plugin.ts';

/**
 * The output the `postBuild` hooks write through, holding back until `release` a write that
 * meets a path the build's own later steps write (the site files: `404.html`, the sitemap,
 * `robots.txt`, `_redirects`, redirect pages, the plugins' emitted files): the same path, a
 * folder above it, or a path below it. Those steps ran before every `postBuild` hook, and still
 * do for the hooks that begin with the pages (`postBuildReads: 'site'`): a site whose plugin
 * emits its own `llms.txt` gets the generated one over it, as it always did, however the hooks
 * and the pages interleave. Every other write goes through at once.
 *
 * `close` releases what is held, waits for every write begun, and refuses any after it. A hook may start a write and
 * end without awaiting it: the build then moved its output into place while the write ran, which
 * made the staging folder again beside `out/` and lost the file. The build closes this output
 * once the hooks end, before it moves anything, and when it fails, before it removes the staging
 * folder.
 */
export function heldBackOutput(output: OutputFiles, laterPaths: Iterable<string>): { output: OutputFiles; release: () => void; close: () => Promise<void> } {
  const later = new Set<string>();
  const foldersOfLater = new Set<string>();
  for (const path of laterPaths) {
    let normal: string;
    try {
      normal = outputRelativePath(path);
    } catch {
      // No file of the output (`../x`): its own write fails, where it always did.
      continue;
    }
    later.add(normal);
    for (let at = normal.lastIndexOf('/'); at > 0; at = normal.lastIndexOf('/', at - 1)) foldersOfLater.add(normal.slice(0, at));
  }
  const meets = (path: string) => {
    const normal = outputRelativePath(path);
    if (later.has(normal) || foldersOfLater.has(normal)) return true;
    for (let at = normal.lastIndexOf('/'); at > 0; at = normal.lastIndexOf('/', at - 1)) if (later.has(normal.slice(0, at))) return true;
    return false;
  };
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const running = new Set<Promise<void>>();
  let closed = false;
  /** Runs the write, kept among those running until it ends; refused once the output is closed. */
  const tracked = (path: string, write: () => Promise<void>): Promise<void> => {
    if (closed) return Promise.reject(new Error(`a postBuild hook wrote ${path} after the hooks ended: await every write before the hook returns`));
    const writing = (async () => {
      if (meets(path)) await released;
      return write();
    })();
    running.add(writing);
    // Its caller gets the outcome; this only keeps count.
    writing.then(
      () => running.delete(writing),
      () => running.delete(writing),
    );
    return writing;
  };
  return {
    output: {
      write: (path, contents) => tracked(path, () => output.write(path, contents)),
      writePieces: (path, pieces) => tracked(path, () => output.writePieces(path, pieces)),
    },
    release,
    async close() {
      closed = true;
      release();
      // Nothing can start a write now, so the set only shrinks.
      await Promise.allSettled([...running]);
    },
  };
}
