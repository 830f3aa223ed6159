// Once per vitest run, in vitest's own process: a folder for what test files of the run share
// (tests/rel-site-once.ts) and for their temporary folders and sites (tests/helpers.ts), removed
// when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const RUN_DIR_VARIABLE = 'DOCS_GEN_TEST_RUN_DIR';
const RUN_DIR_PREFIX = 'docs-gen-test-run-';
/** Set once a setup has taken on removing the folder: every project runs the setup, one removes it. */
const REMOVER_VARIABLE = 'DOCS_GEN_TEST_RUN_DIR_REMOVED_BY_SETUP';

/**
 * The run's shared folder, made by whichever asks first in vitest's process: a project's setup, or
 * the reporter that starts the Rel site's build (tests/rel-site-early.ts), which runs before them.
 */
export function testRunDir(): string {
  return (process.env[RUN_DIR_VARIABLE] ??= mkdtempSync(join(tmpdir(), RUN_DIR_PREFIX)));
}

/**
 * Where the run whose folder is `runDir` keeps its temporary sites (`tempSite`, tests/helpers.ts):
 * inside the repository, so that `docs-gen` resolves from them; removed with the run's folder, also
 * a site whose test failed before removing it.
 */
export const runSitesDir = (runDir: string): string => join(fileURLToPath(new URL('.', import.meta.url)), '.tmp', basename(runDir));

/**
 * What must be finished before the folder goes: the Rel site's build begun early, when there is
 * one. Kept on the process's global object: the reporter and each project's setup may each load
 * this module apart.
 */
const PENDING = Symbol.for('docs-gen.test-run-dir.pending');
const pending = ((globalThis as { [PENDING]?: Promise<unknown>[] })[PENDING] ??= []);
export function finishBeforeTheRunDirGoes(work: Promise<unknown>): void {
  pending.push(work.catch(() => undefined));
}

export default function setup(project: TestProject): () => Promise<void> {
  const dir = testRunDir();
  project.provide('testRunDir', dir);
  const removes = process.env[REMOVER_VARIABLE] === undefined;
  process.env[REMOVER_VARIABLE] = '1';
  return async () => {
    if (!removes) return;
    await Promise.all(pending);
    try {
      rmSync(dir, { recursive: true, force: true });
    } finally {
      // Only a folder of the run's own name: a hand-set DOCS_GEN_TEST_RUN_DIR of `/` must not make this all of tests/.tmp.
      if (basename(dir).startsWith(RUN_DIR_PREFIX)) rmSync(runSitesDir(dir), { recursive: true, force: true });
    }
  };
}
