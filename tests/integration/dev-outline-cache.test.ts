import { existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/dev-server.ts';
import { tempSite } from '../helpers.ts';

// dev keeps each page's stub (front matter, first heading) in .docs-gen-cache/dev-outline.json by
// the file's size and mtime: a restart reads only the pages that changed since, and the page map
// is the same as if it had read them all.

const site = tempSite({
  'content/index.md': '---\ntitle: Home\n---\n\nWelcome.\n',
  'content/guide/first.md': '---\ntitle: First steps\n---\n\nThe first page.\n',
  'content/guide/second.md': '# Second steps\n\nThe second page.\n',
});
afterAll(() => site.cleanup());

const quiet = { info: () => {}, error: () => {} };
const NEVER = 2 ** 31 - 1;

/** Starts dev, returns how many stubs it read from files and the sidebar's titles, and stops it. */
async function session(root = site.root): Promise<{ stubsRead: number; titles: string }> {
  const dev: DevServer = await startDevServer({ root, port: 0, host: '127.0.0.1', log: quiet, backgroundDelayMs: NEVER, watchDelayMs: 0 });
  try {
    await dev.watching();
    return { stubsRead: dev.site.store.stubsRead, titles: JSON.stringify(dev.site.site?.navigation['en-US']?.pageMap) };
  } finally {
    await dev.close();
  }
}

test('a first start reads every page; a restart reads only the page whose file changed, and its sidebar is the same as a full read', async () => {
  const first = await session();
  expect(first.stubsRead).toBe(3);
  expect(first.titles).toContain('First steps');

  writeFileSync(join(site.root, 'content/guide/first.md'), '---\ntitle: Renamed steps\n---\n\nThe first page.\n');
  const restart = await session();
  expect(restart.stubsRead).toBe(1);
  expect(restart.titles).toContain('Renamed steps');
  expect(restart.titles).toContain('Second steps');
  expect(restart.titles).not.toContain('First steps');

  // What a start that reads every file makes of the same files.
  rmSync(join(site.root, '.docs-gen-cache', 'dev-outline.json'));
  const full = await session();
  expect(full.stubsRead).toBe(3);
  expect(restart.titles).toBe(full.titles);
});

test('a page rewritten with the same size and its mtime restored (touch -r, rsync -t, tar) is read again on a restart', async () => {
  const file = join(site.root, 'content/guide/second.md');
  const longAgo = Math.floor(Date.now() / 1000) - 3600;
  writeFileSync(file, '# Second steps\n\nThe second page.\n');
  utimesSync(file, longAgo, longAgo);
  expect((await session()).titles).toContain('Second steps');
  writeFileSync(file, '# Second pages\n\nThe second page.\n');
  utimesSync(file, longAgo, longAgo);
  const restart = await session();
  expect(restart.titles).toContain('Second pages');
  expect(restart.titles).not.toContain('Second steps');
});

test('code the config imports changed (a function: not in the config’s JSON) drops the outline', async () => {
  const withPlugin = tempSite({
    'docs-gen.config.ts': "import { shout } from './shout.ts';\nexport default { title: shout('x') ? 'Shouting' : 'Quiet' };\n",
    'shout.ts': 'export const shout = (text: string): string => text.toUpperCase();\n',
    'content/index.md': '# Home\n',
  });
  // Saved long ago: a config import newer than the config's load counts as changed once dev watches.
  const longAgo = Math.floor(Date.now() / 1000) - 3600;
  const age = (...files: string[]) => files.forEach((file) => utimesSync(join(withPlugin.root, file), longAgo, longAgo));
  age('docs-gen.config.ts', 'shout.ts', 'content/index.md');
  try {
    expect((await session(withPlugin.root)).stubsRead).toBe(1);
    expect((await session(withPlugin.root)).stubsRead).toBe(0);
    writeFileSync(join(withPlugin.root, 'shout.ts'), 'export const shout = (text: string): string => text.toLowerCase();\n');
    age('shout.ts');
    expect((await session(withPlugin.root)).stubsRead).toBe(1);
  } finally {
    withPlugin.cleanup();
  }
});

test("a refresh before dev watches leaves the outline unwritten (the first page's own refresh must not write 10 000 stubs before answering); it is written once dev watches", async () => {
  rmSync(join(site.root, '.docs-gen-cache'), { recursive: true, force: true });
  const dev: DevServer = await startDevServer({ root: site.root, port: 0, host: '127.0.0.1', log: quiet, backgroundDelayMs: NEVER, watchDelayMs: NEVER });
  const outline = join(site.root, '.docs-gen-cache', 'dev-outline.json');
  try {
    await dev.site.exclusive(() => dev.site.refresh());
    expect(existsSync(outline)).toBe(false);
    // The first answer starts the watcher; once it is ready, the stubs are kept.
    expect((await fetch(`http://127.0.0.1:${dev.port}/guide/first`)).status).toBe(200);
    await dev.watching();
    expect(existsSync(outline)).toBe(true);
  } finally {
    await dev.close();
  }
});
