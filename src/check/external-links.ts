import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RouteDefinition } from '../pipeline/plugin.ts';
import { readLinkCache, writeLinkCache, type LinkStatus } from './external-link-cache.ts';

export interface ExternalCheckOptions {
  /** Requests in flight at once. @default 8 */
  concurrency?: number;
  /** Per request; 0 waits as long as the server takes. @default 10000 */
  timeoutMs?: number;
  /** Starts one request's time limit: the signal aborts when it runs out. @default AbortSignal.timeout */
  deadline?: (timeoutMs: number, url: string) => AbortSignal;
  /** The clock for Retry-After dates and the cache's ages. @default Date.now */
  now?: () => number;
  /** Waits before a retry. @default setTimeout */
  sleep?: (ms: number) => Promise<void>;
  /** Retries after a 429 answer. @default 3 */
  retries?: number;
  /** The longest Retry-After honoured; longer waits count as a failure. @default 30000 */
  maxRetryAfterMs?: number;
  /** Where good answers are remembered between runs; none when undefined. */
  cacheFile?: string;
  /** How long a good answer stays good. @default 1 day */
  cacheTtlMs?: number;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Seconds, or an HTTP date; exponential back-off when the server gives neither. */
export function retryAfterMs(header: string | null, attempt: number, now = Date.now()): number {
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = header ? Date.parse(header) : NaN;
  if (!Number.isNaN(date)) return Math.max(0, date - now);
  return 1000 * 2 ** attempt;
}

const timeout = (timeoutMs: number) => AbortSignal.timeout(timeoutMs);

async function request(url: string, method: 'HEAD' | 'GET', options: ExternalCheckOptions): Promise<Response> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const signal = timeoutMs > 0 ? (options.deadline ?? timeout)(timeoutMs, url) : undefined;
  const response = await fetch(url, { method, redirect: 'follow', signal, headers: { 'user-agent': 'docs-gen-check (link checker)', accept: '*/*' } });
  // Only the status matters: do not download bodies.
  await response.body?.cancel().catch(() => {});
  return response;
}

/** HEAD first (cheap); servers that refuse or mishandle HEAD get a GET. 429 waits for Retry-After, then tries again. */
export async function checkUrl(url: string, options: ExternalCheckOptions = {}): Promise<LinkStatus> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 3;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await request(url, 'HEAD', options);
      if (!response.ok && response.status !== 429) response = await request(url, 'GET', options);
    } catch (error) {
      const e = error as Error & { cause?: { code?: string } };
      const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
      return { ok: false, error: timedOut ? `no answer within ${timeoutMs} ms` : (e.cause?.code ?? e.message) };
    }
    if (response.status !== 429) return { ok: response.ok, status: response.status };
    const wait = retryAfterMs(response.headers.get('retry-after'), attempt, (options.now ?? Date.now)());
    if (attempt >= retries || wait > (options.maxRetryAfterMs ?? 30_000)) return { ok: false, status: 429, error: 'still rate-limited (429) after retries' };
    await (options.sleep ?? sleep)(wait);
  }
}

/** Checks each distinct URL once, `concurrency` at a time, reusing fresh good answers from the cache. */
export async function checkUrls(urls: string[], options: ExternalCheckOptions = {}): Promise<Map<string, LinkStatus>> {
  const cache = options.cacheFile ? readLinkCache(options.cacheFile) : new Map();
  const ttl = options.cacheTtlMs ?? 86_400_000;
  const now = options.now ?? Date.now;
  const results = new Map<string, LinkStatus>();
  const pending = [...new Set(urls)].filter((url) => {
    const cached = cache.get(url);
    if (cached && cached.ok && now() - cached.checkedAt < ttl) results.set(url, cached);
    return !results.has(url);
  });
  const worker = async () => {
    for (let url = pending.shift(); url !== undefined; url = pending.shift()) {
      const status = await checkUrl(url, options);
      results.set(url, status);
      cache.set(url, { ...status, checkedAt: now() });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  if (options.cacheFile) writeLinkCache(options.cacheFile, cache);
  return results;
}

/** `--external`: every http(s) link of every page; a failing URL is reported at each place it is written. */
export async function checkExternalLinks(routes: RouteDefinition[], options: ExternalCheckOptions = {}): Promise<Diagnostic[]> {
  const places: { page: RouteDefinition; url: string; line: number; column: number; written: string }[] = [];
  for (const page of routes) {
    for (const ref of page.references ?? []) {
      if (ref.kind === 'link' && /^https?:\/\//i.test(ref.url)) places.push({ page, url: ref.url.split('#')[0]!, line: ref.line, column: ref.column, written: ref.url });
    }
  }
  const statuses = await checkUrls(places.map((p) => p.url), options);
  return places.flatMap(({ page, url, line, column, written }) => {
    const status = statuses.get(url)!;
    if (status.ok) return [];
    const why = status.error ?? `HTTP ${status.status}`;
    return [{ severity: 'error' as const, code: 'broken-external-link', message: `broken external link ${written} — ${why}`, file: page.sourcePath, line, column, target: written }];
  });
}
