import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DiagnosticError, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { isNextraSite, readNextraSite } from './nextra-site.ts';
import { importModuleFile } from '../util/import-module.ts';
import type { ResolvedConfig } from './schema.ts';
import { COPYRIGHT_YEAR, DEFAULT_EVALUATION_TIMEOUT_MS } from './config-constants.ts';
import { isPlainData, SchemaVerdicts } from '../util/schema-verdicts.ts';
import { siblingModuleText } from '../util/sibling-module-text.ts';
import { toolBuildId } from '../util/tool-build-id.ts';

export const CONFIG_FILES = ['docs-gen.config.ts', 'docs-gen.config.mts', 'docs-gen.config.js', 'docs-gen.config.mjs'];

export interface LoadedConfig {
  config: ResolvedConfig;
  /** Absolute path of the config file, when there is one. */
  file?: string;
  /** Files the config imports (for dev's watcher). */
  dependencies: string[];
  /** What reading the config found but does not stop a build (a Nextra site's options that do not map). */
  warnings?: Diagnostic[];
  /**
   * Keeps what the schema made of the config for the next build (`configVerdicts`), when it was
   * validated now and is plain data. The caller calls it once the folder is known to be a site
   * (its content folder is there): a build pointed at the wrong folder writes nothing into it.
   */
  keepVerdict?: () => Promise<void>;
}

/** Finds, bundles and validates the site config; no config file means all defaults. */
export async function loadConfig(root: string, options: { evaluationTimeoutMs?: number; /** Read and keep the verdict on the config in the site's cache (`configVerdicts`). @default true */ cache?: boolean } = {}): Promise<LoadedConfig> {
  const file = CONFIG_FILES.map((name) => join(root, name)).find((path) => existsSync(path));
  const limit = options.evaluationTimeoutMs === undefined ? {} : { evaluationTimeoutMs: options.evaluationTimeoutMs };
  const cacheDir = join(root, '.docs-gen-cache');
  if (!file && isNextraSite(root)) {
    // A Nextra 2/3 site as it is: its next.config and theme.config are the config.
    const nextra = await readNextraSite(root, { cacheDir, timeoutMs: options.evaluationTimeoutMs ?? DEFAULT_EVALUATION_TIMEOUT_MS });
    const { configSchema } = await import('./schema.ts');
    const parsed = configSchema.safeParse({ ...nextra.config, ...limit });
    if (!parsed.success) {
      const first = nextra.files[nextra.files.length - 1]!;
      const { configIssuesToDiagnostics } = await import('./config-errors.ts');
      throw new DiagnosticError(configIssuesToDiagnostics(configSchema, parsed.error.issues, relative(root, first), readFileSync(first, 'utf8')));
    }
    return { config: parsed.data, file: nextra.files[0], dependencies: nextra.files.slice(1), warnings: nextra.warnings };
  }
  if (!file) {
    const { config, keep } = await validated(limit, cacheDir, options.cache);
    return { config, dependencies: [], keepVerdict: keep };
  }
  const relativeFile = relative(root, file);
  // The config cannot bound its own load: the caller's bound, or the default.
  const timeoutMs = options.evaluationTimeoutMs ?? DEFAULT_EVALUATION_TIMEOUT_MS;
  const { exports, dependencies } = await importModuleFile(file, { root, cacheDir, code: 'config-syntax', timeoutMs });
  if (exports.default === undefined) {
    throw new DiagnosticError([
      { severity: 'error', code: 'config-load', message: 'The config has no default export (use `export default defineConfig({...})`)', file: relativeFile, line: 1, column: 1 },
    ]);
  }
  const parsed = await validated(exports.default, cacheDir, options.cache, async (issues, configSchema) => {
    const { configIssuesToDiagnostics } = await import('./config-errors.ts');
    return new DiagnosticError(configIssuesToDiagnostics(configSchema, issues, relativeFile, readFileSync(file, 'utf8')));
  });
  const config = options.evaluationTimeoutMs === undefined ? parsed.config : { ...parsed.config, evaluationTimeoutMs: options.evaluationTimeoutMs };
  return { config, file, dependencies, keepVerdict: parsed.keep };
}

type ConfigSchema = (typeof import('./schema.ts'))['configSchema'];
type ConfigIssues = Parameters<typeof import('./config-errors.ts')['configIssuesToDiagnostics']>[1];

/**
 * The verdict the last build kept on its config (`SchemaVerdicts`, one entry): what the schema
 * made of a config of plain data, so that the next build with the same config needs neither zod
 * nor the schema (a one-page rebuild of 2000 pages went from 1.98 to 1.84 s without them,
 * bench/README.md). A config with a plugin object or a function is validated every time. In
 * `.docs-gen-cache/config/verdict.json`, overwritten by the next config validated. Its salt: the
 * tool's build id, the schema module's text as this process runs it, and `year`, the one thing
 * besides its input the schema reads (the default footer names it).
 */
export async function configVerdicts(cacheDir: string, year = COPYRIGHT_YEAR): Promise<SchemaVerdicts<ResolvedConfig>> {
  const salt = [await toolBuildId(), siblingModuleText(import.meta.url, 'schema'), String(year)];
  return SchemaVerdicts.load(join(cacheDir, 'config', 'verdict.json'), salt, isConfigShaped);
}

const isConfigShaped = (value: unknown): value is ResolvedConfig => typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string' && Array.isArray((value as { locales?: unknown }).locales);

/**
 * The config the schema makes of `input`: the verdict the last build kept when it validated this
 * very value (`configVerdicts`), else the schema's, loaded now, with `keep` to keep it for the
 * next build. An invalid value throws what `invalid` makes of the schema's issues (by default,
 * zod's error).
 */
async function validated(input: unknown, cacheDir: string, cache = true, invalid?: (issues: ConfigIssues, schema: ConfigSchema) => Promise<Error>): Promise<{ config: ResolvedConfig; keep?: () => Promise<void> }> {
  const json = cache && isPlainData(input) ? JSON.stringify(input) : undefined;
  const verdicts = json === undefined ? undefined : await configVerdicts(cacheDir);
  const key = json === undefined ? undefined : verdicts?.keyOf(json);
  const kept = key === undefined ? undefined : verdicts?.get(key);
  if (kept) return { config: kept };
  const { configSchema } = await import('./schema.ts');
  // Plain data is validated as its JSON reads back, the very value for such data, and the text the
  // key was made of: the two cannot differ, whatever the value is made of.
  const parsed = configSchema.safeParse(json === undefined ? input : JSON.parse(json));
  if (!parsed.success) throw invalid ? await invalid(parsed.error.issues, configSchema) : parsed.error;
  // Noted now, before anything the build does with the config could change the object.
  const noted = key !== undefined && verdicts!.set(key, parsed.data);
  return { config: parsed.data, keep: noted ? () => verdicts!.save() : undefined };
}
