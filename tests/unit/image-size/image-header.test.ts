import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { crc32, readImageHeader } from '../../../plugins/image-size/image-header.ts';
import { repoRoot } from '../../helpers.ts';

const flat = (width: number, height: number, channels: 3 | 4 = 3) => sharp({ create: { width, height, channels, background: channels === 4 ? { r: 0, g: 90, b: 200, alpha: 0.5 } : '#09c' } });

/** What sharp itself reads from the bytes: the answer the header must give whenever it gives one. */
async function sharpSays(bytes: Buffer) {
  const { width, height, format, orientation } = await sharp(bytes).metadata();
  return { width, height, type: format, orientation };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const framed = Buffer.alloc(body.length + 8);
  framed.writeUInt32BE(data.length, 0);
  body.copy(framed, 4);
  // The reader's own checksum: the PNGs sharp makes, answered above, hold it to libpng's.
  framed.writeUInt32BE(crc32(body), body.length + 4);
  return framed;
}

/** A PNG of a header and a token of image data: sharp reads the size without the pixels. */
function pngOf({ width = 10, height = 10, depth = 8, colourType = 2, before = [] as Buffer[] }): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, depth, colourType, 0, 0, 0]);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), ...before, pngChunk('IDAT', deflateSync(Buffer.alloc(16))), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A baseline JPEG with its frame header changed by `change` (given the bytes and where the header's marker is). */
async function jpegWith(change: (bytes: Buffer, at: number) => void): Promise<Buffer> {
  const bytes = Buffer.from(await flat(120, 80).jpeg().toBuffer());
  change(bytes, bytes.indexOf(Buffer.from([0xff, 0xc0])));
  return bytes;
}

/** Files whose header looks whole at a glance but that a decoder refuses. */
const damaged: [string, () => Promise<Buffer>][] = [
  ['a PNG of a depth its colour type does not allow', async () => pngOf({ depth: 4, colourType: 2 })],
  ['a palette PNG without its palette', async () => pngOf({ colourType: 3 })],
  ['a PNG with an unknown critical chunk', async () => pngOf({ before: [pngChunk('XXXX', Buffer.alloc(4))] })],
  ['a JPEG of 3-bit samples', () => jpegWith((bytes, at) => void (bytes[at + 4] = 3))],
  ['a JPEG sampled 0 times a side', () => jpegWith((bytes, at) => void (bytes[at + 11] = 0x00))],
  ['a JPEG wider than libjpeg allows', () => jpegWith((bytes, at) => bytes.writeUInt16BE(65_535, at + 7))],
  ['a JPEG whose frame header is shorter than its components', () => jpegWith((bytes, at) => bytes.writeUInt16BE(bytes.readUInt16BE(at + 2) - 3, at + 2))],
  ['a WebP cut short', async () => (await flat(333, 222).webp().toBuffer()).subarray(0, 40)],
  [
    'a lossless WebP of a version that does not exist',
    async () => {
      const bytes = Buffer.from(await flat(33, 22).webp({ lossless: true }).toBuffer());
      bytes[24]! |= 0xe0;
      return bytes;
    },
  ],
  [
    'an extended WebP whose canvas is not its image',
    async () => {
      const bytes = Buffer.from(await flat(77, 55, 4).webp().toBuffer());
      bytes.writeUIntLE(99, 24, 3);
      return bytes;
    },
  ],
];

const made: [string, () => Promise<Buffer>][] = [
  ['a PNG', () => flat(300, 200).png().toBuffer()],
  ['a PNG with alpha, one pixel', () => flat(1, 1, 4).png().toBuffer()],
  ['a tall PNG', () => flat(3, 4100).png().toBuffer()],
  ['an interlaced PNG', () => flat(257, 31).png({ progressive: true }).toBuffer()],
  ['a 16-bit PNG', () => flat(40, 30).toColourspace('rgb16').png().toBuffer()],
  ['a palette PNG', () => flat(40, 30).png({ palette: true }).toBuffer()],
  ['a baseline JPEG', () => flat(120, 80).jpeg().toBuffer()],
  ['a progressive JPEG', () => flat(641, 479).jpeg({ progressive: true }).toBuffer()],
  ['a lossy WebP', () => flat(333, 222).webp().toBuffer()],
  ['a lossless WebP', () => flat(333, 222).webp({ lossless: true }).toBuffer()],
  ['a WebP with alpha (extended)', () => flat(77, 55, 4).webp().toBuffer()],
];

describe('the size in an image header', () => {
  test.each(made)('of %s is what sharp reads', async (_what, make) => {
    const bytes = await make();
    const header = readImageHeader(bytes);
    expect(header).toBeDefined();
    const { orientation, ...expected } = await sharpSays(bytes);
    expect(orientation ?? 1).toBe(1);
    expect(header).toEqual(expected);
  });

  test.each([
    ['a JPEG', () => flat(120, 80).jpeg().withMetadata({ orientation: 6 }).toBuffer()],
    ['a PNG', () => flat(120, 80).png().withMetadata({ orientation: 6 }).toBuffer()],
    ['a WebP', () => flat(120, 80).webp().withMetadata({ orientation: 6 }).toBuffer()],
  ])('of %s that may be turned by an EXIF orientation is left to sharp', async (_what, make) => {
    const bytes = await make();
    expect((await sharp(bytes).metadata()).orientation).toBe(6);
    expect(readImageHeader(bytes)).toBeUndefined();
  });

  test('of every raster image in the repository, when it gives one, is what sharp reads', async () => {
    const images = ['public', 'content', join('tests', 'fixtures')]
      .flatMap((folder) => readdirSync(join(repoRoot, folder), { recursive: true, encoding: 'utf8' }).map((path) => join(folder, path)))
      .filter((path) => /\.(png|jpe?g|webp)$/i.test(path) && !/(^|[\\/])\.docs-gen-cache[\\/]/.test(path));
    let answered = 0;
    for (const path of images) {
      const bytes = readFileSync(join(repoRoot, path));
      const header = readImageHeader(bytes);
      const said = await sharpSays(bytes).catch(() => undefined);
      if (!header) continue;
      answered++;
      expect(said, path).toBeDefined();
      const { orientation, ...expected } = said!;
      expect(orientation ?? 1, path).toBe(1);
      expect(header, path).toEqual(expected);
    }
    // The fixtures hold PNGs and JPEGs without orientations: most are answered from their headers.
    expect(answered).toBeGreaterThan(images.length / 2);
  });

  test('of a damaged or partial file is left to sharp', async () => {
    const png = await flat(300, 200).png().toBuffer();
    const badChecksum = Buffer.from(png);
    badChecksum[29] ^= 0xff;
    expect(readImageHeader(badChecksum)).toBeUndefined();
    // Cut before the image data: sharp's to judge.
    expect(readImageHeader(png.subarray(0, 40))).toBeUndefined();
    const jpeg = await flat(120, 80).jpeg().toBuffer();
    const scanAt = jpeg.indexOf(Buffer.from([0xff, 0xda]));
    expect(readImageHeader(jpeg.subarray(0, scanAt))).toBeUndefined();
    expect(readImageHeader(Buffer.from('this is not a PNG\n'))).toBeUndefined();
    expect(readImageHeader(new Uint8Array(0))).toBeUndefined();
  });

  test('of an animated WebP is left to sharp', async () => {
    const webp = await flat(77, 55, 4).webp().toBuffer();
    expect(webp.toString('latin1', 12, 16)).toBe('VP8X');
    const animated = Buffer.from(webp);
    animated[20] |= 0x02;
    expect(readImageHeader(animated)).toBeUndefined();
  });

  test('of a PNG sharp refuses for its pixel count is left to sharp, one just below it is answered', async () => {
    const tooMany = pngOf({ width: 16384, height: 16384 });
    await expect(sharp(tooMany).metadata()).rejects.toThrow(/pixel limit/);
    expect(readImageHeader(tooMany)).toBeUndefined();
    const most = pngOf({ width: 16383, height: 16383 });
    const { orientation: _orientation, ...said } = await sharpSays(most);
    expect(readImageHeader(most)).toEqual(said);
  });

  test.each(damaged)('of %s, which sharp refuses, is left to sharp', async (_what, make) => {
    const bytes = await make();
    await expect(sharp(bytes).metadata()).rejects.toThrow();
    expect(readImageHeader(bytes)).toBeUndefined();
  });

  test('a byte array that is not a Buffer is read the same', async () => {
    const png = await flat(5, 7).png().toBuffer();
    expect(readImageHeader(new Uint8Array(png))).toEqual({ width: 5, height: 7, type: 'png' });
  });
});
