// The Rel documentation site (the repository's own content) built once per vitest run, for every
// test file that only reads the built site. Building it takes most of a file's setup, and the
// files that need it may run at the same time in different worker processes: the first to ask
// builds it, the others wait for it, all through a folder that tests/global-setup.ts makes for
// the run. Run alone, a file builds it itself, the same way.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { build } from '../src/build/build.ts';
import { repoRoot } from './helpers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for this run only; tests/global-setup.ts removes it when the run ends. */
    testRunDir: string;
  }
}

let built: Promise<string> | undefined;

/**
 * The output folder of the Rel site built once for this run. Read only: other files read it at
 * the same time. Rejects with the build's own error when the build failed, in whichever file.
 */
export function relSiteBuiltOnce(): Promise<string> {
  built ??= buildOrWait(relSiteDir(inject('testRunDir')));
  return built;
}

/** Where the run whose folder is `testRunDir` keeps the Rel site: its output, and the markers of its build. */
export const relSiteDir = (testRunDir: string): string => join(testRunDir, 'rel-site');

/**
 * The Rel site's output folder under `dir`: built here when no other process of the run has
 * begun to, else waited for. Also called by vitest's own process as the run starts
 * (tests/rel-site-early.ts).
 */
export async function buildOrWait(dir: string): Promise<string> {
  const outDir = join(dir, 'out');
  const done = join(dir, 'built');
  const failed = join(dir, 'failed');
  mkdirSync(join(dir, '..'), { recursive: true });
  let builder: boolean;
  try {
    // mkdir is atomic: exactly one process of the run creates the folder, and builds.
    mkdirSync(dir);
    builder = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    builder = false;
  }
  if (builder) {
    try {
      await build({ root: repoRoot, outDir });
    } catch (error) {
      writeFileSync(failed, error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error));
      throw error;
    }
    writeFileSync(done, '');
    return outDir;
  }
  // Waiting on another process's build: the marker is looked for again and again; the only
  // bound is the hook's timeout (vitest.config.ts), never a speed the build must meet.
  for (;;) {
    if (existsSync(done)) return outDir;
    if (existsSync(failed)) throw new Error(`the Rel site's build for this run failed in another test file:\n${readFileSync(failed, 'utf8')}`);
    await sleep(200);
  }
}
