import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
