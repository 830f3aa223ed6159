// A build's compile tasks are answered with where the worker filed the page in the compile cache,
// and the page's code goes from there to the worker that renders it: it crosses no thread. (A
// place that no longer holds the page: tests/unit/content-loader/compile-answered-by-place.test.ts.)
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { tempSite, tmp } from '../helpers.ts';

/**
 * A site plugin that writes, for each page as `contentLoaded` sees it, whether its code is read
 * from the compile cache when asked for (a getter, as for a cache hit) or came whole, and the code.
 */
const recordingPlugin = `import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
export default { name: 'record-code', contentLoaded({ pages, context }) {
  const seen = {};
  for (const page of pages) {
    const { compiled } = page;
    seen[page.sourcePath] = { lazy: typeof Object.getOwnPropertyDescriptor(compiled, 'code')?.get === 'function', code: compiled.code };
  }
  writeFileSync(join(context.root, 'seen-' + process.env.DOCS_GEN_TEST_RUN + '.json'), JSON.stringify(seen));
} };
`;

const site = tempSite({
  'docs-gen.config.ts': "import record from './record.mjs';\nexport default { title: 'Places', plugins: [record] };\n",
  'record.mjs': recordingPlugin,
  'content/index.md': '# Home\n\nA page with `code` and a [link](./guide).\n\n```js\nconst answer = 42;\n```\n',
  'content/guide.mdx': '# Guide\n\nAnother page, in MDX: two is {1 + 1}.\n\n```py\nprint("hi")\n```\n',
});
const outs = tmp();
afterAll(() => {
  site.cleanup();
  rmSync(outs, { recursive: true, force: true });
});
afterEach(() => {
  delete process.env.DOCS_GEN_TEST_RUN;
});

type Seen = Record<string, { lazy: boolean; code: string }>;

/** A cold build (its cache and output new), what the plugin saw, and the output's files. */
async function coldBuild(run: string, options: { cache?: boolean } = {}) {
  process.env.DOCS_GEN_TEST_RUN = run;
  rmSync(join(site.root, '.docs-gen-cache'), { recursive: true, force: true });
  const outDir = join(outs, run);
  await build({ root: site.root, outDir, ...(options.cache === false ? { cache: false } : {}) });
  const seen = JSON.parse(readFileSync(join(site.root, `seen-${run}.json`), 'utf8')) as Seen;
  const files = Object.fromEntries(readdirSync(outDir, { recursive: true }).map(String).sort().filter((path) => path.endsWith('.html') || path.endsWith('.md') || path.endsWith('.txt')).map((path) => [path, readFileSync(join(outDir, path), 'utf8')]));
  return { seen, files };
}

describe("a cold build's compiled pages", () => {
  test('are read back from where the worker filed them, as a cache hit is, and the site is the one a build without the cache makes', async () => {
    const withCache = await coldBuild('filed');
    // Every page was answered by its place: its code is read when asked for, and is the code.
    expect(Object.values(withCache.seen).map((page) => page.lazy)).toEqual([true, true]);
    const without = await coldBuild('uncached', { cache: false });
    expect(Object.values(without.seen).map((page) => page.lazy)).toEqual([false, false]);
    expect(withCache.seen).toEqual(Object.fromEntries(Object.entries(without.seen).map(([path, page]) => [path, { ...page, lazy: true }])));
    expect(Object.keys(withCache.files).length).toBeGreaterThan(5);
    expect(withCache.files).toEqual(without.files);
  });
});
