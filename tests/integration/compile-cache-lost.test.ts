import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { tempSite, tmp } from '../helpers.ts';
import { cacheFileNames } from '../../src/util/cache-entry.ts';

/**
 * A site plugin that, once a marker file is there, clears the compile and render caches after
 * the pages were looked up: what a `rm -rf .docs-gen-cache` (or another docs-gen version's
 * start, which prunes them) does while a build runs. The compile cache reads a page's code only
 * when it is rendered (compile-cache.ts); an entry lost before its pack was first read is an
 * error at the page (tests/unit/content-loader/compile-cache.test.ts).
 */
const clearingPlugin = `import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
export default { name: 'clear-caches', contentLoaded({ context }) {
  const marker = join(context.root, 'clear-now');
  if (!existsSync(marker)) return;
  rmSync(marker);
  for (const kind of ['compiled', 'rendered']) rmSync(join(context.cacheDir, kind), { recursive: true, force: true });
} };
`;

const site = tempSite({
  'docs-gen.config.ts': "import clear from './clear.mjs';\nexport default { title: 'Lost', plugins: [clear] };\n",
  'clear.mjs': clearingPlugin,
  'content/index.md': '# Home\n\nA page.\n',
  'content/guide.md': '# Guide\n\nAnother page.\n',
});
const outs = tmp();
afterAll(() => {
  site.cleanup();
  rmSync(outs, { recursive: true, force: true });
});

describe('the compile and render caches cleared while the build runs', () => {
  test('cost nothing: the pages looked up are read from the packs the look-ups opened, and the next build compiles them again', async () => {
    await build({ root: site.root, outDir: join(outs, 'first') });
    writeFileSync(join(site.root, 'clear-now'), '');
    // Cleared after the look-ups: their packs are open, and a removed file stays readable while it is.
    const cleared = await build({ root: site.root, outDir: join(outs, 'second') });
    expect(existsSync(join(site.root, 'clear-now'))).toBe(false);
    // The rendered pages' look-ups come after the clearing: each page is rendered again, from its compile read from the open packs.
    expect(cleared.reRendered.sort()).toEqual(['/', '/404', '/500', '/guide', '/search']);
    const files = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();
    expect(files(join(outs, 'second'))).toEqual(files(join(outs, 'first')));
    expect(readFileSync(join(outs, 'second', 'guide', 'index.html'), 'utf8')).toBe(readFileSync(join(outs, 'first', 'guide', 'index.html'), 'utf8'));
    // The compiled entries are gone: the next build compiles the pages again, and keeps them.
    const compiled = join(site.root, '.docs-gen-cache', 'compiled');
    expect(cacheFileNames(compiled)).toEqual([]);
    await build({ root: site.root, outDir: join(outs, 'third') });
    expect(cacheFileNames(compiled)).toHaveLength(2);
    expect(files(join(outs, 'third'))).toEqual(files(join(outs, 'first')));
    expect(readFileSync(join(outs, 'third', 'guide', 'index.html'), 'utf8')).toBe(readFileSync(join(outs, 'first', 'guide', 'index.html'), 'utf8'));
  });
});
