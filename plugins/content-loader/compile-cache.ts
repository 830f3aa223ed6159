import { createHash } from 'node:crypto';
import { statSync, type Stats } from 'node:fs';
import { crc32 } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { cacheFilePath, carrySections, EncodingArena, dropCacheFileEntry, noteCacheFileUsed, refreshCacheFiles, defineLazySections, lazyCompiledPage, outlineOf, payloadPart, sectionsDigest, readCacheFileHeader, readCacheFileHeaderAt, readCacheFilePayloadRange, toolBuildId, writeHeaderedCacheFile, type CompiledPage, type HeaderedFile, type PackedEntry, type SectionOutline, type TextSection } from 'docs-gen';
import { join, sep } from 'node:path';
import { isEncodedNode, type EncodedNode, type PreviousBlocks } from './block-trees.ts';

/**
 * The persistent cache of compiled pages: `<cacheDir>/compiled/<key>.compiled`, one entry per page
 * compile, a headered entry in the folder's packs (cache-entry.ts): a line of JSON with the
 * compile output but its code, then the code. The key is a hash of everything the output
 * depends on — the page's source, the compile input (links, base path, locale prefix,
 * highlighting, the site's remark/rehype plugins), the highlighting grammar's text, and the tool
 * itself (`toolBuildId`: every built file of docs-gen, so a change in the core or the theme counts
 * as well as one in this folder) — so an entry is never stale: a change gives a new key.
 */

const grammarHashes = new Map<string, Promise<string>>();

/**
 * The grammar's content hash, read again only when its size or modification time changed (dev
 * edits it in place). Looked up synchronously: every page's key asks, and an asynchronous stat
 * was a hand-off to libuv's thread pool per page, on the main thread and in the workers alike.
 */
export async function hashOfFile(path: string): Promise<string> {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    return 'absent';
  }
  const memo = `${path}\0${stats.mtimeMs}\0${stats.size}`;
  let hash = grammarHashes.get(memo);
  if (!hash) {
    hash = readFile(path).then((bytes) => createHash('sha256').update(bytes).digest('hex'), () => 'absent');
    grammarHashes.set(memo, hash);
  }
  return hash;
}

/** The digest of a page's text, as the compile key takes it. */
export const sourceDigest = (source: string) => createHash('sha256').update(source).digest('hex');

/**
 * The entry's key: the source (by its digest, `sourceDigest`: a rebuild takes it from the source
 * index and reads no unchanged page), the compile input (without its absolute path's
 * machine-specific parts), the grammar, the tool. A run that keys every page passes the grammar's
 * hash, looked up once (`hashOfFile`): else each page's key costs a `stat` of the grammar.
 */
export async function compileCacheKey<Input extends { grammarPath: string; highlight?: boolean }>(sourceDigest: string, input: Input, grammarHash?: Promise<string>): Promise<string> {
  const [tool, grammar] = await Promise.all([toolBuildId(), input.highlight === false ? 'off' : (grammarHash ?? hashOfFile(input.grammarPath))]);
  return createHash('sha256').update(tool).update('\0').update(grammar).update('\0').update(JSON.stringify(input)).update('\0').update(sourceDigest).digest('hex');
}

/**
 * What an entry's header holds: the compile output with its code and its sections' texts left out
 * (the payload after the header, read only when something asks for them: a rebuild renders one
 * page of 2000, and its search index copies the other pages' pieces from the last output), each
 * section's outline in their place with their digest (`sectionsDigest`, which keys the page's
 * search pieces), the texts' byte count (`textBytes`, at the payload's end), and the body as far
 * as the source does not hold it (`StoredBody`). Each key stays where the compile
 * put it, so a page read back spells its keys in the same order.
 */
export type StoredCompile<Output extends CompiledOutput> = Omit<Output, 'compiled' | 'body' | 'sections'> & {
  compiled: Omit<CompiledPage, 'code'> & { code: null };
  body: StoredBody;
  sections: SectionOutline[];
  sectionsDigest: string;
  textBytes: number;
};

/**
 * A body in an entry. The source is at hand where a body is asked for, and a body is mostly the source's end: a
 * page with front matter has it blanked out, line for line, before the text. So an entry keeps
 * the length of the end the two share (a number: the body is that end alone), with what comes
 * before it in the body (`[head, length]`), or, sharing no end, the body itself. Kept whole, the
 * bodies were half of every entry: 12 of 26 MB read and parsed by a rebuild of 2000 pages.
 */
export type StoredBody = string | number | [head: string, sharedEnd: number];

export const isStoredBody = (value: unknown): value is StoredBody =>
  typeof value === 'string' || typeof value === 'number' || (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'number');

/** The code units `storeBody` compares at once. */
const SHARED_CHUNK = 256;

/** `body` as an entry keeps it, beside `source`. */
export function storeBody(source: string, body: string): StoredBody {
  let shared = 0;
  const most = Math.min(source.length, body.length);
  // A chunk at a time while chunks match (two slices compared natively), then a code unit at a time: a third of the time of the loop alone.
  while (shared + SHARED_CHUNK <= most && source.slice(source.length - shared - SHARED_CHUNK, source.length - shared) === body.slice(body.length - shared - SHARED_CHUNK, body.length - shared)) shared += SHARED_CHUNK;
  while (shared < most && source.charCodeAt(source.length - 1 - shared) === body.charCodeAt(body.length - 1 - shared)) shared++;
  if (shared === 0) return body;
  return shared === body.length ? shared : [body.slice(0, body.length - shared), shared];
}

/** The body an entry keeps, beside the `source` of the entry's key; undefined when the source is too short for it (an entry of another shape). */
export function bodyOf(source: string, stored: StoredBody): string | undefined {
  if (typeof stored === 'string') return stored;
  const [head, shared] = typeof stored === 'number' ? ['', stored] : stored;
  if (!Number.isInteger(shared) || shared < 0 || shared > source.length) return undefined;
  return head + source.slice(source.length - shared);
}

/** The part of a compile output the cache stores apart or derives (`StoredCompile`). */
export interface CompiledOutput {
  compiled: CompiledPage;
  body: string;
  sections: TextSection[];
}

/** An entry's header: the key, the stored output, and the byte count of the code after it. */
interface CompiledHeader<Output extends CompiledOutput> {
  key: string;
  value: StoredCompile<Output>;
  bytes: number;
  /** Where the page's highlighted code blocks are in its code (highlight-reuse.ts); beside the output, never part of it. */
  blocks?: BlockRecord[];
  /** The byte count of the page's highlighted block trees (the MDX path's, `[key, EncodedNode][]` as JSON), between the code and the texts. */
  trees?: number;
  /** Where each section's text, trimmed, is in the texts as JSON spells them: its first byte and the byte after it, from the texts' start, section after section (`textsPayload`). */
  trimmed?: number[];
  /** The CRC-32 of the texts' bytes: bytes copied as they are must be the very bytes the compile wrote (a damaged byte would be a damaged search file). */
  textsCrc?: number;
}

/** A highlighted code block in an entry's code: the block's key (`HighlightReuse.keyOf`), and where its HTML is, in UTF-16 code units. */
export type BlockRecord = [key: string, start: number, length: number];

const isBlockRecord = (value: unknown): value is BlockRecord =>
  Array.isArray(value) && value.length === 3 && typeof value[0] === 'string' && Number.isInteger(value[1]) && Number.isInteger(value[2]) && (value[1] as number) >= 0 && (value[2] as number) > 0;

/** Each cache folder's `compiled/`, normalised once: a rebuild looks 2000 entries up, and `join` normalised both paths each time. */
const compiledFolders = new Map<string, string>();

/** The folder of compiled entries in `cacheDir`. */
export const compiledFolder = (cacheDir: string) => {
  let folder = compiledFolders.get(cacheDir);
  if (folder === undefined) compiledFolders.set(cacheDir, (folder = join(cacheDir, 'compiled')));
  return folder;
};

/** `cacheFilePath` of the entry: the folder is normalised and the key a hex digest, so the two only need a separator between them. */
const compiledFile = (cacheDir: string, key: string) => {
  const folder = compiledFolder(cacheDir);
  return /^[0-9a-f]+$/.test(key) ? `${folder}${sep}${key}.compiled` : cacheFilePath(folder, key, 'compiled');
};

/**
 * The header of the entry under `key`. With `fresh`, the folder as it is now: what other threads
 * added since this one last read it (a worker looking up one page in dev, which the other worker
 * may have compiled), and nothing of a folder cleared meanwhile. A pass over every page reads the
 * folder once at its start instead (`refreshCacheFiles`).
 */
function lookUpCompiled<Header extends { key: string; bytes: number }>(cacheDir: string, key: string, isHeader: (value: unknown) => value is Header, fresh: boolean, place?: PackedEntry): HeaderedFile<Header> | undefined {
  const file = compiledFile(cacheDir, key);
  // Used by this build whether found or not: a miss is filed under this name by the worker that compiles the page.
  noteCacheFileUsed(file);
  if (place) return readCacheFileHeaderAt(file, place, key, isHeader, FIRST_READ);
  if (fresh) refreshCacheFiles(compiledFolder(cacheDir));
  return readCacheFileHeader(file, key, isHeader, FIRST_READ);
}

/**
 * Where an entry's payload parts end: the code at `codeEnd`, the block trees (if any) at
 * `textsStart`, where the sections' texts begin and run to the end. Undefined when the header's
 * counts do not fit its payload (an entry of another shape, or damaged).
 */
function payloadLayout(header: CompiledHeader<CompiledOutput>): { codeEnd: number; textsStart: number } | undefined {
  const trees = header.trees ?? 0;
  const texts = header.value.textBytes;
  if (!Number.isInteger(trees) || trees < 0 || !Number.isInteger(texts) || texts < 0 || texts + trees > header.bytes) return undefined;
  return { codeEnd: header.bytes - texts - trees, textsStart: header.bytes - texts };
}

/** How much of an entry a look-up reads at first: most headers (front matter, headings, the sections' outline) are under 4 KB. */
const FIRST_READ = 4 * 1024;

/** An entry found: the output but its body, and the body, made from the source when first asked for. */
export interface FoundCompile<Output extends CompiledOutput> {
  output: Omit<Output, 'body'>;
  /** Reads the source (`readSource`) and gives the body; throws when the entry does not fit that source (and removes the entry). */
  readBody(): string;
  /** The whole output, its body read now, every key where the compile put it. */
  whole(): Output;
}

/**
 * The cached output for `key`, or undefined (absent, torn, corrupt, or of another shape).
 * `isStored` checks the entry's shape. The code is read when first asked for, and so is the body,
 * from the source (`readSource`, the text of the key's digest): a rebuild asks for neither on a
 * page it left alone. A file lost after this look-up (the cache folder cleared while the build
 * runs) is an error then, which the build reports at the page.
 */
export function readCompiled<Output extends CompiledOutput>(
  cacheDir: string,
  key: string,
  readSource: () => string,
  isStored: (value: unknown) => value is StoredCompile<Output>,
  options: { fresh?: boolean; /** Where the entry is, as the worker that wrote it now said (`writeCompiled`): read there, not looked up. */ place?: PackedEntry } = {},
): FoundCompile<Output> | undefined {
  const isHeader = (value: unknown): value is CompiledHeader<Output> => isStored((value as { value?: unknown }).value);
  const found = lookUpCompiled(cacheDir, key, isHeader, options.fresh === true, options.place);
  const layout = found && payloadLayout(found.header);
  if (!layout) return undefined;
  const { body: stored, textBytes: _textBytes, sectionsDigest: digest, ...rest } = found.header.value;
  // Each read alone: a page whose texts the search index reads again is not read whole, and nothing of the file is kept but what was asked for.
  const readBytes = (start: number, end: number, into?: (length: number) => Buffer): Buffer => {
    try {
      return readCacheFilePayloadRange(found, start, end, into);
    } catch (error) {
      throw new Error(`the compile cache lost ${found.file} while the build ran (was .docs-gen-cache/ cleared?); build again`, { cause: error });
    }
  };
  const readPart = (start: number, end: number): string => readBytes(start, end).toString('utf8');
  // A damaged entry is removed, so that the next build compiles the page again, and is an error where it was read.
  const damaged = (what: string): never => {
    dropCacheFileEntry(found);
    throw new Error(`its compile cache entry ${found.file} ${what}, and was removed`);
  };
  const readCode = () => readPart(0, layout.codeEnd);
  const readTexts = (): string[] => {
    const texts = parseTexts(readPart(layout.textsStart, found.header.bytes));
    // As many as the outline has, each of the length it says: a damaged entry's texts would be keyed by a digest they do not fit.
    if (texts?.length === rest.sections.length && texts.every((text, i) => text.trim().length === rest.sections[i]!.trimmedLength)) return texts;
    return damaged('holds no texts for its sections');
  };
  // The source is read once, and the body made from it at each call, never kept: a body is the
  // source sliced and joined to its head, no copy, and the Markdown's scans of it (`includes`,
  // regular expressions) flatten it into a copy of its own. Kept, that copy lived as long as the
  // page's reader: each page's source twice over, the whole build long (12 MB at 2000 pages).
  // Under the key of this very source, a body that does not fit it is damaged.
  let source: string | undefined;
  const readBody = () => bodyOf((source ??= readSource()), stored) ?? damaged('does not fit it');
  const compiled = lazyCompiledPage(rest.compiled, readCode, { place: payloadPart(found, 0, layout.codeEnd), compiledNow: options.place !== undefined });
  const output = { ...rest, compiled } as unknown as Omit<Output, 'body'>;
  const { trimmed, textsCrc } = found.header;
  const readTrimmedJson = fitsTexts(trimmed, rest.sections.length, found.header.bytes - layout.textsStart) && Number.isInteger(textsCrc)
    ? () => {
        const texts = readBytes(layout.textsStart, found.header.bytes, reserveTextBytes);
        if (crc32(texts) === textsCrc) return rest.sections.map((_section, i) => texts.subarray(trimmed[2 * i]!, trimmed[2 * i + 1]!));
        return damaged('holds no texts for its sections');
      }
    : undefined;
  // In the outline's place among the keys.
  defineLazySections(output, rest.sections, digest, readTexts, readTrimmedJson);
  return {
    output,
    readBody,
    whole: () => {
      const { textBytes: _textBytes, sectionsDigest: _digest, ...value } = found.header.value;
      const whole: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        // The code and the sections' texts still read when first asked for.
        if (key === 'sections') carrySections(output, whole);
        else whole[key] = key === 'body' ? readBody() : key === 'compiled' ? compiled : value[key as keyof typeof value];
      }
      return whole as unknown as Output;
    },
  };
}

/** Where the search texts' bytes are read into: slabs shared by the pages, not a buffer each (`EncodingArena.reserve`). */
const textBytesArena = new EncodingArena();
const reserveTextBytes = (length: number) => textBytesArena.reserve(length);

/**
 * Whether `trimmed` places `count` texts inside texts of `textBytes` bytes as `textsPayload` lays
 * them out: the first after the array's `["`, each after the one before and the `","` between,
 * none in the closing `"]`. A damaged header's places would copy other bytes into the search data.
 */
export function fitsTexts(trimmed: unknown, count: number, textBytes: number): trimmed is number[] {
  if (!Array.isArray(trimmed) || trimmed.length !== 2 * count) return false;
  // Read by index, not destructured: the pair made and taken apart for each section of every page a rebuild looks up was 2 MB of a one-page rebuild's allocations at 2000 pages (an array and its iterator each).
  for (let i = 0; i < trimmed.length; i += 2) {
    const from: unknown = trimmed[i];
    const to: unknown = trimmed[i + 1];
    if (!Number.isInteger(from) || !Number.isInteger(to)) return false;
    const earliest = i === 0 ? 2 : (trimmed[i - 1] as number) + 3;
    if ((from as number) < earliest || (to as number) < (from as number) || (to as number) > textBytes - 2) return false;
  }
  return true;
}

/**
 * The sections' texts as the JSON array an entry keeps, and where each one's text trimmed is in
 * it as JSON spells it (its first byte and the byte after it, section after section). The search
 * index copies those bytes into its files, where it would parse, trim and spell the texts again
 * (at 10 000 pages 60 MB of text, twice, on the main thread while the pages render). A text is
 * spelt in three parts (the whitespace before, the rest trimmed, the whitespace after), which spell
 * what `JSON.stringify` gives the whole: it escapes code unit by code unit, and whitespace is no
 * half of a surrogate pair.
 */
export function textsPayload(sections: readonly TextSection[]): { json: string; trimmed: number[] } {
  const trimmed: number[] = [];
  let json = '[';
  let bytes = 1;
  for (const { text } of sections) {
    const start = text.length - text.trimStart().length;
    const core = text.trim();
    const [before, within, after] = [spelt(text.slice(0, start)), spelt(core), spelt(text.slice(start + core.length))];
    if (trimmed.length) {
      json += ',';
      bytes++;
    }
    json += `"${before}${within}${after}"`;
    const from = bytes + 1 + Buffer.byteLength(before);
    const to = from + Buffer.byteLength(within);
    trimmed.push(from, to);
    bytes = to + Buffer.byteLength(after) + 1;
  }
  return { json: `${json}]`, trimmed };
}

/** `text` as a JSON string spells it, without the quotes. */
const spelt = (text: string) => (text ? JSON.stringify(text).slice(1, -1) : '');

/** The texts a payload ends with, or undefined when they are not a list of strings. */
function parseTexts(json: string): string[] | undefined {
  try {
    const texts = JSON.parse(json) as unknown;
    return Array.isArray(texts) && texts.every((text) => typeof text === 'string') ? texts : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps a page's compile output under `key`: its code and its sections' texts after the rest, in
 * one entry written whole or not at all, and gives where it is (undefined when it could not be
 * written). `blocks`: where its highlighted code blocks are in the code.
 */
export async function writeCompiled(cacheDir: string, key: string, source: string, output: CompiledOutput, blocks: { html?: readonly BlockRecord[]; trees?: readonly [string, EncodedNode][] } = {}): Promise<PackedEntry | undefined> {
  const { json, trimmed } = textsPayload(output.sections);
  // Each part encoded once: its byte count, its CRC and the write all take the bytes.
  const texts = Buffer.from(json);
  const trees = Buffer.from(blocks.trees?.length ? JSON.stringify(blocks.trees) : '');
  const value = { ...output, compiled: { ...output.compiled, code: null }, body: storeBody(source, output.body), sections: outlineOf(output.sections), sectionsDigest: sectionsDigest(output.sections), textBytes: texts.length };
  const header = { key, value, ...(blocks.html?.length ? { blocks: blocks.html } : {}), ...(trees.length ? { trees: trees.length } : {}), trimmed, textsCrc: crc32(texts) };
  return writeHeaderedCacheFile(compiledFile(cacheDir, key), header, [Buffer.from(output.compiled.code), trees, texts]);
}

/**
 * The highlighted code blocks of the entry under `key` (a page's compile before its source
 * changed), by block key: the HTML each was highlighted to, sliced from the entry's code (the
 * Markdown path), and the trees it kept (the MDX path). None when the entry is gone or of another
 * shape, or holds no blocks; a record that does not fit is left out. Nothing here needs the
 * source the entry was compiled from.
 */
export function readHighlightedBlocks(cacheDir: string, key: string): PreviousBlocks {
  const html = new Map<string, string>();
  const trees = new Map<string, EncodedNode>();
  const isHeader = (value: unknown): value is CompiledHeader<CompiledOutput> => {
    const header = value as Partial<CompiledHeader<CompiledOutput>>;
    return (Array.isArray(header.blocks) || Number.isInteger(header.trees)) && typeof header.value?.textBytes === 'number';
  };
  // The page's last compile, which the other worker may have written.
  const found = lookUpCompiled(cacheDir, key, isHeader, true);
  const layout = found && payloadLayout(found.header);
  if (!layout) return { html, trees };
  const { codeEnd, textsStart } = layout;
  try {
    if (found.header.blocks) {
      const code = readCacheFilePayloadRange(found, 0, codeEnd).toString('utf8');
      for (const record of found.header.blocks) {
        if (isBlockRecord(record) && record[1] + record[2] <= code.length) html.set(record[0], code.slice(record[1], record[1] + record[2]));
      }
    }
    if (textsStart > codeEnd) {
      const kept = JSON.parse(readCacheFilePayloadRange(found, codeEnd, textsStart).toString('utf8')) as unknown;
      if (Array.isArray(kept)) for (const entry of kept) if (Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && isEncodedNode(entry[1])) trees.set(entry[0], entry[1]);
    }
  } catch {
    // Cut short or unreadable: the blocks are highlighted again.
  }
  return { html, trees };
}
