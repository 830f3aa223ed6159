import { createServer, type Server } from 'node:http';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { handleImageRequest, parseImageQuery } from '../../../plugins/image-size/image-endpoint.ts';
import { tmp } from '../../helpers.ts';
import { listenOnLocalhost } from '../../listen-on-localhost.ts';

const root = tmp();
const publicDir = join(root, 'public');
let server: Server;
let base: string;

beforeAll(async () => {
  mkdirSync(join(publicDir, 'images'), { recursive: true });
  await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#09c' } }).png().toFile(join(publicDir, 'images', 'wide.png'));
  writeFileSync(join(publicDir, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
  writeFileSync(join(publicDir, 'notes.txt'), 'not an image');
  // Beside public/, not in it: the writer's own files, which no request may read.
  await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f00' } }).png().toFile(join(root, 'secret.png'));
  writeFileSync(join(root, 'outside.txt'), 'not an image, not in public/');
  symlinkSync(join(root, 'secret.png'), join(publicDir, 'images', 'linked-out.png'));
  symlinkSync(root, join(publicDir, 'linked-out-folder'));
  server = createServer((request, response) => {
    void handleImageRequest(request, response, { root, publicDir, basePath: '/docs' }).then((handled) => {
      if (!handled) response.writeHead(299).end('not mine');
    });
  });
  base = await listenOnLocalhost(server);
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the /_next/image query', () => {
  test.each([
    ['no url', 'w=640', '"url" parameter is required'],
    ['an absolute URL', 'url=https://example.com/a.png&w=640', '"url" parameter is invalid: only local images are served'],
    ['a protocol-relative URL', 'url=//example.com/a.png&w=640', '"url" parameter is invalid: only local images are served'],
    ['a relative path', 'url=images/a.png&w=640', '"url" parameter is invalid: only local images are served'],
    ['no width', 'url=/a.png', '"w" parameter (width) is required'],
    ['a width that is not a number', 'url=/a.png&w=wide', '"w" parameter (width) must be an integer greater than 0'],
    ['a width outside the seed list', 'url=/a.png&w=500', '"w" parameter (width) of 500 is not allowed'],
    ['a quality above 100', 'url=/a.png&w=640&q=101', '"q" parameter (quality) must be an integer between 1 and 100'],
    ['a quality that is not a number', 'url=/a.png&w=640&q=high', '"q" parameter (quality) must be an integer between 1 and 100'],
    ['two urls', 'url=/a.png&url=/b.png&w=640', '"url" parameter cannot be an array'],
  ])('rejects %s', (_what, query, error) => {
    expect(parseImageQuery(new URLSearchParams(query))).toEqual({ error });
  });

  test.each([16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840])('accepts the width %i', (width) => {
    expect(parseImageQuery(new URLSearchParams(`url=/a.png&w=${width}`))).toEqual({ path: '/a.png', width, quality: 75 });
  });

  test('takes a quality and strips the base path from the url', () => {
    expect(parseImageQuery(new URLSearchParams('url=/docs/images/a.png&w=640&q=50'), '/docs')).toEqual({ path: '/images/a.png', width: 640, quality: 50 });
  });
});

describe('the dev server image endpoint', () => {
  const get = (path: string, accept = 'image/avif,image/webp,*/*') => fetch(`${base}${path}`, { headers: { accept } });

  test('answers with a WebP at the asked width, quality 75 by default', async () => {
    const response = await get('/_next/image?url=%2Fimages%2Fwide.png&w=640');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 640, height: 320 });
  });

  test('never upscales: a width above the image comes back at its own width', async () => {
    const response = await get('/docs/_next/image?url=/images/wide.png&w=3840');
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(1000);
  });

  test('sends the source format to a browser without WebP', async () => {
    const response = await get('/_next/image?url=/images/wide.png&w=16', 'image/png');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(16);
  });

  test('passes an SVG through', async () => {
    const response = await get('/_next/image?url=/images/logo.svg&w=64');
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toContain('<svg');
  });

  test.each([
    ['a width not in the list', '/_next/image?url=/images/wide.png&w=700', 400],
    ['an external image', '/_next/image?url=https%3A%2F%2Fexample.com%2Fa.png&w=640', 400],
    ['a local file that is not an image', '/_next/image?url=/notes.txt&w=640', 400],
    ['a path out of the public folder', '/_next/image?url=/../../etc/passwd&w=640', 404],
    ['a missing image', '/_next/image?url=/images/absent.png&w=640', 404],
  ])('answers %s with %i', async (_what, path, status) => {
    expect((await get(path)).status).toBe(status);
  });

  test('leaves other paths to the caller', async () => {
    expect((await get('/images/wide.png')).status).toBe(299);
  });
});

describe('the image endpoint reads nothing outside public/', () => {
  const get = (path: string) => fetch(`${base}${path}`, { headers: { accept: 'image/webp,*/*' } });

  test.each([
    ['double-encoded dots', '/_next/image?url=/%252e%252e/secret.png&w=64'],
    ['double-encoded dots, twice', '/_next/image?url=/%252e%252e/%252e%252e/secret.png&w=64'],
    ['double-encoded dots below a folder', '/_next/image?url=/images/%252e%252e/%252e%252e/secret.png&w=64'],
    ['encoded dots', '/_next/image?url=/%2e%2e/secret.png&w=64'],
    ['triple-encoded dots', '/_next/image?url=/%25252e%25252e/secret.png&w=64'],
    ['double-encoded slashes', '/_next/image?url=/..%252f..%252fsecret.png&w=64'],
    ['a symbolic link to a file outside', '/_next/image?url=/images/linked-out.png&w=64'],
    ['a symbolic link to a folder outside', '/_next/image?url=/linked-out-folder/secret.png&w=64'],
  ])('%s: 404, as for a missing image', async (_what, path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  test('answers a file outside exactly as a missing one, so nothing can be learnt about the disk', async () => {
    const outside = await get('/_next/image?url=/%252e%252e/outside.txt&w=64');
    const missing = await get('/_next/image?url=/%252e%252e/absent.txt&w=64');
    expect(outside.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await outside.text()).toBe((await missing.text()).replace('absent', 'outside'));
  });

  test('decodes the url once, then resolves it: no dot segment survives to the file system', () => {
    expect(parseImageQuery(new URLSearchParams('url=/%252e%252e/%252e%252e/secret.png&w=64'))).toEqual({ path: '/secret.png', width: 64, quality: 75 });
    expect(parseImageQuery(new URLSearchParams('url=/images/..%252f..%252fsecret.png&w=64'))).toEqual({ path: '/secret.png', width: 64, quality: 75 });
  });
});
