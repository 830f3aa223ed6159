import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { types } from 'node:util';
import { writeCacheFile } from './cache-entry.ts';

/** How deep plain data may nest: deeper is validated every time (and would be odd). */
const MAX_DEPTH = 32;

/**
 * Whether `value` is what `JSON.parse(JSON.stringify(value))` gives back exactly: `null`, booleans,
 * strings, finite numbers (not −0), arrays without holes or extra keys, and objects of
 * `Object.prototype` whose every key is an enumerable own string key holding such a value (no
 * getter, no `undefined`, no `__proto__` key). Anything else (a function, a plugin, a date, a
 * class's instance, a Proxy, a cycle) is not.
 */
export function isPlainData(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  // A Proxy answers JSON and the schema through its traps, whatever its target's descriptors say.
  if (typeof value !== 'object' || depth >= MAX_DEPTH || types.isProxy(value)) return false;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype || Object.getOwnPropertySymbols(value).length) return false;
    const names = Object.getOwnPropertyNames(value);
    // The indexes and `length`, nothing else.
    if (names.length !== value.length + 1) return false;
    for (let i = 0; i < value.length; i++) {
      const slot = Object.getOwnPropertyDescriptor(value, i);
      if (!slot || !('value' in slot) || !isPlainData(slot.value, depth + 1)) return false;
    }
    return true;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype || Object.getOwnPropertySymbols(value).length) return false;
  for (const name of Object.getOwnPropertyNames(value)) {
    const property = Object.getOwnPropertyDescriptor(value, name)!;
    if (name === '__proto__' || !property.enumerable || !('value' in property) || !isPlainData(property.value, depth + 1)) return false;
  }
  return true;
}

/** A hash of texts, each apart from the next. */
const digest = (parts: readonly string[]) => parts.reduce((hash, part) => hash.update(part).update('\0'), createHash('sha256')).digest('hex');

/**
 * What a schema made of each input the last run validated, so that a run whose inputs did not
 * change needs neither the schema nor zod (loading the two and a first parse were about 0.1 s of
 * a rebuild's main thread, bench/README.md). The config's verdict (src/config/load-config.ts) and
 * the `_meta.json` files' (plugins/page-map/meta-verdicts.ts) are kept this way.
 *
 * One file, holding the entries of the last run alone (nothing accumulates over edits or
 * upgrades), under a salt of everything besides its input the schema's output follows: the tool's
 * build id (the schema's code, zod's version), the schema module's text as the process runs it
 * (`siblingModuleText`: under vitest the `.ts` source, which `dist/`'s build id does not follow),
 * and anything else the schema reads (the config's default copyright names the year). An input is
 * keyed by a hash of its text: for plain data (`isPlainData`) the JSON that is also what the
 * schema validates, so that key and value are one text. An entry is kept only when the schema's
 * output is plain data, taken as JSON when it is set: what the run does to the object afterwards
 * cannot reach it.
 */
export class SchemaVerdicts<T> {
  /** This run's verdicts, each given back or made: what `save` keeps. */
  private readonly used = new Map<string, string>();
  private changed = false;

  private constructor(
    private readonly file: string,
    private readonly salt: string,
    /** The last run's verdicts, as JSON texts: each use parses its own copy. */
    private readonly kept: Map<string, string>,
  ) {}

  /**
   * The verdicts kept in `file`; none when they were kept under another salt or cannot be read,
   * and none of another shape than `isShaped` accepts (a file edited by hand is a miss, not data a
   * run trips over later).
   */
  static load<T>(file: string, saltParts: readonly string[], isShaped: (value: unknown) => value is T): SchemaVerdicts<T> {
    const salt = digest(saltParts);
    const kept = new Map<string, string>();
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { salt?: unknown; entries?: unknown } | null;
      if (parsed?.salt === salt && typeof parsed.entries === 'object' && parsed.entries !== null) {
        for (const [key, value] of Object.entries(parsed.entries)) if (isPlainData(value) && isShaped(value)) kept.set(key, JSON.stringify(value));
      }
    } catch {
      // None yet, or torn: every input is validated.
    }
    return new SchemaVerdicts<T>(file, salt, kept);
  }

  /** The key of an input's text. */
  keyOf(text: string): string {
    return digest([text]);
  }

  /** What the schema made of the input keyed `key` last run, a copy of its own; undefined when it was not validated then. */
  get(key: string): T | undefined {
    const json = this.kept.get(key);
    if (json === undefined) return undefined;
    this.used.set(key, json);
    return JSON.parse(json) as T;
  }

  /** Notes what the schema made of the input keyed `key` now, for the next run, when it is plain data; whether it was noted. */
  set(key: string, value: T): boolean {
    if (!isPlainData(value)) return false;
    this.used.set(key, JSON.stringify(value));
    this.changed = true;
    return true;
  }

  /** Keeps this run's verdicts, when they are not the last run's: a cache that cannot be written costs the next run the schema. */
  async save(): Promise<void> {
    if (!this.changed && this.used.size === this.kept.size) return;
    const entries = [...this.used].map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(',');
    await writeCacheFile(this.file, `{"salt":${JSON.stringify(this.salt)},"entries":{${entries}}}`);
  }
}
