/**
 * A client of the hosted search service's protocol (seed §7, §8, §9), written against the
 * protocol itself so that the modal needs no SDK: one POST to the multi-index queries path,
 * retried across fallback hosts. Runs in the browser (the modal) and in Node (its tests).
 *
 * Timers and the clock are injected: the tests drive them with a fake clock, never wall time.
 */

/** Seed §9: timeouts in ms (write is for write requests; a search is a read) and host down-time. */
export const HOSTED_SEARCH_TIMEOUTS = { connect: 1000, read: 2000, write: 30000 } as const;
export const HOST_DOWN_TIME_MS = 120000;
/** Seed §9: 20 hits per page. */
export const HOSTED_HITS_PER_PAGE = 20;
/** The multi-index queries path of the hosted service. */
export const MULTI_QUERIES_PATH = '/1/indexes/*/queries';
/** The tags the service wraps matched words in; the modal parses them into text runs. */
export const HIGHLIGHT_PRE_TAG = '<mark>';
export const HIGHLIGHT_POST_TAG = '</mark>';
export const SNIPPET_ELLIPSIS = '…';

const LEVELS = [0, 1, 2, 3, 4, 5, 6] as const;
export type HierarchyLevel = `lvl${(typeof LEVELS)[number]}`;
export type Hierarchy = Partial<Record<HierarchyLevel, string | null>>;

/** A highlighted or snippeted value: text with the highlight tags, HTML-escaped by the service. */
export interface HighlightedValue {
  value: string;
  matchLevel?: string;
}

/** Seed §3: a hosted search hit. */
export interface HostedHit {
  objectID: string;
  url: string;
  type: 'content' | HierarchyLevel;
  content?: string | null;
  hierarchy: Hierarchy;
  _highlightResult?: { content?: HighlightedValue; hierarchy?: Partial<Record<HierarchyLevel, HighlightedValue>> };
  _snippetResult?: { content?: HighlightedValue; hierarchy?: Partial<Record<HierarchyLevel, HighlightedValue>> };
}

export interface HostedSearchResult {
  hits: HostedHit[];
  nbHits: number;
}

/** The injected clock: `now` for host down-time, timers for the request timeouts. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface HostedSearchOptions {
  appId: string;
  /** The public, search-only key. */
  apiKey: string;
  indexName: string;
  /** Origins tried in order (`https://host`); the service's own when not given. */
  hosts?: readonly string[];
  clock?: Clock;
  timeouts?: { connect: number; read: number; write: number };
  fetch?: typeof fetch;
}

/** The server answered 4xx: its status and message. */
export class HostedSearchApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
/** A 2xx answer whose body is not the JSON it should be. */
export class HostedSearchDeserializationError extends Error {
  constructor(
    message: string,
    readonly body: string,
  ) {
    super(message);
    this.name = 'DeserializationError';
  }
}
/** Every host failed (network error, timeout or 5xx). */
export class UnreachableHostsError extends Error {
  constructor(readonly attempts: readonly HostAttempt[]) {
    super('Unreachable hosts');
    this.name = 'RetryError';
  }
}
export interface HostAttempt {
  host: string;
  /** 'timeout', 'network' or the HTTP status. */
  outcome: 'timeout' | 'network' | number;
}

/** The service's hosts: the read host first, then the fallbacks. */
export function defaultHosts(appId: string): string[] {
  return [`https://${appId}-dsn.algolia.net`, ...[1, 2, 3].map((n) => `https://${appId}-${n}.algolianet.com`)];
}

/** Seed §7: the params of one search (retrieved attributes, snippets of `snippetWords`, tags, 20 hits). */
export function searchParams(query: string, snippetWords: number): Record<string, unknown> {
  return {
    query,
    attributesToRetrieve: [...LEVELS.map((n) => `hierarchy.lvl${n}`), 'content', 'type', 'url'],
    attributesToSnippet: [...LEVELS.slice(1).map((n) => `hierarchy.lvl${n}:${snippetWords}`), `content:${snippetWords}`],
    snippetEllipsisText: SNIPPET_ELLIPSIS,
    highlightPreTag: HIGHLIGHT_PRE_TAG,
    highlightPostTag: HIGHLIGHT_POST_TAG,
    hitsPerPage: HOSTED_HITS_PER_PAGE,
  };
}

type Outcome = { kind: 'answer'; status: number; body: string } | { kind: 'timeout' } | { kind: 'network' };

export interface HostedSearchClient {
  search(query: string, options?: { snippetWords?: number }): Promise<HostedSearchResult>;
}

export function createHostedSearchClient(options: HostedSearchOptions): HostedSearchClient {
  const clock = options.clock ?? systemClock;
  const timeouts = options.timeouts ?? HOSTED_SEARCH_TIMEOUTS;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const hosts = options.hosts?.length ? [...options.hosts] : defaultHosts(options.appId);
  /** When each host last failed; it is skipped for the down-time after that. */
  const downSince = new Map<string, number>();

  const available = (): string[] => {
    const now = clock.now();
    const up = hosts.filter((host) => {
      const since = downSince.get(host);
      return since === undefined || now - since >= HOST_DOWN_TIME_MS;
    });
    // All down: try them all again rather than fail without asking (the service's own client does so).
    return up.length ? up : hosts;
  };

  /** One request: the connect timeout runs until the response headers, then the read timeout until the body. */
  const request = (host: string, body: string): Promise<Outcome> =>
    new Promise((resolve) => {
      const controller = new AbortController();
      let settled = false;
      const settle = (outcome: Outcome) => {
        if (settled) return;
        settled = true;
        clock.clearTimeout(timer);
        if (outcome.kind === 'timeout') controller.abort();
        resolve(outcome);
      };
      let timer = clock.setTimeout(() => settle({ kind: 'timeout' }), timeouts.connect);
      const url = `${host}${MULTI_QUERIES_PATH}?x-algolia-application-id=${encodeURIComponent(options.appId)}&x-algolia-api-key=${encodeURIComponent(options.apiKey)}`;
      // A form content type keeps the POST a "simple" cross-origin request: no preflight round trip.
      doFetch(url, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' }, signal: controller.signal })
        .then((response) => {
          if (settled) return;
          clock.clearTimeout(timer);
          timer = clock.setTimeout(() => settle({ kind: 'timeout' }), timeouts.read);
          return response.text().then((text) => settle({ kind: 'answer', status: response.status, body: text }));
        })
        .catch(() => settle({ kind: 'network' }));
    });

  return {
    async search(query, { snippetWords = 10 } = {}) {
      const body = JSON.stringify({ requests: [{ indexName: options.indexName, params: searchParams(query, snippetWords) }] });
      const attempts: HostAttempt[] = [];
      for (const host of available()) {
        const outcome = await request(host, body);
        if (outcome.kind === 'answer' && outcome.status >= 200 && outcome.status < 300) {
          downSince.delete(host);
          return parseResult(outcome.body);
        }
        if (outcome.kind === 'answer' && outcome.status >= 400 && outcome.status < 500) {
          throw new HostedSearchApiError(serverMessage(outcome.body), outcome.status);
        }
        // Timeouts, network errors and 5xx: this host is down for a while; the next one is asked.
        downSince.set(host, clock.now());
        attempts.push({ host, outcome: outcome.kind === 'answer' ? outcome.status : outcome.kind });
      }
      throw new UnreachableHostsError(attempts);
    },
  };
}

function serverMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: the body itself is the message.
  }
  return body;
}

function parseResult(body: string): HostedSearchResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    throw new HostedSearchDeserializationError((error as Error).message, body);
  }
  const first = (parsed as { results?: unknown }).results;
  const result = Array.isArray(first) ? (first[0] as { hits?: unknown; nbHits?: unknown } | undefined) : undefined;
  if (!result || !Array.isArray(result.hits) || typeof result.nbHits !== 'number') {
    throw new HostedSearchDeserializationError('the answer has no results[0].hits and nbHits', body);
  }
  return { hits: result.hits as HostedHit[], nbHits: result.nbHits };
}
