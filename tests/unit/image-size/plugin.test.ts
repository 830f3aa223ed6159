import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import imageSize from '../../../plugins/image-size/index.ts';
import { DiagnosticError, type ContentPage, type ImageTable, type PluginContext } from '../../../src/index.ts';
import { tmp } from '../../helpers.ts';

const root = tmp();
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeAll(async () => {
  mkdirSync(join(root, 'public', 'images'), { recursive: true });
  await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#09c' } }).png().toFile(join(root, 'public', 'images', 'wide.png'));
  mkdirSync(join(root, 'content'), { recursive: true });
  await sharp({ create: { width: 20, height: 10, channels: 3, background: '#c90' } }).png().toFile(join(root, 'content', 'beside.png'));
});

/** Runs the plugin's contentLoaded on one page that shows `/images/wide.png`, in `mode`. */
async function tableIn(mode: PluginContext['mode']): Promise<ImageTable> {
  let table: ImageTable = {};
  const context = { root, publicDir: join(root, 'public'), cacheDir: join(root, '.docs-gen-cache'), mode, config: { basePath: '/docs' }, runInWorker: () => Promise.reject(new Error('no encoding expected')) } as unknown as PluginContext;
  const pages = [{ route: '/guide', sourcePath: 'content/guide.mdx', frontMatter: {}, references: [{ kind: 'image', url: '/images/wide.png', line: 3, column: 1 }] }];
  await imageSize().contentLoaded!({
    content: undefined,
    allContent: {},
    pages: pages as unknown as ContentPage[],
    actions: { setGlobalData: (data: unknown) => (table = data as ImageTable), setThemeData: () => {}, report: () => {}, addRoute: () => {}, setNavigation: () => {}, emitFile: () => {}, note: () => {} },
    context,
  });
  return table;
}

describe('the image-size table by mode', () => {
  test('in dev, variants are served by the /_next/image endpoint at the seed widths, quality 75', async () => {
    expect((await tableIn('dev'))['/images/wide.png']).toEqual({
      width: 1000,
      height: 500,
      type: 'png',
      mime: 'image/png',
      variants: {
        mime: 'image/webp',
        srcset: ['640', '750', '828', '1080'].map((w) => `/docs/_next/image?url=%2Fimages%2Fwide.png&w=${w}&q=75 ${w}w`).join(', '),
      },
    });
  });

  test('check only measures: no variants', async () => {
    expect((await tableIn('check'))['/images/wide.png']).toEqual({ width: 1000, height: 500, type: 'png', mime: 'image/png', variants: undefined });
  });
});

describe('an image named relative to its page, in dev', () => {
  test('stays served while contentLoaded runs again (a background refresh measuring)', async () => {
    const plugin = imageSize();
    const context = { root, publicDir: join(root, 'public'), cacheDir: join(root, '.docs-gen-cache'), mode: 'dev', config: { basePath: '' }, runInWorker: () => Promise.reject(new Error('no encoding expected')) } as unknown as PluginContext;
    const pages = [{ route: '/guide', sourcePath: 'content/guide.mdx', frontMatter: {}, references: [{ kind: 'image', url: './beside.png', line: 3, column: 1 }] }];
    const args = {
      content: undefined,
      allContent: {},
      pages: pages as unknown as ContentPage[],
      actions: { setGlobalData: () => {}, setThemeData: () => {}, report: () => {}, addRoute: () => {}, setNavigation: () => {}, emitFile: () => {}, note: () => {} },
      context,
    };
    await plugin.contentLoaded!(args);
    // The second run starts, and the request comes before it ends: the hook takes what it serves
    // at the moment it is called.
    const again = plugin.contentLoaded!(args);
    const request = { url: '/_docs-gen/files/content/beside.png', method: 'GET', headers: {} } as IncomingMessage;
    let status = 0;
    const response = { writeHead: (code: number) => ((status = code), response), end: () => response } as unknown as ServerResponse;
    const answered = await plugin.devRequest!({ request, response, url: new URL(request.url!, 'http://localhost'), refusedLink: () => {}, context });
    await again;
    expect(answered).toBe(true);
    expect(status).toBe(200);
  });
});

/** A PNG of `width`×`height` cut off inside its image data: its header gives its size (image-header.ts), its pixels cannot be decoded. */
async function cutPng(width: number, height: number): Promise<Buffer> {
  // Noise: a plain colour compresses to a few bytes of image data, and the cut would leave it whole.
  const whole = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
  const imageData = whole.indexOf('IDAT');
  expect(imageData).toBeGreaterThan(0);
  return whole.subarray(0, imageData + 40);
}

/**
 * Runs the plugin's build hooks on one page that shows `/images/<name>.png` for each of `names` (in
 * that order, a line each from line 3), with a worker pool that takes no task: `contentLoaded`'s
 * reports, and what `postBuild` threw.
 */
async function buildHooksOn(site: string, names: string[]): Promise<{ reported: unknown[]; failure: DiagnosticError | undefined }> {
  const context = { root: site, publicDir: join(site, 'public'), cacheDir: join(site, '.docs-gen-cache'), mode: 'build', persistentCache: true, config: { basePath: '' }, runInWorker: () => Promise.reject(new Error('no task expected')) } as unknown as PluginContext;
  const reported: unknown[] = [];
  const plugin = imageSize();
  const references = names.map((name, i) => ({ kind: 'image', url: `/images/${name}.png`, line: i + 3, column: 1 }));
  await plugin.contentLoaded!({
    content: undefined,
    allContent: {},
    pages: [{ route: '/guide', sourcePath: 'content/guide.md', frontMatter: {}, references }] as unknown as ContentPage[],
    actions: { setGlobalData: () => {}, setThemeData: () => {}, report: (diagnostic: unknown) => reported.push(diagnostic), addRoute: () => {}, setNavigation: () => {}, emitFile: () => {}, note: () => {} },
    context,
  });
  const failure = await Promise.resolve(plugin.postBuild!({ outDir: join(site, 'out'), context } as unknown as Parameters<NonNullable<typeof plugin.postBuild>>[0])).then(
    () => undefined,
    (error: unknown) => error as DiagnosticError,
  );
  return { reported, failure };
}

describe('a build encodes the variants on its own thread', () => {
  test("reports each image it cannot convert, in the images' order, and still writes the variants of the others", async () => {
    const site = tmp();
    mkdirSync(join(site, 'public', 'images'), { recursive: true });
    await sharp({ create: { width: 700, height: 300, channels: 3, background: '#3a6' } }).png().toFile(join(site, 'public', 'images', 'c-whole.png'));
    writeFileSync(join(site, 'public', 'images', 'a-cut.png'), await cutPng(800, 400));
    writeFileSync(join(site, 'public', 'images', 'b-cut.png'), await cutPng(900, 450));
    // Not the worker pool (`buildHooksOn` gives one that takes no task): a build's encodes are asked for where the plugin runs.
    const { reported, failure } = await buildHooksOn(site, ['c-whole', 'b-cut', 'a-cut']);
    expect(reported).toEqual([]);
    expect(failure).toBeInstanceOf(DiagnosticError);
    expect(failure!.diagnostics.map((d) => [d.code, d.target, d.line])).toEqual([
      ['image-unreadable', '/images/a-cut.png', 5],
      ['image-unreadable', '/images/b-cut.png', 4],
    ]);
    expect(failure!.diagnostics.every((d) => d.message.startsWith(`Image ${d.target} could not be converted: `))).toBe(true);
    // The whole image's variants are in the cache: one WebP per width up to its own (640 and its 700).
    expect(readdirSync(join(site, '.docs-gen-cache', 'image-size', 'variants')).filter((name) => name.endsWith('.webp')).length).toBe(2);
  });
});

describe('a build whose variants cannot be written', () => {
  test('reports every image it had to encode, and the hook neither hangs nor leaves a rejection unhandled', async () => {
    const site = tmp();
    mkdirSync(join(site, 'public', 'images'), { recursive: true });
    await sharp({ create: { width: 700, height: 300, channels: 3, background: '#3a6' } }).png().toFile(join(site, 'public', 'images', 'one.png'));
    await sharp({ create: { width: 650, height: 300, channels: 3, background: '#63a' } }).png().toFile(join(site, 'public', 'images', 'two.png'));
    const cacheDir = join(site, '.docs-gen-cache');
    // A file where the variants' folder goes: it cannot be made.
    mkdirSync(join(cacheDir, 'image-size'), { recursive: true });
    writeFileSync(join(cacheDir, 'image-size', 'variants'), 'not a folder');
    const { failure } = await buildHooksOn(site, ['two', 'one']);
    expect(failure).toBeInstanceOf(DiagnosticError);
    expect(failure!.diagnostics.map((d) => d.target)).toEqual(['/images/one.png', '/images/two.png']);
    expect(failure!.diagnostics.every((d) => d.code === 'image-unreadable' && d.message.startsWith(`Image ${d.target} could not be converted: `))).toBe(true);
  });
});
