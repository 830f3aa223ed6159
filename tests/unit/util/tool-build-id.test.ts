import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BUILD_ID_FILE, hashOfToolFolder } from '../../../src/util/tool-build-id.ts';

const dist = mkdtempSync(join(tmpdir(), 'tool-build-id-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(join(dist, path, '..'), { recursive: true });
  writeFileSync(join(dist, path), text);
};
write('src/build/build.js', 'export const a = 1;');
write('theme/layouts/DocsLayout.js', 'export const b = 1;');
write('plugins/content-loader/compile-page.js', 'export const c = 1;');

describe("the tool's build id (a hash of dist/)", () => {
  test('changes when a file of the theme or the core changes, not only the content loader', async () => {
    const before = await hashOfToolFolder(dist);
    write('theme/layouts/DocsLayout.js', 'export const b = 2;');
    const afterTheme = await hashOfToolFolder(dist);
    expect(afterTheme).not.toBe(before);
    write('src/build/build.js', 'export const a = 2;');
    expect(await hashOfToolFolder(dist)).not.toBe(afterTheme);
  });

  test('changes when a file is added or renamed', async () => {
    const before = await hashOfToolFolder(dist);
    write('theme/styles/extra.css', 'a{}');
    expect(await hashOfToolFolder(dist)).not.toBe(before);
  });

  test('depends on bytes alone: not on file times, nor on the build id file it is written to', async () => {
    const before = await hashOfToolFolder(dist);
    utimesSync(join(dist, 'src/build/build.js'), 5_000, 5_000);
    write(BUILD_ID_FILE, before);
    expect(await hashOfToolFolder(dist)).toBe(before);
  });
});
