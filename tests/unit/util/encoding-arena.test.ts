import { describe, expect, test } from 'vitest';
import { EncodingArena } from '../../../src/util/encoding-arena.ts';

// Texts of every UTF-8 length: one byte, two (é), three (€, and a lone surrogate as U+FFFD), four (a pair).
const texts = ['plain ASCII', 'café', '€ 5', 'lone \uD800 surrogate', 'pair 😀 here', '', 'x'.repeat(300)];

describe('EncodingArena', () => {
  test('gives each text the bytes Buffer.from spells, slab after slab', () => {
    // A slab of 64 bytes: most of these texts take one of their own, some share one.
    const arena = new EncodingArena(64);
    const made = Array.from({ length: 40 }, (_, i) => texts[i % texts.length]!);
    const bytes = made.map((text) => arena.encode(text));
    made.forEach((text, i) => expect(Buffer.from(bytes[i]!).equals(Buffer.from(text))).toBe(true));
  });

  test('writes no text over another: each view keeps its bytes after the texts that follow it', () => {
    const arena = new EncodingArena(256);
    const first = arena.encode('first text');
    const rest = Array.from({ length: 50 }, (_, i) => arena.encode(`later ${i} é😀`));
    expect(first.toString()).toBe('first text');
    rest.forEach((bytes, i) => expect(bytes.toString()).toBe(`later ${i} é😀`));
    // Views of one slab, side by side: the second starts where the first ends.
    expect(rest[1]!.buffer).toBe(rest[0]!.buffer);
    expect(rest[1]!.byteOffset).toBe(rest[0]!.byteOffset + rest[0]!.length);
  });

  test('keeps room for three bytes a code unit: a text of those near a slab\'s end is not cut short', () => {
    const arena = new EncodingArena(64);
    // 50 of 64 bytes used; five euro signs need 15 bytes, which the slab no longer has.
    for (let i = 0; i < 10; i++) arena.encode('xxxxx');
    expect(arena.encode('€€€€€').toString()).toBe('€€€€€');
  });

  test('encodes a text that could need more than a quarter of a slab alone', () => {
    const arena = new EncodingArena(64);
    const small = arena.encode('small');
    // 6 code units may need 18 bytes: more than 16, a quarter of 64.
    const large = arena.encode('sixsix');
    expect(large.toString()).toBe('sixsix');
    // It took no room in the slab: the next small text comes right after the first.
    const next = arena.encode('next');
    expect(next.buffer).toBe(small.buffer);
    expect(next.byteOffset).toBe(small.byteOffset + small.length);
  });

  test('composes texts and bytes into one view: the bytes of the texts encoded and the bytes copied, in order, in a slab or alone', () => {
    const arena = new EncodingArena(256);
    const bytes = Buffer.from('copied é😀 bytes');
    const chunks = ['"', bytes, '" € ', new Uint8Array(0), '', bytes.subarray(0, 6), 'end'];
    const expected = Buffer.concat(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)));
    const before = arena.encode('before');
    const composed = arena.compose(chunks);
    expect(composed.equals(expected)).toBe(true);
    // In the slab, right after the text before it, and the text after it comes right after it.
    expect(composed.buffer).toBe(before.buffer);
    expect(composed.byteOffset).toBe(before.byteOffset + before.length);
    const after = arena.encode('after');
    expect(after.byteOffset).toBe(composed.byteOffset + composed.length);
    expect(before.toString() + after.toString()).toBe('beforeafter');
    // Past a quarter of a slab (64 bytes here): alone, and exactly its bytes.
    const large = arena.compose([bytes, 'x'.repeat(40), bytes]);
    expect(large.equals(Buffer.concat([bytes, Buffer.from('x'.repeat(40)), bytes]))).toBe(true);
    // It took no room in the slab: the next text comes right after the one before it.
    expect(arena.encode('next').byteOffset).toBe(after.byteOffset + after.length);
    // Room for three bytes a code unit of text: euro signs near the slab's end are not cut short.
    const nearEnd = new EncodingArena(64);
    for (let i = 0; i < 10; i++) nearEnd.encode('xxxxx');
    expect(nearEnd.compose([new Uint8Array([0x22]), '€€€€']).toString()).toBe('"€€€€');
  });

  test('reserves views to fill, side by side in a slab, and alone past a quarter of one', () => {
    const arena = new EncodingArena(64);
    const first = arena.reserve(10).fill(1);
    const second = arena.reserve(6).fill(2);
    expect([first.length, second.length]).toEqual([10, 6]);
    expect(second.buffer).toBe(first.buffer);
    expect(second.byteOffset).toBe(first.byteOffset + 10);
    // Past 16 bytes: alone, and the slab's next view follows the second.
    expect(arena.reserve(17)).toHaveLength(17);
    const text = arena.encode('abc');
    expect(text.byteOffset).toBe(second.byteOffset + 6);
    expect([...first, ...second]).toEqual([...Array<number>(10).fill(1), ...Array<number>(6).fill(2)]);
  });
});
