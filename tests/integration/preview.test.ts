import { cpSync, createReadStream, rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { startPreviewServer, type PreviewOptions, type PreviewServer } from '../../src/preview/preview-server.ts';
import { fixture, tmp } from '../helpers.ts';

const quiet = () => {};
const servers: PreviewServer[] = [];
const folders: string[] = [];

const FIXTURES = ['check-a-clean-site-passes', 'check-a-site-under-a-base-path'] as const;
const outDirs = new Map<(typeof FIXTURES)[number], string>();

// Each fixture is built once, here: a build inside a test made the test's timeout (a net for a
// hang) a speed to meet, 37 s of 60 on a busy machine. The tests only serve what was built.
beforeAll(async () => {
  for (const name of FIXTURES) {
    const dir = tmp();
    folders.push(dir);
    await build({ root: fixture(name), outDir: join(dir, 'out') });
    outDirs.set(name, join(dir, 'out'));
  }
});

/** Serves the fixture's built site; with `copy`, a copy of it (for a test that deletes files from it). */
async function preview(name: (typeof FIXTURES)[number], options: Partial<PreviewOptions> = {}, copy = false): Promise<PreviewServer> {
  let outDir = outDirs.get(name)!;
  if (copy) {
    const dir = tmp();
    folders.push(dir);
    cpSync(outDir, join(dir, 'out'), { recursive: true });
    outDir = join(dir, 'out');
  }
  const server = await startPreviewServer({ root: fixture(name), outDir, port: 0, host: '127.0.0.1', log: quiet, ...options });
  servers.push(server);
  return server;
}

afterAll(async () => {
  for (const server of servers) await server.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('docs-gen preview serves a built site as a static host would', () => {
  let base: string;
  beforeAll(async () => {
    base = `http://127.0.0.1:${(await preview('check-a-clean-site-passes')).port}`;
  });

  test.each(['/guide', '/guide/', '/guide/index.html'])('serves %s as the page', async (path) => {
    const response = await fetch(`${base}${path}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('First steps');
  });

  test('answers an unknown path with 404.html and status 404', async () => {
    const response = await fetch(`${base}/no/such/page`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('404');
  });

  test.each(['/', '/guide', '/no/such/page', '/_docs-gen/../../etc/passwd'])('sends nosniff and a referrer policy with %s', async (path) => {
    const response = await fetch(`${base}${path}`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  test.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('answers %s with 405 and Allow: GET, HEAD, as a static host does', async (method) => {
    const response = await fetch(`${base}/guide`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).not.toContain('First steps');
  });

  test('answers HEAD with the headers of GET and no body', async () => {
    const response = await fetch(`${base}/guide`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  test('adds nothing to the pages (no live-reload client)', async () => {
    expect(await (await fetch(`${base}/`)).text()).not.toContain('__docs-gen/ws');
  });
});

describe('docs-gen preview under a base path', () => {
  test('serves the site under the base path, sends / there, and 404s outside it', async () => {
    const base = `http://127.0.0.1:${(await preview('check-a-site-under-a-base-path')).port}`;
    expect((await fetch(`${base}/docs/guide`)).status).toBe(200);
    const root = await fetch(`${base}/`, { redirect: 'manual' });
    expect([root.status, root.headers.get('location')]).toEqual([302, '/docs/']);
    expect((await fetch(`${base}/guide`)).status).toBe(404);
  });

  test('refuses to start without a built site', async () => {
    const empty = tmp();
    folders.push(empty);
    await expect(startPreviewServer({ root: fixture('check-a-clean-site-passes'), outDir: join(empty, 'nothing'), port: 0, host: '127.0.0.1', log: quiet })).rejects.toThrow(/Nothing to preview/);
  });
});

describe('no request ends the preview server', () => {
  test('a file deleted between finding it and reading it is a 404, and the server keeps answering', async () => {
    // The file is found (stat), then deleted just before it is opened, as a rebuild replacing out/ does.
    const openStream = (file: string) => {
      if (file.endsWith(join('guide', 'index.html'))) rmSync(file);
      return createReadStream(file);
    };
    const base = `http://127.0.0.1:${(await preview('check-a-clean-site-passes', { openStream }, true)).port}`;
    const vanished = await fetch(`${base}/guide`);
    expect(vanished.status).toBe(404);
    await vanished.text();
    const next = await fetch(`${base}/`);
    expect(next.status).toBe(200);
    expect(await next.text()).toContain('<html');
  });

  test('a file that fails while it is being sent ends that response only', async () => {
    const openStream = (file: string) => {
      if (!file.endsWith(join('guide', 'index.html'))) return createReadStream(file);
      return new Readable({
        read() {
          this.push('<!doctype html>');
          this.destroy(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }));
        },
      });
    };
    const base = `http://127.0.0.1:${(await preview('check-a-clean-site-passes', { openStream })).port}`;
    await expect(fetch(`${base}/guide`).then((r) => r.text())).rejects.toThrow();
    const next = await fetch(`${base}/`);
    expect(next.status).toBe(200);
    expect(await next.text()).toContain('<html');
  });
});
