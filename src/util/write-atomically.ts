import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * Temporary names: random bytes drawn once per loaded copy of this module, then a count. A cold
 * build writes a thousand cache files, and a draw from the system's generator for each cost 20 µs;
 * the prefix keeps apart every writer that loaded this module, in any process or thread.
 */
const writer = randomBytes(6).toString('hex');
let written = 0;

/** The next temporary name for `file`. */
const temporaryOf = (file: string) => `${file}.${writer}-${++written}.tmp`;

/** The temporary could not be made because its name is taken: the file there is another writer's. */
const holdsAnother = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EEXIST';

/**
 * Writes `file` through a temporary name renamed into place, so a reader (dev's server handing a
 * browser the sidebar tree or the search data while a refresh writes them again, or a cache read)
 * sees the old file or the new one, never an empty or half-written one.
 */
export async function writeAtomically(file: string, contents: string | Uint8Array): Promise<void> {
  const temporary = temporaryOf(file);
  try {
    // `wx`: a name never taken over (two writers sharing one, or a link planted where it will be written).
    await writeFile(temporary, contents, { flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    // A name another writer holds (EEXIST, from `wx`) is not ours to remove.
    if (!holdsAnother(error)) await rm(temporary, { force: true });
    throw error;
  }
}

/** `writeAtomically` for a worker thread, which a synchronous write blocks alone (cache-entry.ts). */
export function writeAtomicallySync(file: string, contents: string | Uint8Array): void {
  const temporary = temporaryOf(file);
  try {
    writeFileSync(temporary, contents, { flag: 'wx' });
    renameSync(temporary, file);
  } catch (error) {
    if (!holdsAnother(error)) rmSync(temporary, { force: true });
    throw error;
  }
}
