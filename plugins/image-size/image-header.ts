/**
 * The width and height of a PNG, a JPEG or a WebP, read from the bytes that state them, as sharp
 * would report them: dev's first answer measures every image its pages name, and loading sharp
 * for that was a tenth of a second of its start (sharp and the modules it loads), for images
 * whose size sits in their first few dozen bytes.
 *
 * Only where the answer cannot differ from sharp's: a file that may carry an EXIF orientation
 * (a JPEG's APP1 Exif segment, a PNG's `eXIf` chunk, a WebP with the EXIF flag), an animation,
 * more pixels than sharp opens, or anything a decoder would refuse gives undefined, and sharp
 * measures it.
 */

/** What the header states: the stored width and height and sharp's name of the format. */
export interface HeaderSize {
  width: number;
  height: number;
  type: 'png' | 'jpeg' | 'webp';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The size the header of `bytes` states, when it is a PNG, a JPEG or a WebP read without doubt; else undefined. */
export function readImageHeader(bytes: Uint8Array): HeaderSize | undefined {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(PNG_SIGNATURE)) return pngSize(buffer);
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return jpegSize(buffer);
  if (buffer.length >= 12 && buffer.toString('latin1', 0, 4) === 'RIFF' && buffer.toString('latin1', 8, 12) === 'WEBP') return webpSize(buffer);
  return undefined;
}

/** A dimension the formats allow and libvips opens (it refuses more than 10 000 000 a side). */
const isDimension = (value: number) => Number.isInteger(value) && value > 0 && value <= 10_000_000;

/** sharp refuses to open an image of more pixels than this, its `limitInputPixels` default (0x3FFF squared), even to read its size. */
const SHARP_PIXEL_LIMIT = 0x3fff * 0x3fff;

const sized = (width: number, height: number, type: HeaderSize['type']): HeaderSize | undefined =>
  isDimension(width) && isDimension(height) && width * height <= SHARP_PIXEL_LIMIT ? { width, height, type } : undefined;

/** CRC-32 (ISO 3309, as PNG checks its chunks), by byte (Node 20's zlib has none). */
const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

/** The checksum PNG gives each chunk, of its type and data. */
export function crc32(bytes: Uint8Array): number {
  let c = -1;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** The bit depths PNG allows for each colour type (greyscale, RGB, palette, grey with alpha, RGBA). */
const PNG_DEPTHS: Record<number, readonly number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** The critical chunks (first letter upper case) a PNG may hold before its image data: any other makes a decoder stop. */
const PNG_CRITICAL_BEFORE_DATA = new Set(['PLTE']);

/**
 * A PNG's IHDR, checked by its checksum and its fields (a depth its colour type allows, the one
 * compression and filter method, no or Adam7 interlacing), when every chunk before the image
 * data is whole, none is an unknown critical chunk, a palette image has its palette, and none is
 * `eXIf` (an orientation sharp would report) or `acTL` (an animation).
 */
function pngSize(buffer: Buffer): HeaderSize | undefined {
  if (buffer.length < 33 || buffer.readUInt32BE(8) !== 13 || buffer.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  if (crc32(buffer.subarray(12, 29)) !== buffer.readUInt32BE(29)) return undefined;
  const width = buffer.readUInt32BE(16);
  const height = buffer.readUInt32BE(20);
  const [depth, colourType, compression, filter, interlace] = [buffer[24]!, buffer[25]!, buffer[26]!, buffer[27]!, buffer[28]!];
  if (!PNG_DEPTHS[colourType]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return undefined;
  let palette = false;
  for (let at = 33; ; ) {
    if (at + 8 > buffer.length) return undefined;
    const length = buffer.readUInt32BE(at);
    const type = buffer.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') return colourType === 3 && !palette ? undefined : sized(width, height, 'png');
    // An orientation, an animation, a critical chunk a decoder does not know, or a chunk that runs past the end: sharp's answer.
    if (type === 'eXIf' || type === 'acTL' || at + 12 + length > buffer.length) return undefined;
    if (/^[A-Z]/.test(type) && !PNG_CRITICAL_BEFORE_DATA.has(type)) return undefined;
    if (type === 'PLTE') palette = true;
    at += 12 + length;
  }
}

/** The start-of-frame markers: SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Baseline, extended and progressive frames (SOF0–SOF2), which every libjpeg decodes; the rarer kinds (lossless, arithmetic, hierarchical) are sharp's to accept or refuse. */
const isCommonFrame = (marker: number) => marker >= 0xc0 && marker <= 0xc2;

/** libjpeg's (and libvips') largest side: a frame header stating more is refused. */
const JPEG_MAX_SIDE = 65_500;

/**
 * Whether the frame header at `at` (its segment `length` bytes) is one libjpeg reads: 8- or
 * 12-bit samples, sides no longer than it allows, 1, 3 or 4 components each sampled 1 to 4
 * times a side, and a length that is exactly that.
 */
function isWholeFrameHeader(buffer: Buffer, at: number, length: number): boolean {
  const precision = buffer[at + 4]!;
  const components = buffer[at + 9]!;
  if ((precision !== 8 && precision !== 12) || ![1, 3, 4].includes(components) || length !== 8 + 3 * components) return false;
  if (buffer.readUInt16BE(at + 5) > JPEG_MAX_SIDE || buffer.readUInt16BE(at + 7) > JPEG_MAX_SIDE) return false;
  for (let c = 0; c < components; c++) {
    const sampling = buffer[at + 11 + 3 * c]!;
    const [horizontal, vertical] = [sampling >> 4, sampling & 0x0f];
    if (horizontal < 1 || horizontal > 4 || vertical < 1 || vertical > 4) return false;
  }
  return true;
}

/**
 * A JPEG's frame size, from its start-of-frame segment, when every segment up to the start of the
 * scan is whole (what libjpeg reads for the header) and none is an APP1 Exif segment (an
 * orientation turns the shown image a quarter: sharp reads it). A height of 0 (set later by a DNL
 * marker) is left to sharp.
 */
function jpegSize(buffer: Buffer): HeaderSize | undefined {
  let frame: HeaderSize | undefined;
  let at = 2;
  while (at + 4 <= buffer.length) {
    if (buffer[at] !== 0xff) return undefined;
    const marker = buffer[at + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at++;
      continue;
    }
    // A marker without a length where a segment should be (restart markers, start or end of image): not a header read without doubt.
    if (marker === 0x00 || marker === 0x01 || marker === 0xd8 || marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7)) return undefined;
    const length = buffer.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > buffer.length) return undefined;
    if (marker === 0xe1 && buffer.toString('latin1', at + 4, at + 10) === 'Exif\0\0') return undefined;
    if (isStartOfFrame(marker)) {
      // A second frame header is not a baseline file's.
      if (frame || !isCommonFrame(marker) || !isWholeFrameHeader(buffer, at, length)) return undefined;
      frame = sized(buffer.readUInt16BE(at + 7), buffer.readUInt16BE(at + 5), 'jpeg');
      if (!frame) return undefined;
    }
    // The scan starts: the header is read, with a frame before it or not at all.
    if (marker === 0xda) return frame;
    at += 2 + length;
  }
  return undefined;
}

/** The size a WebP's image chunk (`VP8 ` or `VP8L`) at `at` states, when it is whole and one libwebp decodes. */
function webpFrameSize(buffer: Buffer, at: number): { width: number; height: number } | undefined {
  if (at + 8 > buffer.length) return undefined;
  const chunk = buffer.toString('latin1', at, at + 4);
  const size = buffer.readUInt32LE(at + 4);
  const data = at + 8;
  if (data + size > buffer.length) return undefined;
  if (chunk === 'VP8 ') {
    if (size < 10) return undefined;
    const tag = buffer[data]!;
    // A key frame (bit 0 clear), a profile libwebp knows (0–3), shown (bit 4), then the start code and 14-bit sides (their top two bits are scaling, which a decoder applies afterwards).
    if ((tag & 1) !== 0 || ((tag >> 1) & 7) > 3 || ((tag >> 4) & 1) !== 1) return undefined;
    if (buffer[data + 3] !== 0x9d || buffer[data + 4] !== 0x01 || buffer[data + 5] !== 0x2a) return undefined;
    return { width: buffer.readUInt16LE(data + 6) & 0x3fff, height: buffer.readUInt16LE(data + 8) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (size < 5 || buffer[data] !== 0x2f) return undefined;
    const bits = buffer.readUInt32LE(data + 1);
    // The top three bits are the format's version: 0 is the only one.
    if (bits >>> 29 !== 0) return undefined;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return undefined;
}

/**
 * A WebP's size: a still lossy (`VP8 `) or lossless (`VP8L`) image, or an extended one (`VP8X`)
 * with neither EXIF nor animation flagged whose image chunk, found past the others (ICC profile,
 * alpha), states the canvas's size; the whole file as long as its RIFF header says.
 */
function webpSize(buffer: Buffer): HeaderSize | undefined {
  if (buffer.length < 20 || buffer.readUInt32LE(4) + 8 > buffer.length) return undefined;
  if (buffer.toString('latin1', 12, 16) !== 'VP8X') {
    const frame = webpFrameSize(buffer, 12);
    return frame && sized(frame.width, frame.height, 'webp');
  }
  if (buffer.readUInt32LE(16) !== 10 || buffer.length < 30) return undefined;
  const flags = buffer[20]!;
  // EXIF (0x08) may hold an orientation; animation (0x02) is sharp's to measure.
  if (flags & 0x0a) return undefined;
  const width = buffer.readUIntLE(24, 3) + 1;
  const height = buffer.readUIntLE(27, 3) + 1;
  // Chunks are padded to an even size.
  for (let at = 30; at + 8 <= buffer.length; at += 8 + buffer.readUInt32LE(at + 4) + (buffer.readUInt32LE(at + 4) & 1)) {
    const chunk = buffer.toString('latin1', at, at + 4);
    if (chunk !== 'VP8 ' && chunk !== 'VP8L') continue;
    const frame = webpFrameSize(buffer, at);
    return frame && frame.width === width && frame.height === height ? sized(width, height, 'webp') : undefined;
  }
  return undefined;
}
