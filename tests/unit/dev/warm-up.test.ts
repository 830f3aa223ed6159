import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { warmUp } from '../../../src/dev/warm-up.ts';
import { tmp } from '../../helpers.ts';

test("the warm-up loads every module and runs the warmThread of those that export one, once each", async () => {
  const dir = tmp();
  const primed = join(dir, 'primed.mjs');
  const plain = join(dir, 'plain.mjs');
  writeFileSync(primed, 'export const runs = []; export function warmThread() { runs.push("warmed"); }\n');
  writeFileSync(plain, 'export const loaded = true;\n');
  const urls = [pathToFileURL(primed).href, pathToFileURL(plain).href];
  await warmUp(urls);
  const [primedModule, plainModule] = (await Promise.all(urls.map((url) => import(url)))) as [{ runs: string[] }, { loaded: boolean }];
  expect(primedModule.runs).toEqual(['warmed']);
  expect(plainModule.loaded).toBe(true);
});

// A smoke test: what warmThread primes (ICU data, React's first render) leaves nothing to observe but time.
test("the render worker's warmThread runs with no site given yet (dev runs it before the config loads)", async () => {
  const { warmThread } = await import('../../../src/build/render-worker.tsx');
  expect(() => warmThread()).not.toThrow();
});
