import { unlinkSync, writeFileSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';

/**
 * Writes `bytes` to `file` as a new file. A file already there (the copy of a `public/` file at
 * a page's path, made first) is replaced, not written through: written through, it kept its own
 * mode and owner, and a build's page got the `public/` file's mode where a build that kept the
 * page from the last one had a new file's.
 */
export function writeNewFileSync(file: string, bytes: string | Uint8Array): void {
  try {
    writeFileSync(file, bytes, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    unlinkSync(file);
    writeFileSync(file, bytes, { flag: 'wx' });
  }
}

/** `writeNewFileSync`, asynchronously. */
export async function writeNewFile(file: string, bytes: string | Uint8Array): Promise<void> {
  try {
    await writeFile(file, bytes, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    await unlink(file);
    await writeFile(file, bytes, { flag: 'wx' });
  }
}
