import { createServer, type Server } from 'node:http';
import { mkdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { handleImageRequest } from '../../../plugins/image-size/image-endpoint.ts';
import { MeasureCache } from '../../../plugins/image-size/measure.ts';
import { tmp } from '../../helpers.ts';
import { listenOnLocalhost } from '../../listen-on-localhost.ts';

// Every file read goes through this spy, so the test can count reads of the source image.
vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs/promises')>();
  return { ...original, readFile: vi.fn(original.readFile) };
});

const root = tmp();
const publicDir = join(root, 'public');
const source = join(publicDir, 'images', 'photo.png');
// A clock a minute ahead: the image this test just wrote counts as settled (the racy rule, measure.ts).
const measureCache = MeasureCache.inMemory(() => Date.now() + 60_000);
let server: Server;
let base: string;

beforeAll(async () => {
  mkdirSync(join(publicDir, 'images'), { recursive: true });
  await sharp({ create: { width: 800, height: 400, channels: 3, background: '#c90' } }).png().toFile(source);
  server = createServer((request, response) => {
    void handleImageRequest(request, response, { root, publicDir, measureCache });
  });
  base = await listenOnLocalhost(server);
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

const sourceReads = () => vi.mocked(readFile).mock.calls.filter(([path]) => path === source).length;
const getVariant = async () => {
  const response = await fetch(`${base}/_next/image?url=/images/photo.png&w=640`, { headers: { accept: 'image/webp' } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

describe('the dev image endpoint with a measure cache', () => {
  test('serves a cached variant without reading its source again', async () => {
    const first = await getVariant();
    // Read once to measure and hash it; encoding the variant reads it through sharp, not here.
    expect(sourceReads()).toBe(1);
    for (let i = 0; i < 25; i++) expect((await getVariant()).equals(first)).toBe(true);
    expect(sourceReads()).toBe(1);
  });

  test('reads the source again once it changes', async () => {
    await sharp({ create: { width: 900, height: 300, channels: 3, background: '#09c' } }).png().toFile(source);
    const readsBefore = sourceReads();
    const changed = await getVariant();
    expect(sourceReads()).toBe(readsBefore + 1);
    expect(await sharp(changed).metadata()).toMatchObject({ width: 640, height: 213 });
  });
});
