import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { repoRoot, tempSite, tmp } from '../helpers.ts';

/** Runs the CLI as the leader of its own process group; once it has exited, the processes still in that group. */
function processesLeftInGroup(args: string[]): Promise<{ code: number | null; left: string[] }> {
  const child = spawn(process.execPath, [join(repoRoot, 'bin', 'docs-gen.js'), ...args], { detached: true, stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      // The group's id is the leader's pid; `ps` lists zombies too, so an unreaped child shows.
      const listed = spawnSync('ps', ['-o', 'pid=,stat=,args=', '-g', String(child.pid)], { encoding: 'utf8' }).stdout;
      resolve({ code, left: listed.split('\n').map((line) => line.trim()).filter(Boolean) });
    });
  });
}

// esbuild runs on the main thread (the config: `as` keeps it from being imported as written) and in the workers (a page's imports).
const site = tempSite({
  'docs-gen.config.ts': "export default { title: 'Leftovers' as string };\n",
  'content/index.mdx': "import { answer } from './answer.js';\n\n# Home\n\nThe answer is {answer}.\n",
  'content/answer.js': 'export const answer = 42;\n',
  'content/other.md': '# Other\n',
});
const out = tmp();
afterAll(() => site.cleanup());

describe('a run leaves no process behind in its process group', () => {
  test('a build that succeeds', async () => {
    const { code, left } = await processesLeftInGroup(['build', '--root', site.root, '--out', out]);
    expect(code).toBe(0);
    expect(left).toEqual([]);
  });

  test('a build that fails', async () => {
    const failing = tempSite({ 'docs-gen.config.ts': "export default { title: 'Fails' };\n", 'content/index.mdx': "import { x } from './absent.js';\n\n# Home {x}\n" });
    try {
      const { code, left } = await processesLeftInGroup(['build', '--root', failing.root, '--out', tmp()]);
      expect(code).toBe(1);
      expect(left).toEqual([]);
    } finally {
      failing.cleanup();
    }
  });
});
