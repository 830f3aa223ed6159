import { expect, test, vi } from 'vitest';
import { useFixtureCopy } from '../helpers.ts';
import { useDevServer } from '../use-dev-server.ts';

// A task that blocks its worker until the test opens the gate (a shared cell set to 1): a compile
// or render that is still running, as long as the test wants, whatever the machine's speed.
const GATED = `data:text/javascript,${encodeURIComponent(`
export function waitForGate(gate) {
  Atomics.wait(new Int32Array(gate), 0, 0);
  return 'finished';
}
`)}`;

// A copy: dev keeps its output in the site's cache folder, and other files build the fixture.
const dev = useDevServer(useFixtureCopy('a-tiny-site-that-builds'));

test('new render workers: the old ones finish the tasks they have, however long those take, and only then close', async () => {
  const { site } = dev.server;
  const old = site.pool;
  const closeOld = vi.spyOn(old, 'close');
  const gate = new SharedArrayBuffer(4);
  const inFlight = old.run<SharedArrayBuffer, string>({ moduleUrl: GATED, exportName: 'waitForGate', input: gate });

  // A theme or renderer change starts new workers; then an hour passes on a fake clock.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    site.restartWorkers();
    vi.advanceTimersByTime(60 * 60_000);
  } finally {
    vi.useRealTimers();
  }
  expect(site.pool).not.toBe(old);
  expect(closeOld).not.toHaveBeenCalled();

  const cell = new Int32Array(gate);
  Atomics.store(cell, 0, 1);
  Atomics.notify(cell, 0);
  await expect(inFlight).resolves.toBe('finished');
  // No time limit of its own (the test's is the net): the idle old pool closes.
  await expect.poll(() => old.started).toBe(0);
  expect(closeOld).toHaveBeenCalledTimes(1);
});
