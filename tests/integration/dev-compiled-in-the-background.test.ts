import { afterAll, beforeAll, expect, test } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/dev-server.ts';
import { fixture } from '../helpers.ts';

let dev: DevServer;

beforeAll(async () => {
  dev = await startDevServer({ root: fixture('a-tiny-site-that-builds'), port: 0, host: '127.0.0.1', log: { info: () => {}, error: () => {} } });
});
afterAll(async () => {
  await dev?.close();
});

test('a page the background compiled before the page map took it in is served compiled, not as its stub', async () => {
  const { site } = dev;
  const stale = site.routes.at('/')!;
  // What the background does: compile, and take the result into the routes only later.
  await site.store.compile(stale.sourcePath!);
  const served = await site.ensureCompiled(stale);
  expect(served.content.type === 'mdx' && served.content.compiled).toBe(site.store.answer(stale.sourcePath!)!.compiled);
});
