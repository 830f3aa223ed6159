// The CLI's shim starts a worker for a build of an edited site before the CLI loads
// (src/build/pool-ahead.ts): checked from outside, with a preload that records where each worker
// thread was constructed, so that the wiring (the shim calls it, with its arguments, and the
// content loader writes the source index where the guess looks) is tested, not only the guess.
import { spawnSync } from 'node:child_process';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { repoRoot, tempSitesEachTest, tmp } from '../helpers.ts';

const site = tempSitesEachTest();

/** A preload that appends each `new Worker(...)`'s stack to $WORKERS_LOG, a record per worker. */
function workerRecorder(): string {
  const file = join(tmp(), 'record-workers.mjs');
  writeFileSync(
    file,
    `import workerThreads from 'node:worker_threads';
import { syncBuiltinESMExports } from 'node:module';
import { appendFileSync } from 'node:fs';
const Original = workerThreads.Worker;
workerThreads.Worker = class extends Original {
  constructor(...args) {
    if (workerThreads.isMainThread) appendFileSync(process.env.WORKERS_LOG, new Error('worker').stack + '\\n--\\n');
    super(...args);
  }
};
syncBuiltinESMExports();
`,
  );
  return pathToFileURL(file).href;
}

/** Builds the site with the CLI; answers the stack of each worker its main thread constructed. */
function build(root: string, recorder: string, args: string[] = []): string[] {
  const log = join(tmp(), 'workers.log');
  writeFileSync(log, '');
  // A pool nobody took would keep the process alive: ended, not waited on (the run's blocked event loop would hold off vitest's own timeout).
  const run = spawnSync(process.execPath, ['--import', recorder, join(repoRoot, 'bin', 'docs-gen.js'), 'build', '--root', root, ...args], { encoding: 'utf8', env: { ...process.env, WORKERS_LOG: log }, timeout: 120_000 });
  expect(run.signal, 'the build did not exit').toBeNull();
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(log, 'utf8').split('\n--\n').filter((stack) => stack.trim());
}

const startedAhead = (stacks: string[]) => stacks.filter((stack) => stack.includes('startBuildPoolAhead'));

describe('a rebuild of an edited site', () => {
  test('starts a worker from the shim, before the CLI loads, and builds the edit', () => {
    const recorder = workerRecorder();
    const root = site({ 'docs-gen.config.ts': "export default { title: 'Ahead' };\n", 'content/index.md': '# Home\n\nFirst text.\n', 'content/guide.md': '# Guide\n\nA guide.\n' });
    // A first build (no cache yet): its workers start as the build starts, not from the shim.
    expect(startedAhead(build(root, recorder))).toEqual([]);
    const page = join(root, 'content', 'index.md');
    writeFileSync(page, '# Home\n\nEdited text.\n');
    // Later than the source index the build wrote, however long it took.
    const later = Date.now() / 1000 + 3600;
    utimesSync(page, later, later);
    const stacks = build(root, recorder);
    expect(startedAhead(stacks)).toHaveLength(1);
    // The build took that pool: no other worker was needed for one page.
    expect(stacks).toHaveLength(1);
    expect(readFileSync(join(root, 'out', 'index.html'), 'utf8')).toContain('Edited text.');
    // Without the cache the build starts its own, as a first build does.
    expect(startedAhead(build(root, recorder, ['--no-cache']))).toEqual([]);
  });
});
