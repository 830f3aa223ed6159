import { expect, test } from 'vitest';
import { useFixtureCopy } from '../helpers.ts';
import { useDevServer } from '../use-dev-server.ts';

// A copy: dev keeps its output in the site's cache folder, and other files build the fixture.
const dev = useDevServer(useFixtureCopy('a-tiny-site-that-builds'));

test('a page the background compiled before the page map took it in is served compiled, not as its stub', async () => {
  const { site } = dev.server;
  const stale = site.routes.at('/')!;
  // What the background does: compile, and take the result into the routes only later.
  await site.store.compile(stale.sourcePath!);
  const served = await site.ensureCompiled(stale);
  expect(served.content.type === 'mdx' && served.content.compiled).toBe(site.store.answer(stale.sourcePath!)!.compiled);
});
