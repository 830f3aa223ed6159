import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type BuildResult } from '../../src/build/build.ts';
import { fixture, tmp } from '../helpers.ts';

const SITE = fixture('a-page-that-cannot-be-built-is-left-out-with-keep-going');

describe('build --keep-going on a site with a page that does not bundle and one that throws while rendering', () => {
  const outDir = join(tmp(), 'out');
  let result: BuildResult;
  beforeAll(async () => {
    result = await build({ root: SITE, outDir, keepGoing: true });
  });
  afterAll(() => rmSync(join(outDir, '..'), { recursive: true, force: true }));

  test('reports each page that cannot be built at its file, line and column, with a hint', () => {
    const failures = result.failures.map((d) => ({ code: d.code, file: d.file, line: d.line, column: d.column, hint: d.hint }));
    expect(failures).toEqual([
      { code: 'mdx-import', file: 'pages/uninstalled.mdx', line: 3, column: 22, hint: 'is lucide-react installed? run npm install in the site folder; this page was left out of the build (--keep-going); fix it and build again' },
      { code: 'render-failed', file: 'pages/throws.mdx', line: 3, column: 21, hint: 'this page was left out of the build (--keep-going); fix it and build again' },
    ]);
  });

  test('still builds and swaps in every other page, and leaves the failed ones out of the sitemap', () => {
    expect(existsSync(join(outDir, 'index.html'))).toBe(true);
    expect(existsSync(join(outDir, 'fine', 'index.html'))).toBe(true);
    expect(existsSync(join(outDir, 'uninstalled'))).toBe(false);
    expect(existsSync(join(outDir, 'throws'))).toBe(false);
    const sitemap = readFileSync(join(outDir, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('/fine');
    expect(sitemap).not.toMatch(/\/throws|\/uninstalled/);
  });

  // Search data and llms.txt are written by hooks that read only the site (postBuildReads): a
  // build starts them as its pages begin to render, but under --keep-going only after the pages.
  test('leaves the failed pages out of the search data and the Markdown for language models', () => {
    const searchData = readFileSync(join(outDir, '_next', 'static', 'chunks', 'nextra-data-en-US.json'), 'utf8');
    expect(searchData).toContain('"/fine"');
    expect(searchData).not.toMatch(/\/throws|\/uninstalled/);
    const llms = readFileSync(join(outDir, 'llms.txt'), 'utf8');
    expect(llms).toContain('/fine.md');
    expect(llms).not.toMatch(/\/throws|\/uninstalled/);
    expect(existsSync(join(outDir, 'throws.md'))).toBe(false);
  });

  test('ends with the migration summary', () => {
    expect(result.notes[0]).toBe('Nextra migration: 4 pages read; 1 used the compatibility layer');
  });
});
