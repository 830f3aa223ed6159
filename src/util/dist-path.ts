import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toolRoot } from './tool-root.ts';

/**
 * Absolute path of a built file in `dist/` (same layout as the repo: `src/…`, `plugins/…`).
 * Worker modules load from `dist/` even under vitest, since worker threads cannot run TypeScript.
 */
export function distPath(relativePath: string): string {
  return join(toolRoot(), 'dist', relativePath);
}

export function distUrl(relativePath: string): string {
  return pathToFileURL(distPath(relativePath)).href;
}
