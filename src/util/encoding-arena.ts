/**
 * Texts encoded to UTF-8 as they are made, into shared slabs, each given back as a view of its
 * bytes. A build writes the search data and the llms files in thousands of pieces while its pages
 * render; kept as strings until a file's last piece was made, and encoded then in one go, the
 * pieces of `llms-full.txt` and the search seed (60 MB each at 10 000 pages) held the main thread
 * for 0.7 s apiece, and with it every worker's next page, and they outlived the young generation
 * of the heap. Encoded at once, a piece's string dies young. A slab rather than a buffer per
 * text: a buffer of its own per piece (past the few KB Node pools) was an allocation apiece,
 * 0.8 s of the main thread at 10 000 pages with the collections it caused (bench/README.md).
 */
export class EncodingArena {
  private slab: Buffer | undefined;
  private used = 0;

  /** `slabBytes`: each slab's size; a text that may need more than a quarter of one is encoded alone. */
  constructor(private readonly slabBytes = SLAB_BYTES) {}

  /** `text`'s UTF-8 bytes, as `Buffer.from(text)` spells them (a lone surrogate as U+FFFD). */
  encode(text: string): Buffer {
    // At most three bytes per UTF-16 code unit: a pair of surrogates is two units and four bytes.
    const most = text.length * 3;
    if (most > this.slabBytes / 4) return Buffer.from(text);
    if (this.slab === undefined || this.used + most > this.slab.length) {
      // Never read past what `write` filled: each view is exactly its text's bytes.
      this.slab = Buffer.allocUnsafe(this.slabBytes);
      this.used = 0;
    }
    const written = this.slab.write(text, this.used);
    const bytes = this.slab.subarray(this.used, this.used + written);
    this.used += written;
    return bytes;
  }
}

const SLAB_BYTES = 1 << 20;
