import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkSite, externalCacheFile } from '../../src/check/check.ts';
import { checkUrls } from '../../src/check/external-links.ts';
import { repoRoot, tempSite } from '../helpers.ts';
import { listenOnLocalhost } from '../listen-on-localhost.ts';

/** The built CLI, without blocking this process (the test server answers from it). */
function runCli(args: string[]): Promise<{ status: number; stderr: string }> {
  return new Promise((done) => {
    const child = execFile(process.execPath, [join(repoRoot, 'bin', 'docs-gen.js'), ...args], { env: { ...process.env, GITHUB_ACTIONS: '', NO_COLOR: '1' } }, (_error, _stdout, stderr) =>
      done({ status: child.exitCode ?? -1, stderr }),
    );
  });
}

/** A local stand-in for the web: every answer a link checker meets, on 127.0.0.1 only. */
let server: Server;
let base: string;
const requests: string[] = [];
let inFlight = 0;
let maxInFlight = 0;
let busyAnswered = 0;

/**
 * Time limits the test fires by hand: a request's limit runs out only when the server has the
 * request and will never answer it, so no result depends on how fast this machine is.
 */
const limits = new Map<string, AbortController[]>();
const deadline = (_timeoutMs: number, url: string): AbortSignal => {
  const controller = new AbortController();
  const path = new URL(url).pathname;
  limits.set(path, [...(limits.get(path) ?? []), controller]);
  return controller.signal;
};
const runOut = (path: string) => {
  for (const controller of limits.get(path) ?? []) controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
};

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.on('close', () => inFlight--);
    const path = new URL(request.url!, 'http://x').pathname;
    // A little latency, so that concurrency shows.
    setImmediate(() => {
      if (path === '/ok') response.writeHead(200).end('ok');
      else if (path === '/moved') response.writeHead(301, { location: '/ok' }).end();
      else if (path === '/head-refused') response.writeHead(request.method === 'HEAD' ? 405 : 200).end();
      else if (path === '/busy') {
        if (busyAnswered++ === 0) response.writeHead(429, { 'retry-after': '0' }).end();
        else response.writeHead(200).end();
      } else if (path === '/always-busy') response.writeHead(429, { 'retry-after': '0' }).end();
      else if (path === '/slow') runOut(path); // never answers: its time runs out
      else response.writeHead(404).end('not found');
    });
  });
  base = await listenOnLocalhost(server);
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('checking external links', () => {
  test('HEAD first, GET when HEAD is refused, redirects followed, 429 retried after Retry-After, timeouts reported', async () => {
    requests.length = 0;
    const urls = ['ok', 'moved', 'head-refused', 'busy', 'always-busy', 'missing', 'slow'].map((p) => `${base}/${p}`);
    const results = await checkUrls(urls, { timeoutMs: 3_600_000, deadline, retries: 2, concurrency: 3 });
    const status = (p: string) => results.get(`${base}/${p}`);
    expect(status('ok')).toEqual({ ok: true, status: 200 });
    expect(status('moved')).toEqual({ ok: true, status: 200 });
    expect(status('head-refused')).toEqual({ ok: true, status: 200 });
    expect(status('busy')).toEqual({ ok: true, status: 200 });
    expect(status('always-busy')).toMatchObject({ ok: false, status: 429 });
    expect(status('missing')).toEqual({ ok: false, status: 404 });
    expect(status('slow')).toEqual({ ok: false, error: 'no answer within 3600000 ms' });
    expect(requests).toContain('HEAD /ok');
    expect(requests).not.toContain('GET /ok');
    expect(requests.filter((r) => r.endsWith('/head-refused'))).toEqual(['HEAD /head-refused', 'GET /head-refused']);
    expect(requests.filter((r) => r === 'HEAD /always-busy')).toHaveLength(3);
    expect(maxInFlight).toBeLessThanOrEqual(3);
  });

  test('check --external reports each failing link where it is written, and remembers good answers in the cache', async () => {
    const site = tempSite({
      'content/index.mdx': `# Home\n\n[fine](${base}/ok#part) and [gone](${base}/gone).\n\n[fine again](${base}/ok)\n`,
    });
    try {
      const first = await checkSite({ root: site.root, external: { timeoutMs: 0, cacheFile: externalCacheFile(site.root) } });
      expect(first.findings.map((d) => [d.code, d.line, d.column, d.message])).toEqual([
        // At the URL: a page of Markdown alone is read as a `.md` page is (reads-as-markdown.ts).
        ['broken-external-link', 3, `[fine](${base}/ok#part) and [gone](`.length + 1, `broken external link ${base}/gone — HTTP 404`],
      ]);
      const cached = JSON.parse(readFileSync(externalCacheFile(site.root), 'utf8')) as { entries: Record<string, unknown> };
      expect(Object.keys(cached.entries)).toEqual([`${base}/ok`]);

      requests.length = 0;
      await checkSite({ root: site.root, external: { timeoutMs: 0, cacheFile: externalCacheFile(site.root) } });
      expect(requests).toEqual(['HEAD /gone', 'GET /gone']);
    } finally {
      site.cleanup();
    }
  });

  test('a good answer is reused for a day by the injected clock, then asked again', async () => {
    const site = tempSite({ 'content/index.mdx': `# Home\n\n[fine](${base}/ok)\n` });
    try {
      let now = 1_700_000_000_000;
      const options = { timeoutMs: 0, cacheFile: externalCacheFile(site.root), now: () => now };
      requests.length = 0;
      await checkSite({ root: site.root, external: options });
      now += 86_400_000 - 1;
      await checkSite({ root: site.root, external: options });
      expect(requests).toEqual(['HEAD /ok']);
      now += 1;
      await checkSite({ root: site.root, external: options });
      expect(requests).toEqual(['HEAD /ok', 'HEAD /ok']);
    } finally {
      site.cleanup();
    }
  });

  test('Retry-After waits by the injected sleep, as long as the server asks', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const results = await checkUrls([`${base}/always-busy`], { timeoutMs: 0, retries: 2, sleep });
    expect(results.get(`${base}/always-busy`)).toMatchObject({ ok: false, status: 429 });
    expect(waits).toEqual([0, 0]);
  });

  test('is off by default, and on with --external', async () => {
    const site = tempSite({ 'content/index.mdx': `# Home\n\n[gone](${base}/gone)\n` });
    try {
      const run = (args: string[]) => runCli(['check', '--root', site.root, ...args]);
      requests.length = 0;
      expect((await run([])).status).toBe(0);
      expect(requests).toEqual([]);
      const external = await run(['--external', '--external-timeout', '0']);
      expect(external.status).toBe(1);
      expect(external.stderr).toContain(`content/index.mdx:3:8 error broken external link ${base}/gone — HTTP 404`);
      expect(existsSync(externalCacheFile(site.root))).toBe(true);
    } finally {
      site.cleanup();
    }
  });
});
