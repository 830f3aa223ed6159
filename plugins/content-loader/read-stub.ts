import { readFileSync } from 'node:fs';
import type { PageCompileOutput } from 'docs-gen';
import { splitCustomId } from './custom-heading-id.ts';
import { splitFrontMatter } from './front-matter.ts';

/** An ATX `#` heading's text, matched where a line starts with `#` (`$` before the line's end). */
const HEADING_AT = /#[ \t]+(.+?)[ \t#]*$/my;

/** The first ATX `#` heading, without inline markup: the title a page without front matter gets. */
export function firstHeading(body: string): string | undefined {
  // Tried only where a line starts with `#`: the same regex with `^` tries every position of the
  // page, a tenth of a second over 10 000 pages at dev's start.
  let line: string | undefined;
  for (let at = body.indexOf('#'); at !== -1 && line === undefined; at = body.indexOf('#', at + 1)) {
    if (at > 0 && !'\n\r\u2028\u2029'.includes(body[at - 1]!)) continue;
    HEADING_AT.lastIndex = at;
    line = HEADING_AT.exec(body)?.[1];
  }
  const text = line && (splitCustomId(line)?.text ?? line);
  return text?.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, '').trim();
}

/** A page's stand-in until it is compiled (dev): read in a millisecond, enough for titles, the page map and its Markdown. */
export function readStub(file: string, relativePath: string): PageCompileOutput & { body: string } {
  // Read at once: dev asks for every page's stub together at start, and ten thousand promised
  // reads (open, stat, read, close, each a trip to the thread pool) cost several times the CPU.
  let source = '';
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    // Gone or unreadable: the compile reports it.
  }
  let split: { frontMatter: PageCompileOutput['frontMatter']; body: string };
  try {
    split = splitFrontMatter(source, relativePath);
  } catch {
    // The compile reports it, with its place.
    split = { frontMatter: {}, body: source };
  }
  const title = firstHeading(split.body);
  return {
    frontMatter: split.frontMatter,
    body: split.body,
    compiled: { kind: 'html', code: '' },
    headings: title ? [{ id: '', value: title, depth: 1 }] : [],
    references: [],
    sections: [],
  };
}

/** What a worker reads a page's stub from (`PageCompileTask.stubTask`). */
export interface StubInput {
  file: string;
  relativePath: string;
}

/**
 * `value` with each string in it, at any depth of its arrays and plain objects, a copy of its
 * own. A string a regular expression cut from a page's text (a front matter title, the first
 * heading) keeps the whole text alive in V8 for as long as it lives, and dev keeps each page's
 * stub until the page is compiled: 10 000 stubs read on the main thread held 24 MB of page text
 * (a sampled heap profile of dev's start), which every young-generation collection copied.
 */
export function detachedStrings<T>(value: T, copies = new Map<object, unknown>()): T {
  // V8 keeps a cut of 13 characters or more as a slice of the text it was cut from (a shorter one
  // is a copy). Joined to a character and cut again, it is flattened into a string of its own,
  // which the new cut refers to: a copy for a tenth of a microsecond (a JSON round trip was eight
  // times that, 68 ms of dev's start at 10 000 pages).
  if (typeof value === 'string') return (value.length < SLICED_FROM ? value : ` ${value}`.slice(1)) as T;
  if (value === null || typeof value !== 'object') return value;
  // YAML's anchors and aliases make shared and even circular values: each is copied once.
  const known = copies.get(value);
  if (known !== undefined) return known as T;
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    copies.set(value, copy);
    value.forEach((item, i) => (copy[i] = detachedStrings(item, copies)));
    return copy as T;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const copy: Record<string, unknown> = {};
  copies.set(value, copy);
  for (const key of Object.keys(value)) {
    const item = detachedStrings((value as Record<string, unknown>)[key], copies);
    // An own `__proto__` stays an own key: defined, as an assignment would set the prototype.
    if (key === '__proto__') Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy as T;
}

/** The shortest cut V8 keeps as a slice of its text rather than a copy (`SlicedString::kMinLength`). */
const SLICED_FROM = 13;

/**
 * Worker task: a page's stub without its `body`, which dev reads with the page's compile: at the
 * start of dev on a large site the workers read the stubs, many to a task, while the main thread
 * does the rest, and the bodies (the whole site's text) are not copied across. Its strings are
 * copies (`detachedStrings`): the main thread keeps what it reads, and a copy across threads is
 * one already.
 */
export function readStubInWorker({ file, relativePath }: StubInput): PageCompileOutput {
  const { body: _body, ...stub } = readStub(file, relativePath);
  // Assigned in place: the keys keep their order, as the stubs read elsewhere spell them.
  const copies = new Map<object, unknown>();
  stub.frontMatter = detachedStrings(stub.frontMatter, copies);
  stub.headings = detachedStrings(stub.headings, copies);
  return stub;
}
