import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createRandom } from '../../bench/lib/text.mjs';
import { changeAtRandom, initialModel, writeSite, type SiteModel } from '../fuzzed-site.ts';
import { repoRoot, tempSite, tmp } from '../helpers.ts';
import { useDevServer } from '../use-dev-server.ts';

/**
 * dev against the build, on a site changed at random (`tests/fuzzed-site.ts`): one dev server
 * runs while the site changes step after step, as an editor would change it (only the files that
 * changed are written); after each step every page dev serves must come to equal the page a build
 * of the same sources writes (`docs-gen build --no-cache` of a copy, in a process of its own), and
 * when that build fails, dev must show the error. Waits poll until dev agrees, with no time limit
 * but the test's: a slow machine only takes longer. A failure names the seed and each step's changes.
 *
 * Longer runs: `FUZZ_SEED=7 FUZZ_STEPS=100 npx vitest run tests/integration/dev-fuzz.test.ts`
 * (`FUZZ_LOG=1` prints each step).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 1);
const STEPS = Number(process.env.FUZZ_STEPS ?? 10);

const devSite = tempSite({});
/** The same sources, built without the cache for the reference. */
const referenceSite = tempSite({});
const references = tmp();
const rand = createRandom(SEED);
let model: SiteModel;
const writtenToDev = new Map<string, string | Buffer>();
const writtenToReference = new Map<string, string | Buffer>();

beforeAll(async () => {
  model = await initialModel(rand);
  writeSite(devSite.root, model, writtenToDev);
});
const dev = useDevServer(() => devSite.root, { socket: true });
afterAll(() => {
  devSite.cleanup();
  referenceSite.cleanup();
});

/**
 * What the build makes of the model, by URL path: each page's HTML, or the build's error. Dev's
 * own script (its socket) is left out of the pages dev serves, and so are image sources (dev
 * serves variants from an endpoint, the build from files).
 */
function reference(step: number): { pages?: Map<string, string>; failure?: string } {
  writeSite(referenceSite.root, model, writtenToReference);
  const out = join(references, `step-${step}`);
  const run = spawnSync(process.execPath, [join(repoRoot, 'bin', 'docs-gen.js'), 'build', '--no-cache', '--root', referenceSite.root, '--out', out], { encoding: 'utf8' });
  if (run.status !== 0) return { failure: run.stderr };
  const pages = new Map<string, string>();
  for (const file of readdirSync(out, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('index.html')) continue;
    const path = `${model.config.basePath}/${file.slice(0, -'index.html'.length)}`.replace(/(.)\/$/, '$1');
    pages.set(path, comparable(readFileSync(join(out, file), 'utf8')));
  }
  rmSync(out, { recursive: true, force: true });
  return { pages };
}

const comparable = (html: string) =>
  html
    .replace(/<script(?: data-[a-z-]+="[^"]*")*>(?:(?!<\/script>)[\s\S])*?__docs-gen\/ws(?:(?!<\/script>)[\s\S])*?<\/script>/g, '')
    .replace(/(\b(?:srcset|imagesrcset)=")[^"]*"/gi, '$1"');

/** The pages dev serves that differ from the build's (path and the first difference), none when all agree. */
async function differences(pages: Map<string, string>): Promise<string[]> {
  const found: string[] = [];
  for (const [path, expected] of pages) {
    // A redirect's page in the build (a meta refresh) is dev's 308 answer to the same place.
    const refresh = /<meta http-equiv="refresh" content="0; url=([^"]*)">/.exec(expected)?.[1];
    if (refresh !== undefined) {
      const answer = await fetch(dev.url(path), { redirect: 'manual' });
      const location = answer.headers.get('location');
      if (answer.status !== 308 || location !== refresh) found.push(`${path}: a redirect to ${refresh} in the build, dev answers ${answer.status} ${location ?? ''}`);
      continue;
    }
    const response = await fetch(dev.url(path));
    const served = comparable(await response.text());
    if (response.status !== 200) found.push(`${path}: status ${response.status}`);
    else if (served !== expected) {
      let at = 0;
      while (served[at] === expected[at]) at++;
      found.push(`${path}: from ${at}, build ${JSON.stringify(expected.slice(Math.max(0, at - 80), at + 120))}, dev ${JSON.stringify(served.slice(Math.max(0, at - 80), at + 120))}`);
    }
  }
  return found;
}

const lastMessage = () => dev.messages.at(-1);
/** dev's error, when its last message to the tabs was one. */
const errorShown = (): string[] => {
  const message = lastMessage();
  return message?.type === 'error' ? [`dev shows an error: ${message.message}`] : [];
};

/** The test's only time limit, which each wait shares (a slow machine only takes longer). */
const TIMEOUT_MS = 120_000 + STEPS * 120_000;

test(`seed ${SEED}: ${STEPS} steps of random changes, after each every page dev serves equals the build's`, { timeout: TIMEOUT_MS }, async () => {
  const history: string[] = [];
  for (let step = 0; step <= STEPS; step++) {
    if (step > 0) {
      const made = await changeAtRandom(rand, model);
      history.push(`step ${step}: ${made.join('; ')}`);
      writeSite(devSite.root, model, writtenToDev);
    } else history.push('step 0: dev started');
    const expected = reference(step);
    if (process.env.FUZZ_LOG) console.log(history.at(-1), expected.failure ? `the build fails: ${expected.failure.split('\n').find((line) => line.includes('error')) ?? expected.failure.slice(0, 200)}` : `${expected.pages!.size} pages`);
    const where = `seed ${SEED}, after\n${history.join('\n')}`;
    if (expected.failure) {
      // The page that broke is named in dev's error, as in the build's; a build that fails with no page broken is the generator's fault.
      expect(model.broken, `${where}\nthe build failed with no page broken: ${expected.failure}`).toBeDefined();
      const broken = model.broken!;
      await expect.poll(async () => {
        await fetch(dev.url('/')).catch(() => undefined);
        const message = lastMessage();
        return message?.type === 'error' && message.message.includes(broken.replace(/^content\//, ''));
      }, { message: where, timeout: TIMEOUT_MS }).toBe(true);
      expect(expected.failure, where).toContain(broken.replace(/^content\//, ''));
    } else {
      await expect.poll(async () => [...(await differences(expected.pages!)), ...errorShown()], { message: where, timeout: TIMEOUT_MS }).toEqual([]);
    }
  }
});
