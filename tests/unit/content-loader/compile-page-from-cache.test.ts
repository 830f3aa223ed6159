// A compile task that looks its page up in the persistent cache itself (dev's tasks) sends back
// the whole output, sections and all: an entry it cannot read whole is a miss, not the task's error.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { compilePage, type CompileInput } from '../../../plugins/content-loader/compile-page.ts';
import { cacheFileNames } from '../../../src/util/cache-entry.ts';
import { cacheEntryBytes, replaceCacheEntry } from '../../cache-entries.ts';

const dir = mkdtempSync(join(tmpdir(), 'compile-page-from-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("an entry whose sections' texts cannot be read is compiled again", async () => {
  const file = join(dir, 'a.md');
  writeFileSync(file, '# A\n\nWords.\n\n## B\n\nMore words.\n');
  const input: CompileInput = { file, relativePath: 'content/a.md', format: 'md', grammarPath: '', moduleDir: join(dir, 'pages'), links: { pageRoute: '/a', folderRoute: '', hrefPrefix: '', basePath: '' }, highlight: false, cacheDir: dir };
  const first = await compilePage(input);
  expect(first.sections.map((section) => section.text.trim())).toEqual(['Words.', 'More words.']);
  const [name] = cacheFileNames(join(dir, 'compiled'));
  const entry = join(dir, 'compiled', name!);
  const whole = cacheEntryBytes(entry)!;
  // Read from the cache, it is the same output.
  expect(JSON.stringify(await compilePage(input))).toBe(JSON.stringify(first));
  // The texts' list made unreadable, the byte count kept.
  const { value } = JSON.parse(whole.toString('utf8', 0, whole.indexOf('\n'))) as { value: { textBytes: number } };
  const damaged = Buffer.from(whole);
  damaged[damaged.length - value.textBytes] = '#'.charCodeAt(0);
  replaceCacheEntry(entry, damaged);
  expect(JSON.stringify(await compilePage(input))).toBe(JSON.stringify(first));
  // Compiled again, and kept again whole.
  expect(cacheEntryBytes(entry)).toEqual(whole);
});
