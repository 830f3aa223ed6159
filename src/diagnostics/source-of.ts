import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Diagnostic } from './diagnostic.ts';

/** The text of the file a diagnostic points into, for its code frame; undefined when unreadable. */
export function sourceOf(root: string, d: Diagnostic): string | undefined {
  if (!d.file || !d.line) return undefined;
  try {
    return readFileSync(resolve(root, d.file), 'utf8');
  } catch {
    return undefined;
  }
}
