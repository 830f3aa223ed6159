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
const shownBy = (html: string) => Number(/<script data-changes="(\d+)">/.exec(html)?.[1]);

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
    expect(shown).toBeGreaterThanOrEqual(0);
    expect(await firstMessage(dev.server.port)).toEqual({ type: 'changes', count: shown });
    await dev.save('content/guide.md', '# Guide\n\nThe second version.\n', 'reload');
    const told = await firstMessage(dev.server.port);
    expect(told).toEqual({ type: 'changes', count: shown + 1 });
    // A page served now shows that change, and says so.
    const after = await (await fetch(dev.url('/guide'))).text();
    expect(after).toContain('The second version.');
    expect(shownBy(after)).toBe(shown + 1);
  });
});
