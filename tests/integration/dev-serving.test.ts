import { symlinkSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import WebSocket from 'ws';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startDevServer } from '../../src/dev/dev-server.ts';
import { safeFilePath } from '../../src/dev/static-server.ts';
import { tempSite, useFixtureCopy } from '../helpers.ts';
import { useDevServer } from '../use-dev-server.ts';

const SECRET = 'TOP-SECRET-NOT-PART-OF-THE-SITE';
const quiet = { info: () => {}, error: () => {} };

/** A raw GET: the path goes on the wire exactly as written (fetch would normalise `..`). */
function rawGet(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; body: string; type: string; headers: IncomingHttpHeaders }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => done({ status: response.statusCode!, body, type: String(response.headers['content-type']), headers: response.headers }));
    });
    req.on('error', fail);
    req.end();
  });
}

let site: ReturnType<typeof tempSite>;

beforeAll(() => {
  site = tempSite({
    'secret.txt': SECRET,
    'content/index.mdx': '# Home\n\nWelcome to the [guide](/guide).\n',
    'content/guide/index.mdx': '# Guide\n\nStart [here](./first).\n',
    'content/guide/first.md': '# First steps\n\nSome text.\n',
    'public/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>',
    'public/nested/ok.txt': 'fine',
    ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`content/many/page-${i}.md`, `# Page ${i}\n\nText ${i}.\n`])),
  });
  symlinkSync(join(site.root, 'secret.txt'), join(site.root, 'public', 'escape.txt'));
});
// Registered before the server's, so it runs after the server closed (after-hooks run in reverse).
afterAll(() => site?.cleanup());
// The background waits for the first answer however long the start takes (no timer races the test).
const dev = useDevServer(() => site.root, { backgroundDelayMs: 2 ** 31 - 1 });

describe('the dev server serves the site', () => {
  test('answers the first page before the whole site is compiled (pages compile on demand)', async () => {
    // How much was still uncompiled when the page rendered: the background starts only after the
    // first answer, so this does not depend on how fast the machine compiles.
    let pendingWhenRendered: number | undefined;
    const render = dev.server.site.render.bind(dev.server.site);
    dev.server.site.render = (route) => {
      pendingWhenRendered ??= dev.server.site.store.pending().length;
      return render(route);
    };
    const page = await rawGet(dev.server.port, '/guide/first');
    dev.server.site.render = render;
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1');
    expect(page.body).toContain('First steps');
    expect(pendingWhenRendered).toBeGreaterThan(30);
  });

  test.each(['/guide', '/guide/', '/guide/index.html'])('serves a route at its clean URL and its other forms: %s', async (path) => {
    const page = await rawGet(dev.server.port, path);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Start <a href="/guide/first">here</a>');
  });

  test('adds the live-reload client to every page', async () => {
    expect((await rawGet(dev.server.port, '/')).body).toContain('/__docs-gen/ws');
  });

  test('serves public files and the client assets', async () => {
    expect(await rawGet(dev.server.port, '/nested/ok.txt')).toMatchObject({ status: 200, body: 'fine' });
    const home = (await rawGet(dev.server.port, '/')).body;
    const css = /href="(\/_docs-gen\/style-[^"]+\.css)"/.exec(home)![1]!;
    expect(await rawGet(dev.server.port, css)).toMatchObject({ status: 200, type: 'text/css; charset=utf-8' });
  });

  test.each(['/', '/guide/first', '/nested/ok.txt', '/no/such/page', '/_next/image?url=%2Flogo.svg&w=64'])('sends nosniff and a referrer policy with %s', async (path) => {
    const { headers } = await rawGet(dev.server.port, path);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  test.each(['POST', 'DELETE'])('answers %s with 405 and Allow: GET, HEAD', async (method) => {
    const response = await rawGet(dev.server.port, '/guide/first', {}, method);
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  test('answers an unknown path with the site 404 page and status 404', async () => {
    const page = await rawGet(dev.server.port, '/no/such/page');
    expect(page.status).toBe(404);
    expect(page.body).toContain('404');
  });

  test('answers /_next/image through the images endpoint', async () => {
    const image = await rawGet(dev.server.port, '/_next/image?url=%2Flogo.svg&w=64&q=75');
    expect(image.status).toBe(200);
    expect(image.type).toContain('image/svg+xml');
  });
});

describe('the dev server under a base path', () => {
  // A copy: dev keeps its output in the site's cache folder, and other files build the fixture.
  const basedSite = useFixtureCopy('check-a-site-under-a-base-path');
  test('serves the site under the base path, sends / there, and 404s outside it', async () => {
    const based = await startDevServer({ root: basedSite(), port: 0, host: '127.0.0.1', log: quiet });
    try {
      expect((await rawGet(based.port, '/docs/guide')).status).toBe(200);
      expect((await rawGet(based.port, '/docs/logo.svg')).status).toBe(200);
      expect((await rawGet(based.port, '/guide')).status).toBe(404);
      const root = await fetch(`http://127.0.0.1:${based.port}/`, { redirect: 'manual' });
      expect([root.status, root.headers.get('location')]).toEqual([302, '/docs/']);
    } finally {
      await based.close();
    }
  });
});

describe('the dev server never serves a file from outside the site', () => {
  test.each([
    '/../secret.txt',
    '/../../../../etc/passwd',
    '/%2e%2e/secret.txt',
    '/%2E%2E/%2e%2e/etc/passwd',
    '/..%2fsecret.txt',
    '/..%2F..%2F..%2Fetc%2Fpasswd',
    '/nested/..%2f..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/..%5csecret.txt',
    '/%5c..%5c..%5csecret.txt',
    '//etc/passwd',
    '/etc/passwd',
    '/secret.txt',
    '/%252e%252e/secret.txt',
    '/escape.txt',
    '/_docs-gen/../../secret.txt',
    '/_docs-gen/..%2f..%2f..%2fsecret.txt',
    '/content/index.mdx',
    '/docs-gen.config.ts',
  ])('%s is a 404', async (path) => {
    const response = await rawGet(dev.server.port, path);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain(SECRET);
    expect(response.body).not.toContain('root:x:0:0');
  });

  test.each([
    ['..', '/../x'],
    ['an encoded ..', '/%2e%2e/x'],
    ['an encoded slash', '/a/..%2f..%2fx'],
    ['a backslash', '/a\\..\\x'],
    ['an encoded backslash', '/%5c..%5cx'],
    ['a NUL byte', '/a%00.txt'],
    ['broken encoding', '/%e0%a4%a'],
  ])('a path with %s maps to no file outside the root', (_, path) => {
    const mapped = safeFilePath('/srv/site', path);
    expect(mapped === undefined || mapped.startsWith('/srv/site/')).toBe(true);
  });
});

describe('the dev server refuses to be used by other sites', () => {
  // What a page on another origin, or a DNS-rebound name, makes a browser send.
  const FILE_READING_PATHS = ['/', '/guide/first', '/logo.svg', '/_next/image?url=%2Flogo.svg&w=64'];

  test.each(FILE_READING_PATHS)('%s is refused with 403 when the Host is another name (DNS rebinding)', async (path) => {
    const response = await rawGet(dev.server.port, path, { host: `attacker.example:${dev.server.port}` });
    expect(response.status).toBe(403);
    expect(response.body).toContain('docs-gen dev refused');
  });

  test.each(FILE_READING_PATHS)('%s is refused with 403 when the Origin is another site', async (path) => {
    expect((await rawGet(dev.server.port, path, { origin: 'https://attacker.example' })).status).toBe(403);
    expect((await rawGet(dev.server.port, path, { origin: 'null' })).status).toBe(403);
  });

  test.each(FILE_READING_PATHS)('%s is refused with 403 when another site embeds it (Sec-Fetch-Site)', async (path) => {
    const embedded = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' };
    expect((await rawGet(dev.server.port, path, embedded)).status).toBe(403);
    expect((await rawGet(dev.server.port, path, { ...embedded, 'sec-fetch-site': 'same-site' })).status).toBe(403);
  });

  test('a link from another site still opens the page (a top-level navigation reads nothing)', async () => {
    const navigation = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
    expect((await rawGet(dev.server.port, '/guide/first', navigation)).status).toBe(200);
  });

  test.each([`localhost`, `127.0.0.1`, `[::1]`, `docs.localhost`, `192.168.1.20`])('answers requests to its own host %s', async (host) => {
    const headers = { host: `${host}:${dev.server.port}`, origin: `http://${host}:${dev.server.port}`, 'sec-fetch-site': 'same-origin' };
    expect((await rawGet(dev.server.port, '/guide/first', headers)).status).toBe(200);
  });

  test('the live-reload socket refuses a connection from another site and accepts its own pages', async () => {
    const outcome = (origin: string) =>
      new Promise<string>((done) => {
        const socket = new WebSocket(`ws://127.0.0.1:${dev.server.port}/__docs-gen/ws`, { origin });
        socket.on('open', () => {
          socket.close();
          done('open');
        });
        socket.on('unexpected-response', (_request, response) => done(String(response.statusCode)));
        socket.on('error', () => done('error'));
      });
    expect(await outcome('https://attacker.example')).toBe('403');
    expect(await outcome(`http://127.0.0.1:${dev.server.port}`)).toBe('open');
  });
});
