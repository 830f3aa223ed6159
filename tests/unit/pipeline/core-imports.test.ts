import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot } from '../../helpers.ts';

/** Every TypeScript file of `src/`, relative to the repository. */
const coreFiles = readdirSync(join(repoRoot, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((path) => /\.tsx?$/.test(path))
  .map((path) => `src/${path.split('\\').join('/')}`);

/** The one file that lists the built-ins: it alone may import them and name them. */
const BUILTIN_LIST = 'src/pipeline/builtin-plugins.ts';

test('src/ imports nothing from plugins/ except the file that lists the built-ins', () => {
  const offenders = coreFiles.filter((file) => file !== BUILTIN_LIST && /from\s+['"][^'"]*\/plugins\//.test(readFileSync(join(repoRoot, file), 'utf8')));
  expect(offenders).toEqual([]);
});

/** The built-ins' folder names, which are their names after `docs-gen:`: read here, so that a new built-in is covered without a change to this test. */
const builtinNames = readdirSync(join(repoRoot, 'plugins'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

test('src/ names no built-in plugin by string except the file that lists them', () => {
  expect(builtinNames).toContain('nextra-compat');
  const named = new RegExp(`['"\`]docs-gen:(${builtinNames.join('|')})['"\`]`);
  const offenders = coreFiles.filter((file) => file !== BUILTIN_LIST && named.test(readFileSync(join(repoRoot, file), 'utf8')));
  expect(offenders).toEqual([]);
});
