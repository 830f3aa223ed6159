import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { toolRoot } from '../util/tool-root.ts';

/**
 * The theme's inline scripts, written as modules in `theme/client/` (type-checked with the rest
 * of the client) and bundled here into the text a page inlines: minified, one self-contained
 * function. The Content-Security-Policy hashes exactly these strings.
 */
const cache = new Map<string, string>();

function bundleInline(file: string): string {
  let text = cache.get(file);
  if (text === undefined) {
    // Synchronous on purpose: a few milliseconds once per process, and the callers (theme config,
    // the policy) stay plain functions.
    const result = buildSync({
      entryPoints: [join(toolRoot(), 'theme', 'client', file)],
      bundle: true,
      format: 'iife',
      minify: true,
      target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
      write: false,
      logLevel: 'silent',
      legalComments: 'none',
    });
    text = result.outputFiles[0]!.text.trimEnd();
    cache.set(file, text);
  }
  return text;
}

/** Runs in `<head>` before first paint: the colour scheme and a dismissed banner (`theme/client/head-script.ts`). */
export const headScript = (): string => bundleInline('head-script.ts');

/** Dev's live-reload client, added to every page dev serves (`theme/client/dev-client.ts`). */
export const devClientScript = (): string => bundleInline('dev-client.ts');
