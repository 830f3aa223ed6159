// esbuild keeps the folder the process was in when it was first imported as its working folder
// for good; a caller of the API (a test, a tool that embeds docs-gen) may leave that folder and
// remove it. Loading a config must not depend on it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { repoRoot, tmp } from '../helpers.ts';

const dist = (path: string) => pathToFileURL(join(repoRoot, 'dist', path)).href;

// A config esbuild must bundle (it calls a method): one site per load, each with its own title.
const program = `
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// First, as the CLI imports it.
const { stopEsbuild } = await import(${JSON.stringify(dist('src/util/esbuild-children.js'))});
const { loadConfig } = await import(${JSON.stringify(dist('src/config/load-config.js'))});
const base = process.argv[1];
const site = (title) => {
  const root = mkdtempSync(join(base, 'site-'));
  writeFileSync(join(root, 'docs-gen.config.ts'), 'export default { title: ' + JSON.stringify(title) + '.trim() };\\n');
  return root;
};
const titles = [];
const home = process.cwd();
const gone = mkdtempSync(join(base, 'gone-'));
process.chdir(gone);
// esbuild is first imported here, in a folder about to go.
titles.push((await loadConfig(site('First'))).config.title);
process.chdir(home);
rmSync(gone, { recursive: true });
titles.push((await loadConfig(site('Second'))).config.title);
// Its service stopped, as the CLI and the worker pool stop it: started again from here.
await stopEsbuild();
titles.push((await loadConfig(site('Third'))).config.title);
await stopEsbuild();
console.log(JSON.stringify(titles));
`;

describe('a config bundled after the folder esbuild was first imported in is gone', () => {
  test('loads, with esbuild running and after its service was stopped and started again', () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', program, tmp()], { cwd: repoRoot, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout.trim())).toEqual(['First', 'Second', 'Third']);
  });
});
