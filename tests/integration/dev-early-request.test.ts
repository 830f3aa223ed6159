import { afterEach, expect, test } from 'vitest';
import { DevSite } from '../../src/dev/dev-site.ts';
import { tempSite, type TempSite } from '../helpers.ts';

// A request that reaches `docs-gen dev` while it starts (a tab left open, reloading as dev comes
// back) names the page the writer is waiting for: that page compiles during the start, beside the
// reading of every other page's stub, and the site of the first answer holds it compiled. Before,
// the answer compiled it after the start and ran every content hook a second time (a fifth of a
// second at 10 000 pages).

const opened: { dev: DevSite; site: TempSite }[] = [];
afterEach(async () => {
  for (const { dev, site } of opened.splice(0)) {
    await dev.close();
    site.cleanup();
  }
});

async function startedAfter(config: string, earlyRequests: string[], pages: Record<string, string> = {}): Promise<DevSite> {
  const site = tempSite({
    'content/index.md': '# Home\n\nWelcome.\n',
    'content/guide/first.md': '# First\n\nThe first page, in full.\n',
    'content/guide/second.md': '# Second\n\nThe second page, in full.\n',
    'docs-gen.config.ts': config,
    ...pages,
  });
  const dev = new DevSite({ root: site.root, send: () => {}, log: { info: () => {}, error: () => {} } });
  opened.push({ dev, site });
  for (const url of earlyRequests) dev.noteEarlyRequest(url);
  await dev.exclusive(() => dev.initialize());
  return dev;
}

/** The compiled HTML of the route at `urlPath` in the site dev answers from (a stub's is empty). */
function compiledCode(dev: DevSite, urlPath: string): string {
  const route = dev.routes.at(urlPath);
  if (route?.content.type !== 'mdx') throw new Error(`no page at ${urlPath}`);
  return route.content.compiled.code;
}

test('the page a request asked for during the start is compiled in the site of the first answer; the others are stubs', async () => {
  const dev = await startedAfter("export default { title: 'Early' };\n", ['/guide/first/']);
  expect(compiledCode(dev, '/guide/first')).toContain('The first page, in full.');
  expect(compiledCode(dev, '/guide/second')).toBe('');
  // Answering it compiles nothing and runs no content hook again: the route is the one the site holds.
  const route = dev.routes.at('/guide/first')!;
  expect(await dev.ensureCompiled(route)).toBe(route);
});

test('a request is matched as the site serves its URL: under the base path, as `.html` or `index.html`, percent-encoded', async () => {
  const dev = await startedAfter("export default { title: 'Early', basePath: '/docs' };\n", ['/docs/guide/second.html', '/docs/gu%69de/index.html', '/guide/first/']);
  expect(compiledCode(dev, '/guide/second')).toContain('The second page, in full.');
  // `/docs/guide/index.html` is the guide folder's URL, which has no page; `/guide/first/` is outside the base path.
  expect(compiledCode(dev, '/guide/first')).toBe('');
  expect(compiledCode(dev, '/')).toBe('');
});

test('a request after the start is not an early one: a later start (a config change) compiles no page for it', async () => {
  const dev = await startedAfter("export default { title: 'Early' };\n", []);
  dev.noteEarlyRequest('/guide/second/');
  await dev.exclusive(() => dev.initialize());
  expect(compiledCode(dev, '/guide/second')).toBe('');
});

test('a page asked for early that does not compile is its stub in the first site, with its error on the board', async () => {
  const dev = await startedAfter("export default { title: 'Early' };\n", ['/guide/broken'], { 'content/guide/broken.mdx': '# Broken\n\nAn {unclosed expression.\n' });
  expect(compiledCode(dev, '/guide/broken')).toBe('');
  expect(dev.errors.list().map((d) => d.file)).toContain('content/guide/broken.mdx');
  const route = dev.routes.at('/guide/broken')!;
  expect(await dev.ensureCompiled(route)).toBe(route);
});
