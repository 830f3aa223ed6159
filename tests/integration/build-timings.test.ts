// `docs-gen build --timings` (src/build/build-timings.ts): the stages a build went through and
// each plugin hook it ran, with what each counted. Times are the machine's, so no test reads one
// but to see that it is a number; the stages, the hooks and the counts are the same on any machine.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { CONTENT_STAGE, POST_BUILD_STAGE } from '../../src/build/build-timings.ts';
import { fixture, repoRoot } from '../helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'build-timings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the tiny fixture site: its cache and output stay out of the fixtures. */
function tinySite(name: string): string {
  const root = join(dir, name);
  cpSync(fixture('a-tiny-site-that-builds'), root, { recursive: true });
  return root;
}

const STAGES = [
  'config and plugins',
  CONTENT_STAGE,
  'the last output checked',
  'public/, client assets and sidebar data',
  'pages',
  'site files',
  POST_BUILD_STAGE,
  'into the output folder',
  'workers stopped, staging folder removed',
  'cache packs merged and pruned',
];

describe("a build's timings", () => {
  test('name every stage in order, every built-in hook that ran, and what the pages came from', async () => {
    const root = tinySite('api');
    const first = await build({ root });
    expect(first.timings.stages.map((s) => s.stage)).toEqual(STAGES);
    for (const { ms } of [...first.timings.stages, ...first.timings.hooks]) expect(ms).toBeGreaterThanOrEqual(0);
    const hooks = first.timings.hooks.map((h) => `${h.plugin} ${h.hook}`);
    expect(hooks).toEqual(expect.arrayContaining(['docs-gen:content-loader loadContent', 'docs-gen:page-map contentLoaded', 'docs-gen:search-index postBuild']));
    const pages = first.timings.stages.find((s) => s.stage === 'pages')!;
    expect(pages.detail).toBe(`${first.pages} rendered, 0 from the cache`);
    // Built again unchanged: every page from the rendered-page cache, and the old output kept where it is.
    const again = await build({ root });
    expect(again.timings.stages.find((s) => s.stage === 'pages')!.detail).toBe(`0 rendered, ${again.pages} from the cache`);
    expect(again.timings.stages.find((s) => s.stage === 'into the output folder')!.detail).toBe('updated in place');
  });

  test('count each stage and hook where it runs: a plugin that moves a fake clock shows where', async () => {
    const root = join(dir, 'fake-clock');
    mkdirSync(join(root, 'content'), { recursive: true });
    writeFileSync(join(root, 'content', 'index.md'), '# Home\n\nA page.\n');
    // The config runs in this process: its plugin moves the clock the build reads, by amounts no machine changes.
    writeFileSync(
      join(root, 'docs-gen.config.ts'),
      `const clock = (globalThis as unknown as { timingsTestClock: { now: number } }).timingsTestClock;
export default {
  title: 'Timed',
  plugins: [{ name: 'clock-mover', contentLoaded() { clock.now += 7; }, postBuild() { clock.now += 1000; } }],
};
`,
    );
    const clock = { now: 0 };
    (globalThis as unknown as { timingsTestClock: typeof clock }).timingsTestClock = clock;
    const result = await build({ root, clock: () => clock.now });
    const stageMs = Object.fromEntries(result.timings.stages.map((s) => [s.stage, s.ms]));
    expect(stageMs).toEqual(Object.fromEntries(STAGES.map((stage) => [stage, stage === CONTENT_STAGE ? 7 : stage === POST_BUILD_STAGE ? 1000 : 0])));
    expect(result.timings.hooks.filter((h) => h.plugin === 'clock-mover')).toEqual([
      { plugin: 'clock-mover', hook: 'contentLoaded', ms: 7 },
      { plugin: 'clock-mover', hook: 'postBuild', ms: 1000 },
    ]);
  });

  test('with pages left out (--keep-going) still go on to the cache, which is merged and not pruned', async () => {
    const root = join(dir, 'left-out');
    mkdirSync(join(root, 'content'), { recursive: true });
    writeFileSync(join(root, 'content', 'index.md'), '# Home\n\nA page.\n');
    writeFileSync(join(root, 'content', 'broken.mdx'), '# Broken\n\nA brace { that never closes.\n');
    const result = await build({ root, keepGoing: true });
    expect(result.failures.length).toBeGreaterThan(0);
    expect(result.timings.stages.map((s) => s.stage)).toEqual([...STAGES.slice(0, -1), 'cache packs merged (pages were left out: nothing pruned)']);
  });

  test('without the cache (--no-cache) have no cache stage', async () => {
    const result = await build({ root: tinySite('no-cache'), cache: false });
    expect(result.timings.stages.map((s) => s.stage)).toEqual(STAGES.slice(0, -1));
    expect(result.timings.stages.find((s) => s.stage === 'the last output checked')!.detail).toBe('not reused: --no-cache, or a plugin of the site with postBuild or transformPage');
  });

  test('are printed by the CLI with --timings, and only then', () => {
    const root = tinySite('cli');
    const cli = join(repoRoot, 'bin', 'docs-gen.js');
    const withTimings = spawnSync(process.execPath, [cli, 'build', '--root', root, '--timings'], { encoding: 'utf8' });
    expect(withTimings.status, withTimings.stderr).toBe(0);
    const lines = withTimings.stdout.split('\n');
    const start = lines.indexOf('  where the time went (--timings):');
    expect(start).toBeGreaterThan(0);
    const stageLines = lines.slice(start + 1).filter((line) => /^ +\d+ ms {2}/.test(line));
    expect(stageLines.map((line) => line.replace(/^ +\d+ ms {2}/, '').replace(/ \(.*\)$/, ''))).toEqual([...STAGES, 'in all']);
    expect(lines).toContainEqual(expect.stringMatching(/^ +postBuild, at once: .*docs-gen:search-index \d+ ms/));
    const without = spawnSync(process.execPath, [cli, 'build', '--root', root], { encoding: 'utf8' });
    expect(without.status, without.stderr).toBe(0);
    expect(without.stdout).not.toContain('where the time went');
  });
});
