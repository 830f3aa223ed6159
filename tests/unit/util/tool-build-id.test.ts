import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BUILD_ID_FILE, buildIdOf, hashOfToolFolder } from '../../../src/util/tool-build-id.ts';

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

describe('the build id of docs-gen installed in a site', () => {
  const site = mkdtempSync(join(tmpdir(), 'tool-build-id-site-'));
  afterAll(() => rmSync(site, { recursive: true, force: true }));
  const tool = join(site, 'node_modules', 'docs-gen');
  mkdirSync(join(tool, 'dist'), { recursive: true });
  writeFileSync(join(tool, 'dist', BUILD_ID_FILE), 'built-once\n');
  writeFileSync(join(tool, 'package.json'), '{"name":"docs-gen","version":"1.0.0"}');
  writeFileSync(join(site, 'package-lock.json'), '{"packages":{"node_modules/shiki":{"version":"3.0.0"}}}');

  test("changes with the site's lock file (a dependency upgraded, docs-gen not), and with nothing else outside the package", async () => {
    const before = await buildIdOf(tool, join(tool, 'dist'));
    writeFileSync(join(site, 'README.md'), 'unrelated');
    expect(await buildIdOf(tool, join(tool, 'dist'))).toBe(before);
    writeFileSync(join(site, 'package-lock.json'), '{"packages":{"node_modules/shiki":{"version":"3.1.0"}}}');
    expect(await buildIdOf(tool, join(tool, 'dist'))).not.toBe(before);
  });
});
