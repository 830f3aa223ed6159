import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * Writes `file` through a temporary name renamed into place, so a reader (dev's server handing a
 * browser the sidebar tree or the search data while a refresh writes them again, or a cache read)
 * sees the old file or the new one, never an empty or half-written one.
 */
export async function writeAtomically(file: string, contents: string | Uint8Array): Promise<void> {
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, contents);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
