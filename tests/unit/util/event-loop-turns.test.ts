import { describe, expect, test } from 'vitest';
import { EventLoopTurns } from '../../../src/util/event-loop-turns.ts';

/** A clock only the test moves. */
const fakeClock = () => {
  const clock = { now: 0 };
  return { clock, read: () => clock.now };
};

/** Resolves after one turn of the event loop, as an immediate queued now runs. */
const aTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('EventLoopTurns', () => {
  test('while the slice lasts and nothing waits, a step runs at once', async () => {
    const { clock, read } = fakeClock();
    const turns = new EventLoopTurns(4, read);
    clock.now = 3;
    const ran: string[] = [];
    const result = turns.run(() => (ran.push('step'), 'made'));
    expect(ran).toEqual(['step']);
    expect(await result).toBe('made');
  });

  test('once the slice is used up, a step waits for a turn of the event loop, and a new slice starts then', async () => {
    const { clock, read } = fakeClock();
    const turns = new EventLoopTurns(4, read);
    const events: string[] = [];
    clock.now = 4;
    const done = turns.run(() => void events.push('step'));
    expect(events).toEqual([]);
    await aTurn();
    expect(events).toEqual(['step']);
    await done;
    // The new slice started at 4: at 7 it lasts.
    clock.now = 7;
    void turns.run(() => void events.push('second step'));
    expect(events).toEqual(['step', 'second step']);
  });

  test('each turn runs the waiting steps in order while its slice lasts, timing each step', async () => {
    const { clock, read } = fakeClock();
    const turns = new EventLoopTurns(4, read);
    const events: string[] = [];
    clock.now = 10;
    // Each step takes 3 ms: two fit in a slice of 4 (the second starts at 3), the third waits for the next turn.
    const step = (name: string) => () => {
      events.push(`${name} at ${clock.now}`);
      clock.now += 3;
    };
    const all = Promise.all(['a', 'b', 'c', 'd', 'e'].map((name) => turns.run(step(name))));
    expect(events).toEqual([]);
    await aTurn();
    expect([...events]).toEqual(['a at 10', 'b at 13']);
    await aTurn();
    expect([...events]).toEqual(['a at 10', 'b at 13', 'c at 16', 'd at 19']);
    await all;
    expect(events).toEqual(['a at 10', 'b at 13', 'c at 16', 'd at 19', 'e at 22']);
  });

  test('a step that throws rejects its own promise only, and the steps after it run', async () => {
    const { clock, read } = fakeClock();
    const turns = new EventLoopTurns(4, read);
    clock.now = 4;
    const failing = turns.run(() => {
      throw new Error('no piece');
    });
    const after = turns.run(() => 'after');
    await expect(failing).rejects.toThrow('no piece');
    expect(await after).toBe('after');
  });

  test('a step that returns a promise resolves or rejects with it', async () => {
    const { read } = fakeClock();
    const turns = new EventLoopTurns(4, read);
    expect(await turns.run(async () => 'later')).toBe('later');
    await expect(turns.run(() => Promise.reject(new Error('no markdown')))).rejects.toThrow('no markdown');
  });

  test('a step that asks for another step while others wait: both run, and the turn it asked for finds nothing to do', async () => {
    const { clock, read } = fakeClock();
    const turns = new EventLoopTurns(4, read);
    clock.now = 4;
    const events: string[] = [];
    let inner: Promise<void> | undefined;
    const outer = turns.run(() => {
      events.push('outer');
      inner = turns.run(() => void events.push('inner'));
    });
    const after = turns.run(() => void events.push('after'));
    await Promise.all([outer, after]);
    await inner;
    expect(events).toEqual(['outer', 'after', 'inner']);
    // The turn the inner step asked for comes and goes without a step to run.
    await aTurn();
    await aTurn();
    expect(await turns.run(() => 'still working')).toBe('still working');
  });

  test('a step that takes longer than the slice still runs, alone in its turn', async () => {
    const { clock, read } = fakeClock();
    const turns = new EventLoopTurns(4, read);
    clock.now = 4;
    const events: string[] = [];
    const long = () => {
      events.push(`long at ${clock.now}`);
      clock.now += 10;
    };
    const all = Promise.all([turns.run(long), turns.run(long)]);
    await aTurn();
    expect([...events]).toEqual(['long at 4']);
    await all;
    expect(events).toEqual(['long at 4', 'long at 14']);
  });
});
