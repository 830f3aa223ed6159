import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { createRandom } from '../../bench/lib/text.mjs';
import { RACY_MARGIN_MS } from '../../src/util/racy-margin.ts';
import { changeAtRandom, initialModel, routesOf, writeSite, type SiteModel } from '../fuzzed-site.ts';
import { filesOf, foldersOf, modesOf, tempSite, tmp } from '../helpers.ts';

/**
 * Rebuilds against builds without the cache, on a site changed at random (`tests/fuzzed-site.ts`):
 * after each step's changes, a build into the same output folder with the cache is compared,
 * every file, with a build of the same sources without it. A build that fails must fail without
 * the cache too, and leave the output as it was. A failure names the seed, and each step's changes.
 *
 * Longer runs: `FUZZ_SEED=7 FUZZ_STEPS=200 npx vitest run tests/integration/rebuild-fuzz.test.ts`
 * (`FUZZ_LOG=1` prints each step and its outcome).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 1);
const STEPS = Number(process.env.FUZZ_STEPS ?? 12);

/** A build's files (each one's hash), folders and modes, or the failure's message. */
async function built(root: string, outDir: string, cache: boolean): Promise<{ output?: { files: Map<string, string>; folders: string[]; modes: Map<string, string> }; failure?: string }> {
  try {
    await build({ root, outDir, cache });
    return { output: { files: filesOf(outDir), folders: foldersOf(outDir), modes: modesOf(outDir) } };
  } catch (error) {
    return { failure: (error as Error).message };
  }
}

/** The sources the content loader's index holds (`source-index.ts`): what a rebuild need not read again. */
function indexedSources(root: string): number {
  const folder = join(root, '.docs-gen-cache', 'sources');
  return readdirSync(folder).reduce((count, name) => count + Object.keys((JSON.parse(readFileSync(join(folder, name), 'utf8')) as { sources: object }).sources).length, 0);
}

/** Waits until every file of the site is older than the window in which a rebuild reads a source again rather than trust its stamp (`RACY_MARGIN_MS`). */
async function settle(root: string, model: SiteModel): Promise<void> {
  const newest = Math.max(...[...model.files.keys()].map((path) => statSync(join(root, path)).ctimeMs));
  const wait = newest + RACY_MARGIN_MS + 50 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

const site = tempSite({});
const references = tmp();
afterAll(() => site.cleanup());

test(`seed ${SEED}: ${STEPS} steps of random changes, each rebuild equal to a build without the cache`, { timeout: 60_000 + STEPS * 60_000 }, async () => {
  const rand = createRandom(SEED);
  const model = await initialModel(rand);
  const out = join(site.root, 'out');
  const history: string[] = [];
  const written = new Map<string, string | Buffer>();
  for (let step = 0; step <= STEPS; step++) {
    const made = step > 0 ? await changeAtRandom(rand, model) : [];
    history.push(`step ${step}: ${made.join('; ') || 'the first build'}`);
    writeSite(site.root, model, written);
    // Every other step, the sources are older than the racy window when the rebuild starts: it
    // takes each unchanged page's stamp from the index and reads only what changed. In the
    // others, what the step wrote is too new to trust, and is read again.
    const settled = step % 2 === 1;
    if (settled) await settle(site.root, model);
    const before = step > 0 ? filesOf(out) : undefined;
    const cached = await built(site.root, out, true);
    const reference = await built(site.root, join(references, `step-${step}`), false);
    const where = `seed ${SEED}, after\n${history.join('\n')}`;
    expect(cached.failure, `${where}\nthe rebuild and the build without the cache differ`).toBe(reference.failure);
    if (cached.failure) expect(filesOf(out), `${where}\na failed rebuild changed the output`).toEqual(before);
    else expect(cached.output, where).toEqual(reference.output);
    // The rebuild trusted the stamps: the index holds every page the build could read (a broken one's too).
    if (settled && !cached.failure) expect(indexedSources(site.root), where).toBe(routesOf(model).length);
    expect(readdirSync(site.root).filter((name) => name.startsWith('.out.')), `${where}\na staging folder was left`).toEqual([]);
    if (model.broken) expect(cached.failure, where).toMatch(/Unexpected|Expected|end of file/i);
    // Else the site is sound: a failure would be the generator's, and would leave the step untested.
    else expect(cached.failure, where).toBeUndefined();
    rmSync(join(references, `step-${step}`), { recursive: true, force: true });
    if (process.env.FUZZ_LOG) console.log(history.at(-1), cached.failure ? `FAILED ${cached.failure.slice(0, 80)}` : `ok ${cached.output?.files.size}`);
  }
});
