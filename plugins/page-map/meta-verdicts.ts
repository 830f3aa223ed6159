import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPlainData, siblingModuleText, toolBuildId, writeCacheFile } from 'docs-gen';
import type { MetaFile } from './meta-schema.ts';

/**
 * What the `_meta` schema made of each `_meta.json` file the last run validated, by a hash of the
 * file's text, as the config's verdict is kept (src/config/config-verdict.ts): a rebuild whose
 * `_meta` files did not change loads neither the schema nor zod (about 0.05 s of its main thread).
 * Only for `.json` files, whose data is their text; a `_meta.ts` is validated every time. One file,
 * `.docs-gen-cache/config/meta-verdicts.json`, holding the entries of the last run alone, under a
 * salt of the tool's build id and the schema module's text (under vitest, `meta-schema.ts`, which
 * `dist/`'s build id does not follow). The schema reads nothing but its input.
 */
export class MetaVerdicts {
  /** This run's verdicts, each given back or made: what `save` keeps. */
  private readonly used = new Map<string, string>();
  private changed = false;

  private constructor(
    private readonly file: string,
    private readonly salt: string,
    /** The last run's verdicts, as JSON texts: each use parses its own copy. */
    private readonly kept: Map<string, string>,
  ) {}

  /** The verdicts the last run kept in `cacheDir`, none when they were kept under another salt or cannot be read. */
  static async load(cacheDir: string): Promise<MetaVerdicts> {
    const file = join(cacheDir, 'config', 'meta-verdicts.json');
    const salt = createHash('sha256').update(await toolBuildId()).update('\0').update(siblingModuleText(import.meta.url, 'meta-schema')).digest('hex');
    const kept = new Map<string, string>();
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { salt?: unknown; entries?: unknown } | null;
      if (parsed?.salt === salt && typeof parsed.entries === 'object' && parsed.entries !== null) {
        for (const [key, meta] of Object.entries(parsed.entries)) if (isMetaShaped(meta)) kept.set(key, JSON.stringify(meta));
      }
    } catch {
      // None yet, or torn: every file is validated.
    }
    return new MetaVerdicts(file, salt, kept);
  }

  /** The key of a `_meta.json` file's text. */
  keyOf(text: string): string {
    return createHash('sha256').update(text).digest('hex');
  }

  /** What the schema made of the text keyed `key` last run, a copy of its own; undefined when it was not validated then. */
  get(key: string): MetaFile | undefined {
    const json = this.kept.get(key);
    if (json === undefined) return undefined;
    this.used.set(key, json);
    return JSON.parse(json) as MetaFile;
  }

  /** Notes what the schema made of the text keyed `key` now, for the next run, when it is plain data. */
  set(key: string, meta: MetaFile): void {
    if (!isPlainData(meta)) return;
    this.used.set(key, JSON.stringify(meta));
    this.changed = true;
  }

  /** Keeps this run's verdicts, when they are not the last run's: a cache that cannot be written costs the next run the schema. */
  async save(): Promise<void> {
    if (!this.changed && this.used.size === this.kept.size) return;
    const entries = [...this.used].map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(',');
    await writeCacheFile(this.file, `{"salt":${JSON.stringify(this.salt)},"entries":{${entries}}}`);
  }
}

const isMetaShaped = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value) && isPlainData(value);
