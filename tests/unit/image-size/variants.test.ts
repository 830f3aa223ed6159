import { describe, expect, test } from 'vitest';
import { endpointWidths, hasVariants, IMAGE_WIDTHS, mimeOf, variantUrlPath, variantWidths } from '../../../plugins/image-size/variants.ts';

describe('variant widths', () => {
  test.each([
    ['a 64-pixel icon gets only its own width', 64, [64]],
    ['a 640-pixel image gets only its own width', 640, [640]],
    ['a 1000-pixel image gets the seed widths below it, then its own', 1000, [640, 750, 828, 1000]],
    ['a 1200-pixel image stops at 1200', 1200, [640, 750, 828, 1080, 1200]],
    ['a 5000-pixel image gets every seed width and its own', 5000, [...IMAGE_WIDTHS, 5000]],
  ])('%s', (_what, width, expected) => {
    expect(variantWidths(width)).toEqual(expected);
  });

  test('no variant is ever wider than its image', () => {
    for (const width of [1, 300, 641, 1919, 3840, 4000]) expect(Math.max(...variantWidths(width))).toBe(width);
  });

  test.each([
    ['a small image asks the endpoint for 640 only', 300, [640]],
    ['a 1000-pixel image asks up to the first width that covers it', 1000, [640, 750, 828, 1080]],
    ['a huge image asks for every seed width', 9000, [...IMAGE_WIDTHS]],
  ])('%s', (_what, width, expected) => {
    expect(endpointWidths(width)).toEqual(expected);
  });
});

describe('which images get variants', () => {
  test.each([
    ['png', true],
    ['jpeg', true],
    ['webp', true],
    ['avif', true],
    ['svg', false],
    ['gif', false],
  ])('%s → %s', (type, expected) => {
    expect(hasVariants(type)).toBe(expected);
  });

  test('MIME types follow the format', () => {
    expect([mimeOf('svg'), mimeOf('jpeg'), mimeOf('png')]).toEqual(['image/svg+xml', 'image/jpeg', 'image/png']);
  });
});

describe('variant URLs', () => {
  test('keep the readable name, a short content hash and the width', () => {
    expect(variantUrlPath('/images/My Diagram.v2.png', 'abcdef0123456789', 640)).toBe('/_docs-gen/img/My-Diagram-v2-abcdef0123-640.webp');
  });
});
