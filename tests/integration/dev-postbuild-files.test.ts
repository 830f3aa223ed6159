import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startDevServer } from '../../src/dev/dev-server.ts';
import { tempSitesEachTest } from '../helpers.ts';
import { useDevServer } from '../use-dev-server.ts';

/**
 * dev's output folder lives on between `postBuild` runs and between sessions; a build's starts
 * empty. A file a run no longer writes (a removed page's `<route>.md`) must go, as the built
 * site has none: it stayed, and dev served the old Markdown (found by a differential fuzzer of
 * dev against build).
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
