import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { isDiagnosticError } from '../../src/diagnostics/diagnostic.ts';
import { tempSite, tmp } from '../helpers.ts';

/**
 * A site plugin that, once a marker file is there, clears the compile and render caches after
 * the pages were looked up: what a `rm -rf .docs-gen-cache` (or another docs-gen version's
 * start, which prunes them) does while a build runs. The compile cache reads a page's code only
 * when it is rendered (compile-cache.ts).
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

describe('a compile-cache entry lost while the build runs', () => {
  test('is an error at the page, not a crash or a hang; the next build compiles the page again', async () => {
    await build({ root: site.root, outDir: join(outs, 'first') });
    writeFileSync(join(site.root, 'clear-now'), '');
    const failed = await build({ root: site.root, outDir: join(outs, 'second') }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDiagnosticError(failed)).toBe(true);
    const diagnostics = isDiagnosticError(failed) ? failed.diagnostics : [];
    expect(diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['render-failed', join('content', 'guide.md')],
      ['render-failed', join('content', 'index.md')],
    ]);
    expect(diagnostics[0]!.message).toMatch(/the compile cache lost .*\.compiled while the build ran/);
    // Nothing half-written: the failed build's output folder is not there.
    expect(existsSync(join(outs, 'second'))).toBe(false);
    await build({ root: site.root, outDir: join(outs, 'third') });
    const files = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();
    expect(files(join(outs, 'third'))).toEqual(files(join(outs, 'first')));
    expect(readFileSync(join(outs, 'third', 'guide', 'index.html'), 'utf8')).toBe(readFileSync(join(outs, 'first', 'guide', 'index.html'), 'utf8'));
  });
});
