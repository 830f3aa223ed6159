import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { toolRoot } from '../util/tool-root.ts';

/**
 * The theme's inline scripts, written as modules in `theme/client/` (type-checked with the rest
 * of the client) and bundled here into the text a page inlines: minified, one self-contained
 * function. The Content-Security-Policy hashes exactly these strings.
 */
const cache = new Map<string, string>();

/** Every inline script, by its module in `theme/client/`. */
export const INLINE_SCRIPTS = ['head-script.ts', 'dev-client.ts'];

const BUNDLE_OPTIONS = {
  bundle: true,
  format: 'iife',
  minify: true,
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  write: false,
  logLevel: 'silent',
  legalComments: 'none',
} satisfies BuildOptions;

/** What `npm run build:tool` leaves in `dist/client/inline-scripts.json`: each script's text and what it was made from. */
interface PrebuiltInlineScripts {
  esbuild: string;
  scripts: Record<string, { text: string; /** Path relative to the tool's folder → sha256 of its content. */ inputs: Record<string, string> }>;
}

const requireHere = createRequire(import.meta.url);
const esbuildVersion = () => (requireHere('esbuild/package.json') as { version: string }).version;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const prebuiltFile = () => join(toolRoot(), 'dist', 'client', 'inline-scripts.json');

/** The script bundled by esbuild now, and the files it was made from (absolute). */
export function bundleWithEsbuild(file: string): { text: string; inputs: string[] } {
  // esbuild loads here (synchronously: the callers, theme config and the policy, are plain
  // functions), only when the prebuilt text is missing or stale.
  const { buildSync } = requireHere('esbuild') as typeof import('esbuild');
  // The tool's folder, as for the client bundle (client-assets.ts): the text must not follow the
  // current folder. Nor esbuild's first one for good (current-folder.ts).
  const result = buildSync({ ...BUNDLE_OPTIONS, absWorkingDir: toolRoot(), entryPoints: [join(toolRoot(), 'theme', 'client', file)], metafile: true });
  return { text: result.outputFiles[0]!.text.trimEnd(), inputs: Object.keys(result.metafile.inputs).map((input) => resolve(toolRoot(), input)) };
}

const manifests = new Map<string, PrebuiltInlineScripts | null>();

/**
 * The prebuilt text of `file` when every source it was made from is unchanged and esbuild is the
 * same, else undefined.
 */
export function prebuiltInlineScript(file: string, manifestFile: string = prebuiltFile()): string | undefined {
  if (!manifests.has(manifestFile)) {
    try {
      manifests.set(manifestFile, JSON.parse(readFileSync(manifestFile, 'utf8')) as PrebuiltInlineScripts);
    } catch {
      manifests.set(manifestFile, null);
    }
  }
  const manifest = manifests.get(manifestFile);
  const entry = manifest?.scripts[file];
  if (!manifest || !entry || manifest.esbuild !== esbuildVersion()) return undefined;
  for (const [input, hash] of Object.entries(entry.inputs)) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(isAbsolute(input) ? input : join(toolRoot(), input));
    } catch {
      return undefined;
    }
    if (sha256(bytes) !== hash) return undefined;
  }
  return entry.text;
}

/**
 * Bundles every inline script into `dist/client/inline-scripts.json` (run by `npm run build:tool`):
 * a build then reads the text instead of running esbuild (a child process and about 60 CPU ms).
 */
export function prebuildInlineScripts(): void {
  const manifest: PrebuiltInlineScripts = { esbuild: esbuildVersion(), scripts: {} };
  for (const file of INLINE_SCRIPTS) {
    const { text, inputs } = bundleWithEsbuild(file);
    const hashes: Record<string, string> = {};
    for (const input of inputs.sort()) hashes[relative(toolRoot(), input)] = sha256(readFileSync(input));
    manifest.scripts[file] = { text, inputs: hashes };
  }
  writeFileSync(prebuiltFile(), `${JSON.stringify(manifest, null, 2)}\n`);
  manifests.delete(prebuiltFile());
}

function bundleInline(file: string): string {
  let text = cache.get(file);
  if (text === undefined) {
    text = prebuiltInlineScript(file) ?? bundleWithEsbuild(file).text;
    cache.set(file, text);
  }
  return text;
}
/** Runs in `<head>` before first paint: the colour scheme and a dismissed banner (`theme/client/head-script.ts`). */
export const headScript = (): string => bundleInline('head-script.ts');

/** Dev's live-reload client, added to every page dev serves (`theme/client/dev-client.ts`). */
export const devClientScript = (): string => bundleInline('dev-client.ts');
