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
    const slab = this.room(most);
    const written = slab.write(text, this.used);
    return this.take(written);
  }

  /**
   * The bytes of `chunks` one after another, as one view: each string encoded (as `encode` does;
   * a string ending in half a surrogate pair is not joined to the next one's half), each array of
   * bytes copied. The search index joins the bytes of texts its compile spelt with the names around them.
   */
  compose(chunks: readonly (string | Uint8Array)[]): Buffer {
    let most = 0;
    for (const chunk of chunks) most += typeof chunk === 'string' ? chunk.length * 3 : chunk.length;
    const alone = most > this.slabBytes / 4;
    const into = alone ? Buffer.allocUnsafe(most) : this.room(most);
    const from = alone ? 0 : this.used;
    let at = from;
    for (const chunk of chunks) {
      if (typeof chunk === 'string') at += into.write(chunk, at);
      else {
        into.set(chunk, at);
        at += chunk.length;
      }
    }
    return alone ? into.subarray(0, at) : this.take(at - from);
  }

  /**
   * A view of `bytes` bytes for the caller to fill whole (a read), in a slab, or alone past a
   * quarter of one. The compile cache reads the search texts of 10 000 pages into views of slabs:
   * a buffer of its own per page was 0.3 s of allocations on the main thread.
   */
  reserve(bytes: number): Buffer {
    if (bytes > this.slabBytes / 4) return Buffer.allocUnsafe(bytes);
    this.room(bytes);
    return this.take(bytes);
  }

  /** The current slab, with `most` bytes free after `used` (a new one when it has not). */
  private room(most: number): Buffer {
    if (this.slab === undefined || this.used + most > this.slab.length) {
      // Never read past what was filled: each view is exactly its bytes.
      this.slab = Buffer.allocUnsafe(this.slabBytes);
      this.used = 0;
    }
    return this.slab;
  }

  /** The next `bytes` of the current slab, filled, as a view. */
  private take(bytes: number): Buffer {
    const view = this.slab!.subarray(this.used, this.used + bytes);
    this.used += bytes;
    return view;
  }
}

const SLAB_BYTES = 1 << 20;
