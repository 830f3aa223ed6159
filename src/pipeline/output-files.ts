import { mkdir } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { EventLoopTurns } from '../util/event-loop-turns.ts';
import { writeAtomically } from '../util/write-atomically.ts';
import type { OutputFiles } from './plugin.ts';

/** What a path spelt one way only has none of: a leading or doubled slash, a backslash, a `.` or `..` segment. */
const ODD_SPELLING = /^\/|\/\/|\\|(^|\/)\.\.?(\/|$)/;

/** Whether `path` has a second spelling (`outputRelativePath` would change it, or refuse it): a redirect's source is refused for it (schema.ts). */
export const hasOddSpelling = (path: string) => ODD_SPELLING.test(path);

/**
 * A path in the output folder as one spelling (`/llms.txt`, `llms.txt` and `a//b/./c` are
 * `llms.txt` and `a/b/c`): the reusing writer's manifest and its record of the output's tree
 * name each file once. A path that leads out of the output folder (`../x`, a redirect from
 * `/a/../../x`) is refused: no build writes, or later removes, a file outside it.
 */
export function outputRelativePath(path: string): string {
  // Most paths are spelt once already: normalising each of a rebuild's 6000 was 5 ms.
  if (path !== '' && !ODD_SPELLING.test(path)) return path;
  const normalized = posix.normalize(path.split('\\').join('/')).replace(/^\/+/, '');
  if (normalized === '..' || normalized.startsWith('../') || normalized === '.' || normalized === '') throw new Error(`${JSON.stringify(path)} is not a file in the output folder`);
  return normalized;
}

/** `OutputFiles` that only write, each file atomically (dev's output folder, `--no-cache` builds, tests). */
export function plainOutputFiles(outDir: string): OutputFiles {
  const write: OutputFiles['write'] = async (path, contents) => {
    const file = join(outDir, outputRelativePath(path));
    await mkdir(dirname(file), { recursive: true });
    await writeAtomically(file, contents);
  };
  // Pieces are made a slice at a time, as the reusing writer makes them (EventLoopTurns): the
  // workers' answers, and dev's requests, get their turns meanwhile.
  const turns = new EventLoopTurns();
  return {
    write,
    async writePieces(path, pieces) {
      const made = await Promise.all(pieces.map((piece) => turns.run(() => piece.make())));
      await write(path, made.every((text) => typeof text === 'string') ? made.join('') : Buffer.concat(made.map((text) => (typeof text === 'string' ? Buffer.from(text) : text))));
    },
  };
}
