import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import config from '../../vitest.config.ts';
import { repoRoot } from '../helpers.ts';

// Unit files share one module graph per worker; a file that replaces a module with vi.mock would
// replace it for the files after it too, so it must run in the isolated unit project.
test('every unit file that mocks a module runs in the isolated unit project', () => {
  const unitDir = join(repoRoot, 'tests', 'unit');
  const mocking = readdirSync(unitDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(repoRoot, file))
    .sort();
  const projects = (config.test?.projects ?? []) as { test?: { name?: string; include?: string[] } }[];
  const isolated = projects.find((project) => project.test?.name === 'unit-isolated')?.test?.include ?? [];
  expect(mocking.length).toBeGreaterThan(0);
  expect([...isolated].sort()).toEqual(mocking);
});
