import { rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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
    const first = await MeasureCache.load(cacheFile);
    const measured = await measureImage(join(dir, 'a.png'), first);
    await first.save();
    const second = await MeasureCache.load(cacheFile);
    const file = join(dir, 'a.png');
    const { size, mtimeMs } = statSync(file);
    expect(second.get(file, size, mtimeMs)).toEqual(measured);
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const later = statSync(file).mtimeMs;
    expect(second.get(file, size, later)).toBeUndefined();
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
