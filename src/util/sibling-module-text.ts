import { readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const texts = new Map<string, string>();

/**
 * The text of the module `name` beside the module at `url`, with that module's own extension:
 * `dist/`'s `.js`, which the tool's build id covers already, or under vitest the `.ts` source,
 * which that build id (of the last `npm run build:tool`) does not follow. A cache keyed by a
 * schema holds its text too, so that an edited schema is not hidden by what was kept before the
 * edit. Empty when the file cannot be read; read once a process.
 */
export function siblingModuleText(url: string, name: string): string {
  const own = fileURLToPath(url);
  const path = join(dirname(own), `${name}${extname(own)}`);
  let text = texts.get(path);
  if (text === undefined) {
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      text = '';
    }
    texts.set(path, text);
  }
  return text;
}
