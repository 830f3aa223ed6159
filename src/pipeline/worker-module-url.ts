import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join, relative } from 'node:path';
import { toolRoot } from '../util/tool-root.ts';

/**
 * URL of a worker-task module beside the calling module: `workerModuleUrl(import.meta.url, './task.js')`.
 * Worker threads run JavaScript, so when docs-gen's own TypeScript sources call this (under
 * vitest), the transpiled twin in `dist/` is used. A plugin file in the site may have only
 * `task.ts` beside it: that URL is returned, and `runInWorker` bundles it before running it.
 */
export function workerModuleUrl(callerUrl: string, specifier: string): string {
  const sibling = new URL(specifier, callerUrl);
  if (existsSync(fileURLToPath(sibling))) return sibling.href;
  const fromRoot = relative(toolRoot(), fileURLToPath(sibling));
  if (!fromRoot.startsWith('..')) {
    const built = join(toolRoot(), 'dist', fromRoot);
    if (existsSync(built)) return pathToFileURL(built).href;
  }
  for (const extension of ['.ts', '.tsx', '.mts']) {
    const typescript = new URL(specifier.replace(/\.m?js$/, extension), callerUrl);
    if (typescript.href !== sibling.href && existsSync(fileURLToPath(typescript))) return typescript.href;
  }
  return sibling.href;
}
