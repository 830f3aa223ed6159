import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { countPagesAhead, pagesToCompile } from '../../../src/util/content-pages.ts';

const root = mkdtempSync(join(tmpdir(), 'content-pages-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the pages a build will compile', () => {
  test('its .md and .mdx files at any depth of content/, none with a compile cache unless the build goes without, none without content/', () => {
    const site = join(root, 'counted');
    expect(pagesToCompile(site, true)).toBe(0);
    mkdirSync(join(site, 'content', 'a', 'b'), { recursive: true });
    for (const name of ['index.md', 'a/one.mdx', 'a/b/two.md', 'a/b/image.png', 'a/notes.txt']) writeFileSync(join(site, 'content', name), '');
    expect(pagesToCompile(site, true)).toBe(3);
    // Ahead, the CLI's shim also learns how many are `.mdx` (v8-tuning.ts tunes the workers by it).
    expect(countPagesAhead(site, true)).toEqual({ pages: 3, mdxPages: 1 });
    expect(pagesToCompile(site, true)).toBe(3);
    mkdirSync(join(site, '.docs-gen-cache', 'compiled'), { recursive: true });
    expect(pagesToCompile(site, true)).toBe(0);
    expect(pagesToCompile(site, false)).toBe(3);
    expect(countPagesAhead(site, true)).toEqual({ pages: 0, mdxPages: 0 });
  });

  test('a count made ahead is taken once, by the build of the same root and cache setting, and counted anew after', () => {
    const site = join(root, 'ahead');
    // One page counted ahead, then gone from the folder: a call that takes the count says 1, one that lists says 0.
    const countOnePageAheadThenRemoveIt = () => {
      mkdirSync(join(site, 'content'), { recursive: true });
      writeFileSync(join(site, 'content', 'index.md'), '');
      expect(countPagesAhead(site, true)).toEqual({ pages: 1, mdxPages: 0 });
      rmSync(join(site, 'content'), { recursive: true });
    };
    countOnePageAheadThenRemoveIt();
    expect(pagesToCompile(site, true)).toBe(1);
    expect(pagesToCompile(site, true)).toBe(0);
    // Another cache setting or another root does not take it, and drops it.
    for (const [otherRoot, otherCache] of [[site, false], [join(root, 'elsewhere'), true]] as const) {
      countOnePageAheadThenRemoveIt();
      expect(pagesToCompile(otherRoot, otherCache)).toBe(0);
      expect(pagesToCompile(site, true)).toBe(0);
    }
  });
});
