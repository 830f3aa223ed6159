import { lstatSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { isLinkFrom } from '../../../src/dev/watch-site.ts';

// chokidar reports a link to a file outside the watched folders as added just after its 'ready'
// (each start of dev on a site with such a link in content/ sent a reload). The watcher drops an
// 'add' of a link made before it started; one made since is a change.
const dir = mkdtempSync(join(tmpdir(), 'watch-site-links-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a link made before the watcher started is none of its changes; one made since, or a file, is', () => {
  writeFileSync(join(dir, 'target.md'), '# Target\n');
  symlinkSync('target.md', join(dir, 'link.md'));
  const made = lstatSync(join(dir, 'link.md')).ctimeMs;
  expect(isLinkFrom(join(dir, 'link.md'), made + 1)).toBe(true);
  expect(isLinkFrom(join(dir, 'link.md'), made)).toBe(false);
  expect(isLinkFrom(join(dir, 'target.md'), made + 1)).toBe(false);
  expect(isLinkFrom(join(dir, 'gone.md'), made + 1)).toBe(false);
});
