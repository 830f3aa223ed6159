// Once per vitest run, in vitest's own process: a folder for what test files of the run share
// (tests/rel-site-once.ts), removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

export const RUN_DIR_VARIABLE = 'DOCS_GEN_TEST_RUN_DIR';

export default function setup(project: TestProject): () => void {
  // Every project runs this setup; they share one folder (the variable is set by the first).
  const created = process.env[RUN_DIR_VARIABLE] === undefined;
  const dir = (process.env[RUN_DIR_VARIABLE] ??= mkdtempSync(join(tmpdir(), 'docs-gen-test-run-')));
  project.provide('testRunDir', dir);
  return () => {
    if (created) rmSync(dir, { recursive: true, force: true });
  };
}
