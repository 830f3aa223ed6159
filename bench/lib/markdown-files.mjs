// The pages of a corpus's content folder, for the bench scripts that read them.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The `.md` and `.mdx` files under `dir`, at any depth, sorted (an order that does not depend on the file system's). */
export function markdownFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
