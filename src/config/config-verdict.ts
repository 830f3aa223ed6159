import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { types } from 'node:util';
import { writeCacheFile } from '../util/cache-entry.ts';
import { siblingModuleText } from '../util/sibling-module-text.ts';
import { COPYRIGHT_YEAR } from './config-constants.ts';
import type { ResolvedConfig } from './schema.ts';

/**
 * The last config a build of this site validated, and what the schema made of it, so that the
 * next build with the same config needs neither zod nor the schema: loading the two and a first
 * parse were about 0.1 s of every rebuild's main thread (a one-page rebuild of 2000 pages went
 * from 1.98 to 1.84 s without them, bench/README.md). Kept only for a config of plain data
 * (`isPlainData`: a config with a plugin object or a function is validated every time), and only
 * when the schema's output is plain data too, so that its JSON is the very config.
 *
 * One file, `.docs-gen-cache/config/verdict.json`, overwritten by the next config validated:
 * nothing accumulates over edits or upgrades. `loadConfig` reads it; `prepareSite` keeps a new one
 * once it found the content folder, so a build pointed at a folder that is not a site writes
 * nothing there.
 */

/** Where the verdict is kept. */
const verdictFile = (cacheDir: string) => join(cacheDir, 'config', 'verdict.json');

/**
 * The key of a config value, given as its JSON (`json`, which is also what is validated: the key
 * and the value the schema reads are one text): the tool (its build id holds the schema's code and
 * zod's version), the year (`COPYRIGHT_YEAR`, the one thing besides its input the schema reads),
 * the schema module's text as this process runs it (`siblingModuleText`) and the JSON. The same
 * value with its keys in another order is another key: a miss, never a wrong hit.
 */
export function verdictKey(toolId: string, json: string, year = COPYRIGHT_YEAR, schema = siblingModuleText(import.meta.url, 'schema')): string {
  return createHash('sha256').update(toolId).update('\0').update(String(year)).update('\0').update(schema).update('\0').update(json).digest('hex');
}

/** How deep a config's plain data may nest: deeper is validated every time (and would be odd). */
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

interface Verdict {
  key: string;
  config: ResolvedConfig;
}

/** The config the schema made of the value keyed `key`, when the last one validated was that value; else undefined (none, another, torn). */
export function readVerdict(cacheDir: string, key: string): ResolvedConfig | undefined {
  try {
    const verdict = JSON.parse(readFileSync(verdictFile(cacheDir), 'utf8')) as Partial<Verdict> | null;
    // A file edited by hand into another shape is a miss, not a config the build trips over later.
    const config = verdict?.key === key ? verdict.config : undefined;
    return isPlainData(config) && typeof config?.title === 'string' && Array.isArray(config.locales) ? config : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The verdict on the value keyed `key` as it is kept, when what the schema made of it is plain
 * data; taken as soon as it is validated, before anything the build does with the config could
 * change the object.
 */
export function verdictOf(key: string, config: ResolvedConfig): string | undefined {
  return isPlainData(config) ? JSON.stringify({ key, config } satisfies Verdict) : undefined;
}

/** Keeps a verdict (`verdictOf`) for the next build; a cache that cannot be written costs that build a parse. */
export async function keepVerdict(cacheDir: string, verdict: string): Promise<void> {
  await writeCacheFile(verdictFile(cacheDir), verdict);
}
