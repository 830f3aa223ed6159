// The hosted search client (seed §7, §8, §9) against a fake of the hosted API on 127.0.0.1:
// a good host, one that never answers, one that returns 500, one that returns malformed JSON.
// Time is a fake clock: timeouts fire when the test advances it, never by waiting.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  createHostedSearchClient,
  HOST_DOWN_TIME_MS,
  HOSTED_SEARCH_TIMEOUTS,
  HostedSearchApiError,
  HostedSearchDeserializationError,
  UnreachableHostsError,
  type Clock,
} from '../../../src/shared/hosted-search-client.ts';
import { FAKE_API_KEY, FAKE_APP_ID, startFakeHost, type FakeHost } from '../../fake-hosted-search.ts';

/** A clock whose time moves only when the test says so. */
function fakeClock(): Clock & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 0;
  return {
    now: () => now,
    setTimeout(run, ms) {
      const id = nextId++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout(id) {
      timers = timers.filter((timer) => timer.id !== id);
    },
    advance(ms) {
      now += ms;
      const due = timers.filter((timer) => timer.at <= now);
      timers = timers.filter((timer) => timer.at > now);
      due.forEach((timer) => timer.run());
    },
    pending: () => timers.length,
  };
}

let good: FakeHost, silent: FakeHost, failing: FakeHost, malformed: FakeHost;
beforeAll(async () => {
  [good, silent, failing, malformed] = await Promise.all([startFakeHost('good'), startFakeHost('silent'), startFakeHost('error500'), startFakeHost('malformed')]);
});
afterAll(async () => {
  await Promise.all([good, silent, failing, malformed].map((host) => host.close()));
});

const clientOf = (hosts: FakeHost[], clock: Clock = fakeClock(), apiKey = FAKE_API_KEY) =>
  createHostedSearchClient({ appId: FAKE_APP_ID, apiKey, indexName: 'docs', hosts: hosts.map((host) => host.origin), clock });

describe('the hosted search client', () => {
  test('POSTs requests[{indexName, params}] to the multi-index queries path with the app id and key as query parameters', async () => {
    const before = good.requests.length;
    const result = await clientOf([good]).search('schema', { snippetWords: 5 });
    expect(result.nbHits).toBe(21);
    expect(result.hits.map((hit) => hit.objectID)).toEqual(['schema-1', 'schema-2', 'schema-3']);
    const sent = good.requests[before]!;
    expect(new URLSearchParams(sent.search).get('x-algolia-application-id')).toBe(FAKE_APP_ID);
    expect(new URLSearchParams(sent.search).get('x-algolia-api-key')).toBe(FAKE_API_KEY);
    expect(JSON.parse(sent.body)).toEqual({
      requests: [
        {
          indexName: 'docs',
          params: {
            query: 'schema',
            attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url'],
            attributesToSnippet: ['hierarchy.lvl1:5', 'hierarchy.lvl2:5', 'hierarchy.lvl3:5', 'hierarchy.lvl4:5', 'hierarchy.lvl5:5', 'hierarchy.lvl6:5', 'content:5'],
            snippetEllipsisText: '…',
            highlightPreTag: '<mark>',
            highlightPostTag: '</mark>',
            hitsPerPage: 20,
          },
        },
      ],
    });
  });

  test('uses the seed timeouts: connect 1 s, read 2 s, write 30 s; host down-time 120000 ms', () => {
    expect(HOSTED_SEARCH_TIMEOUTS).toEqual({ connect: 1000, read: 2000, write: 30000 });
    expect(HOST_DOWN_TIME_MS).toBe(120000);
  });

  test('gives up on a host that never answers after the connect timeout and asks the next', async () => {
    const clock = fakeClock();
    const seen = silent.requests.length;
    const searching = clientOf([silent, good], clock).search('joins');
    await vi.waitFor(() => expect(silent.requests.length).toBe(seen + 1));
    clock.advance(HOSTED_SEARCH_TIMEOUTS.connect - 1);
    expect(good.requests.some((r) => r.body.includes('"joins"'))).toBe(false);
    clock.advance(1);
    const result = await searching;
    expect(result.hits.map((hit) => hit.objectID)).toEqual(['joins-1']);
  });

  test('skips a host that returned 500 for the down-time, then asks it again', async () => {
    const clock = fakeClock();
    const client = clientOf([failing, good], clock);
    const asked = () => failing.requests.length;
    const start = asked();
    expect((await client.search('schema')).hits).toHaveLength(3);
    expect(asked()).toBe(start + 1);
    clock.advance(HOST_DOWN_TIME_MS - 1);
    await client.search('schema');
    expect(asked()).toBe(start + 1);
    clock.advance(1);
    await client.search('schema');
    expect(asked()).toBe(start + 2);
  });

  test("reports 'Unreachable hosts' when every host fails, with what each did", async () => {
    const clock = fakeClock();
    const seen = silent.requests.length;
    const searching = clientOf([failing, silent], clock).search('schema');
    const failure = expect(searching).rejects.toThrow(UnreachableHostsError);
    await vi.waitFor(() => expect(silent.requests.length).toBe(seen + 1));
    clock.advance(HOSTED_SEARCH_TIMEOUTS.connect);
    await failure;
    const error = (await searching.catch((e: unknown) => e)) as UnreachableHostsError;
    expect(error.message).toBe('Unreachable hosts');
    expect(error.attempts.map((a) => a.outcome)).toEqual([500, 'timeout']);
    expect(clock.pending()).toBe(0);
  });

  test('reports an API error with the status and the server message, without asking other hosts', async () => {
    const seen = failing.requests.length;
    const error = (await clientOf([good, failing], fakeClock(), 'wrong-key').search('schema').catch((e: unknown) => e)) as HostedSearchApiError;
    expect(error).toBeInstanceOf(HostedSearchApiError);
    expect(error.status).toBe(403);
    expect(error.message).toBe('Invalid Application-ID or API key');
    expect(failing.requests.length).toBe(seen);
  });

  test('reports a deserialization error for an answer that is not JSON', async () => {
    const error = (await clientOf([malformed, good]).search('schema').catch((e: unknown) => e)) as HostedSearchDeserializationError;
    expect(error).toBeInstanceOf(HostedSearchDeserializationError);
    expect(error.body).toBe('{"results": [{"hits": [');
  });
});
