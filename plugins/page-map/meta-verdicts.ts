import { join } from 'node:path';
import { SchemaVerdicts, siblingModuleText, toolBuildId } from 'docs-gen';
import type { MetaFile } from './meta-schema.ts';

/** What the `_meta` schema made of each `_meta.json` file the last run validated (`SchemaVerdicts`). */
export type MetaVerdicts = SchemaVerdicts<MetaFile>;

/**
 * The verdicts the last run kept in `cacheDir`, keyed by each `_meta.json` file's text: a rebuild
 * whose `_meta` files did not change loads neither the schema nor zod (about 0.05 s of its main
 * thread). Only for `.json` files, whose data is their text; a `_meta.ts` is validated every time.
 * The salt is the tool's build id and the schema module's text: the schema reads nothing but its
 * input.
 */
export async function loadMetaVerdicts(cacheDir: string): Promise<MetaVerdicts> {
  const salt = [await toolBuildId(), siblingModuleText(import.meta.url, 'meta-schema')];
  return SchemaVerdicts.load(join(cacheDir, 'config', 'meta-verdicts.json'), salt, isMetaShaped);
}

const isMetaShaped = (value: unknown): value is MetaFile => typeof value === 'object' && value !== null && !Array.isArray(value);
