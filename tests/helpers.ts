import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { build, type BuildOptions } from '../src/build/build.ts';
import type { Diagnostic } from '../src/diagnostics/diagnostic.ts';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const fixture = (name: string) => join(repoRoot, 'tests', 'fixtures', name);

/** Writes `files` (path → contents) into a fresh temporary site folder inside the repo (so `docs-gen` resolves). */
export function tempSite(files: Record<string, string>): { root: string; cleanup: () => void } {
  const base = join(repoRoot, 'tests', '.tmp');
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, 'site-'));
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export const tmp = () => mkdtempSync(join(tmpdir(), 'docs-gen-test-'));

/** Builds with `options` and returns the diagnostics the build rejects with; fails the test when it succeeds. */
export async function buildFailure(options: BuildOptions): Promise<Diagnostic[]> {
  const error = await build(options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `building ${options.root} should fail`).toBeDefined();
  const diagnostics = (error as { diagnostics?: Diagnostic[] }).diagnostics;
  expect(diagnostics, `the failure should carry diagnostics, got: ${String(error)}`).toBeInstanceOf(Array);
  return diagnostics!;
}
