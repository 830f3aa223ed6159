import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startDevServer } from '../../src/dev/dev-server.ts';
import { tempSitesEachTest } from '../helpers.ts';
import { useDevServer } from '../use-dev-server.ts';

/**
 * What dev's `postBuild` writes (the pages' Markdown, the llms files) must be what a build of the
 * same sources writes. dev's output folder lives on between runs and between sessions, where a
 * build's starts empty: a file a run no longer writes (a removed page's `<route>.md`) must go, as
 * the built site has none; it stayed, and dev served the old Markdown. And a page dev patches with
 * a new compile must not keep what only the old compile had. Both found by a differential fuzzer
 * of dev against build.
 */
const get = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
};

describe('a page removed while dev runs', () => {
  const dev = useDevServer(
    {
      'content/index.md': '# Home\n\nWelcome.\n',
      'content/gone.md': '# Gone soon\n\nThe text of a page about to go.\n',
    },
    { socket: true },
  );

  test("its Markdown is no longer served, nor listed in llms.txt; the other page's still is", async () => {
    const before = await get(dev.url('/gone.md'));
    expect(before.status).toBe(200);
    expect(before.text).toContain('The text of a page about to go.');
    expect((await get(dev.url('/llms.txt'))).text).toContain('/gone.md');

    const from = dev.messages.length;
    rmSync(join(dev.root, 'content', 'gone.md'));
    await dev.messageAfter(from, (m) => m.type === 'reload');

    const after = await get(dev.url('/gone.md'));
    expect(after.status).toBe(404);
    expect(after.text).not.toContain('The text of a page about to go.');
    expect((await get(dev.url('/llms.txt'))).text).not.toContain('/gone.md');
    expect((await get(dev.url('/index.md'))).text).toContain('Welcome.');
    expect(existsSync(join(dev.root, '.docs-gen-cache', 'dev-out', 'gone.md'))).toBe(false);
  });
});

describe('an .mdx page saved first with JSX, then as Markdown alone under the same title', () => {
  const dev = useDevServer({ 'content/index.md': '# Home\n\nWelcome.\n', 'content/note.mdx': '# Note\n\n<Alert type="info">The JSX version.</Alert>\n' }, { socket: true });

  test("its Markdown is the last save's: not the clean Markdown the MDX compile of the save before made", async () => {
    expect((await get(dev.url('/note.md'))).text).toContain('The JSX version.');
    // Read as CommonMark, the new text takes the Markdown compiler, which makes no clean Markdown
    // of its own; dev patched the page with the new compile and kept the old compile's (a
    // truncated save, then the rest of it, did this by chance: the first half failed to close a fence).
    await dev.save('content/note.mdx', '# Note\n\nThe plain version.\n', 'reload');
    const markdown = (await get(dev.url('/note.md'))).text;
    expect(markdown).toContain('The plain version.');
    expect(markdown).not.toContain('The JSX version.');
    expect((await get(dev.url('/llms-full.txt'))).text).not.toContain('The JSX version.');
  });
});

describe('a page removed between two dev sessions', () => {
  const site = tempSitesEachTest();

  test('the next session does not serve what the last one wrote for it', async () => {
    const root = site({
      'content/index.md': '# Home\n\nWelcome.\n',
      'content/dropped.md': '# Dropped\n\nA page removed while dev was not running.\n',
    });
    const session = () => startDevServer({ root, port: 0, host: '127.0.0.1', log: { info: () => {}, error: () => {} }, watchDelayMs: 0 });
    const first = await session();
    try {
      expect((await get(`http://127.0.0.1:${first.port}/dropped.md`)).status).toBe(200);
    } finally {
      await first.close();
    }
    rmSync(join(root, 'content', 'dropped.md'));
    const second = await session();
    try {
      const dropped = await get(`http://127.0.0.1:${second.port}/dropped.md`);
      expect(dropped.status).toBe(404);
      expect(dropped.text).not.toContain('A page removed while dev was not running.');
      expect((await get(`http://127.0.0.1:${second.port}/index.md`)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
