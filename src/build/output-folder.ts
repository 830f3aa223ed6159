import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * A temporary folder beside `outDir` (same file system, so the final rename is atomic
 * enough), swapped in only when the build succeeded: a failed build never touches `out/`.
 */
export async function createStagingFolder(outDir: string): Promise<string> {
  const staging = join(dirname(outDir), `.${basename(outDir)}.staging-${process.pid}-${Date.now()}`);
  await mkdir(staging, { recursive: true });
  return staging;
}

export async function swapIntoPlace(staging: string, outDir: string): Promise<void> {
  const previous = `${staging}.previous`;
  if (existsSync(outDir)) await rename(outDir, previous);
  await rename(staging, outDir);
  await rm(previous, { recursive: true, force: true });
}

export async function discardStaging(staging: string): Promise<void> {
  await rm(staging, { recursive: true, force: true });
}
