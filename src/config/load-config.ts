import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DiagnosticError, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { isNextraSite, readNextraSite } from './nextra-site.ts';
import { importModuleFile } from '../util/import-module.ts';
import { configSchema, DEFAULT_EVALUATION_TIMEOUT_MS, type ResolvedConfig } from './schema.ts';
import { configIssuesToDiagnostics } from './config-errors.ts';

export const CONFIG_FILES = ['docs-gen.config.ts', 'docs-gen.config.mts', 'docs-gen.config.js', 'docs-gen.config.mjs'];

export interface LoadedConfig {
  config: ResolvedConfig;
  /** Absolute path of the config file, when there is one. */
  file?: string;
  /** Files the config imports (for dev's watcher). */
  dependencies: string[];
  /** What reading the config found but does not stop a build (a Nextra site's options that do not map). */
  warnings?: Diagnostic[];
}

/** Finds, bundles and validates the site config; no config file means all defaults. */
export async function loadConfig(root: string, options: { evaluationTimeoutMs?: number } = {}): Promise<LoadedConfig> {
  const file = CONFIG_FILES.map((name) => join(root, name)).find((path) => existsSync(path));
  const limit = options.evaluationTimeoutMs === undefined ? {} : { evaluationTimeoutMs: options.evaluationTimeoutMs };
  if (!file && isNextraSite(root)) {
    // A Nextra 2/3 site as it is: its next.config and theme.config are the config.
    const nextra = await readNextraSite(root, { cacheDir: join(root, '.docs-gen-cache'), timeoutMs: options.evaluationTimeoutMs ?? DEFAULT_EVALUATION_TIMEOUT_MS });
    const parsed = configSchema.safeParse({ ...nextra.config, ...limit });
    if (!parsed.success) {
      const first = nextra.files[nextra.files.length - 1]!;
      throw new DiagnosticError(configIssuesToDiagnostics(configSchema, parsed.error.issues, relative(root, first), readFileSync(first, 'utf8')));
    }
    return { config: parsed.data, file: nextra.files[0], dependencies: nextra.files.slice(1), warnings: nextra.warnings };
  }
  if (!file) return { config: configSchema.parse(limit), dependencies: [] };
  const relativeFile = relative(root, file);
  // The config cannot bound its own load: the caller's bound, or the default.
  const timeoutMs = options.evaluationTimeoutMs ?? DEFAULT_EVALUATION_TIMEOUT_MS;
  const { exports, dependencies } = await importModuleFile(file, { root, cacheDir: join(root, '.docs-gen-cache'), code: 'config-syntax', timeoutMs });
  if (exports.default === undefined) {
    throw new DiagnosticError([
      { severity: 'error', code: 'config-load', message: 'The config has no default export (use `export default defineConfig({...})`)', file: relativeFile, line: 1, column: 1 },
    ]);
  }
  const parsed = configSchema.safeParse(exports.default);
  if (!parsed.success) {
    const source = readFileSync(file, 'utf8');
    throw new DiagnosticError(configIssuesToDiagnostics(configSchema, parsed.error.issues, relativeFile, source));
  }
  const config = options.evaluationTimeoutMs === undefined ? parsed.data : { ...parsed.data, evaluationTimeoutMs: options.evaluationTimeoutMs };
  return { config, file, dependencies };
}
