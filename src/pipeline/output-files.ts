import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeAtomically } from '../util/write-atomically.ts';
import type { OutputFiles } from './plugin.ts';

/** `OutputFiles` that only write, each file atomically (dev's output folder, `--no-cache` builds, tests). */
export function plainOutputFiles(outDir: string): OutputFiles {
  const write: OutputFiles['write'] = async (path, contents) => {
    const file = join(outDir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeAtomically(file, contents);
  };
  return {
    write,
    async writePieces(path, pieces) {
      await write(path, (await Promise.all(pieces.map((piece) => piece.make()))).join(''));
    },
  };
}
