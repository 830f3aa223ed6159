import { expect, test } from 'vitest';
import { fixture } from '../helpers.ts';
import { useDevServer } from '../use-dev-server.ts';

const dev = useDevServer(fixture('a-tiny-site-that-builds'));

test('a page the background compiled before the page map took it in is served compiled, not as its stub', async () => {
  const { site } = dev.server;
  const stale = site.routes.at('/')!;
  // What the background does: compile, and take the result into the routes only later.
  await site.store.compile(stale.sourcePath!);
  const served = await site.ensureCompiled(stale);
  expect(served.content.type === 'mdx' && served.content.compiled).toBe(site.store.answer(stale.sourcePath!)!.compiled);
});
