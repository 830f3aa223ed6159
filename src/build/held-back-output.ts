import { outputRelativePath } from '../pipeline/output-files.ts';
import type { OutputFiles } from '../pipeline/plugin.ts';
import { foldersAbove } from './output-tree.ts';

/**
 * The output the `postBuild` hooks write through, holding back until `release` a write that
 * meets a path the build's own later steps write (the site files: `404.html`, the sitemap,
 * `robots.txt`, `_redirects`, redirect pages, the plugins' emitted files): the same path, a
 * folder above it, or a path below it. Those steps ran before every `postBuild` hook, and still
 * do for the hooks that begin with the pages (`postBuildReads: 'site'`): a site whose plugin
 * emits its own `llms.txt` gets the generated one over it, as it always did, however the hooks
 * and the pages interleave. Every other write goes through at once.
 */
export function heldBackOutput(output: OutputFiles, laterPaths: Iterable<string>): { output: OutputFiles; release: () => void } {
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
    for (const folder of foldersAbove(normal)) foldersOfLater.add(folder);
  }
  const meets = (path: string) => {
    const normal = outputRelativePath(path);
    if (later.has(normal) || foldersOfLater.has(normal)) return true;
    for (const folder of foldersAbove(normal)) if (later.has(folder)) return true;
    return false;
  };
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    output: {
      async write(path, contents) {
        if (meets(path)) await released;
        return output.write(path, contents);
      },
      async writePieces(path, pieces) {
        if (meets(path)) await released;
        return output.writePieces(path, pieces);
      },
    },
    release,
  };
}
