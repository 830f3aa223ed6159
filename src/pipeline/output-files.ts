import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeAtomically } from '../util/write-atomically.ts';
import type { OutputFiles } from './plugin.ts';

/** `OutputFiles` that only write, each file atomically (dev's output folder, `--no-cache` builds, tests). */
export function plainOutputFiles(outDir: string): OutputFiles {
  return {
    async write(path, contents) {
      const file = join(outDir, path);
      await mkdir(dirname(file), { recursive: true });
      await writeAtomically(file, contents);
    },
  };
}
