import { describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import type { DevMessage } from '../../src/dev/dev-client.ts';
import { useDevServer } from '../use-dev-server.ts';

/**
 * A tab hears of a change over its socket, which opens only once the page's script runs: a save
 * told to the tabs before then was lost, and the page stayed as it was until the next save (the
 * live-reload e2e test's first save, on a busy machine). A page now says how many changes it shows,
 * and a socket hears, as it opens, how many the tabs were told of.
 */
function shownBy(html: string): { count: number; session: string } {
  const [, count, session] = /<script data-changes="(\d+)" data-session="([0-9a-f]+)">/.exec(html) ?? [];
  return { count: Number(count), session: session ?? '' };
}

/** The first message a socket opened now hears. */
function firstMessage(port: number): Promise<DevMessage> {
  return new Promise((done, fail) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/__docs-gen/ws`, { origin: `http://127.0.0.1:${port}` });
    socket.once('message', (data) => {
      socket.close();
      done(JSON.parse(String(data)) as DevMessage);
    });
    socket.once('error', fail);
  });
}

describe('the changes a page shows, and those a socket hears of', () => {
  const dev = useDevServer({ 'content/index.md': '# Home\n\nWelcome.\n', 'content/guide.md': '# Guide\n\nThe first version.\n' }, { socket: true });

  test('a socket opened after a save hears of more changes than the page served before it shows', async () => {
    const before = await (await fetch(dev.url('/guide'))).text();
    const shown = shownBy(before);
    expect(shown.count).toBeGreaterThanOrEqual(0);
    expect(shown.session).toMatch(/^[0-9a-f]{12}$/);
    expect(await firstMessage(dev.server.port)).toEqual({ type: 'changes', ...shown });
    await dev.save('content/guide.md', '# Guide\n\nThe second version.\n', 'reload');
    // One save may be told twice (a second change event of one write): more, not exactly one more.
    const told = await firstMessage(dev.server.port);
    expect(told).toEqual({ type: 'changes', count: expect.any(Number), session: shown.session });
    expect((told as { count: number }).count).toBeGreaterThan(shown.count);
    // A page served now shows that change, and says so.
    const after = await (await fetch(dev.url('/guide'))).text();
    expect(after).toContain('The second version.');
    expect(shownBy(after).count).toBeGreaterThanOrEqual((told as { count: number }).count);
    expect(shownBy(after).session).toBe(shown.session);
  });
});

describe('each start of dev is a session of its own', () => {
  const files = { 'content/index.md': '# Home\n\nWelcome.\n' };
  const first = useDevServer(files);
  const second = useDevServer(files);

  test("a page served by one dev names another session than a socket of the next hears: a tab whose page the first served shows the page again", async () => {
    const served = shownBy(await (await fetch(first.url('/'))).text());
    const heard = await firstMessage(second.server.port);
    expect(heard.type).toBe('changes');
    expect((heard as { session: string }).session).toMatch(/^[0-9a-f]{12}$/);
    expect((heard as { session: string }).session).not.toBe(served.session);
  });
});
