import { renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RACY_MARGIN_MS } from '../../../src/util/racy-margin.ts';
import { MeasureCache, measureImage, svgSize } from '../../../plugins/image-size/measure.ts';
import { tmp } from '../../helpers.ts';

const dir = tmp();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  await sharp({ create: { width: 300, height: 200, channels: 3, background: '#09c' } }).png().toFile(join(dir, 'a.png'));
  await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c90' } }).jpeg().toFile(join(dir, 'b.jpg'));
  // EXIF orientation 6: stored 120×80, shown turned a quarter, 80×120.
  await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c90' } }).jpeg().withMetadata({ orientation: 6 }).toFile(join(dir, 'turned.jpg'));
  writeFileSync(join(dir, 'c.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="24"><rect width="48" height="24"/></svg>');
  writeFileSync(join(dir, 'not-an-image.png'), 'hello');
});

/** A clock a minute ahead: every file this test just wrote is older than the racy margin at its stat. */
const settled = () => Date.now() + 60_000;

describe('the image-size table', () => {
  test.each([
    ['a PNG', 'a.png', { width: 300, height: 200, type: 'png', mime: 'image/png' }],
    ['a JPEG', 'b.jpg', { width: 120, height: 80, type: 'jpeg', mime: 'image/jpeg' }],
    ['a JPEG turned by its EXIF orientation', 'turned.jpg', { width: 80, height: 120, type: 'jpeg' }],
    ['an SVG', 'c.svg', { width: 48, height: 24, type: 'svg', mime: 'image/svg+xml' }],
  ])('reads width, height, type and MIME type of %s', async (_what, name, expected) => {
    expect(await measureImage(join(dir, name))).toMatchObject(expected);
  });

  test('a missing file is ENOENT, so the plugin can say it must be added', async () => {
    await expect(measureImage(join(dir, 'absent.png'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('a file that is not an image is an error', async () => {
    await expect(measureImage(join(dir, 'not-an-image.png'))).rejects.toThrow();
  });

  test('an unchanged file comes from the cache; a changed one is read again', async () => {
    const cacheFile = join(dir, 'cache.json');
    const file = join(dir, 'a.png');
    const first = await MeasureCache.load(cacheFile, settled);
    const measured = await measureImage(file, first);
    await first.save();
    const second = await MeasureCache.load(cacheFile, settled);
    const stats = statSync(file);
    expect(second.get(file, stats)).toEqual(measured);
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(second.get(file, statSync(file))).toBeUndefined();
  });

  test('an image copied over with the same size and modification time (cp -p, rsync -t, tar x) is measured again', async () => {
    const file = join(dir, 'replaced.png');
    const other = join(dir, 'replaced-by.png');
    // Two PNGs of different sizes in pixels, padded to one byte count.
    const square = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#09c' } }).png().toBuffer();
    const tall = await sharp({ create: { width: 36, height: 41, channels: 3, background: '#c30' } }).png().toBuffer();
    const bytes = Math.max(square.length, tall.length) + 16;
    const padded = (png: Buffer) => Buffer.concat([png, Buffer.alloc(bytes - png.length)]);
    const then = new Date(Date.now() - 60_000);
    writeFileSync(file, padded(square));
    utimesSync(file, then, then);
    const cache = MeasureCache.inMemory(settled);
    expect(await measureImage(file, cache)).toMatchObject({ width: 40, height: 40 });
    expect(cache.get(file, statSync(file))).toMatchObject({ width: 40, height: 40 });
    // Rewritten in place, then its times set back: only the change time tells. (Set until the
    // change time moves: two writes within one tick of the kernel's coarse clock share it, the
    // very case the racy rule keeps out of a cache on the real clock.)
    const measuredAt = statSync(file).ctimeMs;
    writeFileSync(file, padded(tall));
    do utimesSync(file, then, then);
    while (statSync(file).ctimeMs === measuredAt);
    expect(statSync(file).size).toBe(bytes);
    expect(await measureImage(file, cache)).toMatchObject({ width: 36, height: 41 });
    // Replaced by another file (a new inode) whose times were kept.
    writeFileSync(other, padded(square));
    utimesSync(other, then, then);
    renameSync(other, file);
    expect(await measureImage(file, cache)).toMatchObject({ width: 40, height: 40 });
  });

  test('a file changed within the racy margin of its stat is not recorded: a second write in the same clock tick could leave its stat as it was', async () => {
    const file = join(dir, 'b.jpg');
    const stats = statSync(file);
    const changedAt = Math.max(stats.ctimeMs, stats.mtimeMs);
    const measured = await measureImage(file);
    const tooSoon = MeasureCache.inMemory(() => changedAt + RACY_MARGIN_MS - 1);
    expect(await measureImage(file, tooSoon)).toEqual(measured);
    expect(tooSoon.get(file, stats)).toBeUndefined();
    const afterTheMargin = MeasureCache.inMemory(() => changedAt + RACY_MARGIN_MS + 1);
    expect(await measureImage(file, afterTheMargin)).toEqual(measured);
    expect(afterTheMargin.get(file, stats)).toEqual(measured);
  });
});

describe('the size of an SVG, as a browser lays it out', () => {
  test.each([
    ['width and height', '<svg width="48" height="24">', { width: 48, height: 24 }],
    ['lengths with units', '<svg width="36pt" height="1in">', { width: 48, height: 96 }],
    ['a viewBox alone', '<svg viewBox="0 0 200 100">', { width: 300, height: 150 }],
    ['a width and a viewBox', '<svg width="100" viewBox="0 0 200 50">', { width: 100, height: 25 }],
    ['percentages and a viewBox', '<svg width="100%" height="100%" viewBox="0,0,40,80">', { width: 300, height: 600 }],
    ['nothing at all: the default object size', '<svg xmlns="http://www.w3.org/2000/svg"/>', { width: 300, height: 150 }],
    ['a stroke-width is not a width', '<svg stroke-width="4" viewBox="0 0 10 10">', { width: 300, height: 300 }],
  ])('%s', (_what, text, expected) => {
    expect(svgSize(`<?xml version="1.0"?>\n${text}</svg>`)).toEqual(expected);
  });
});
