import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Element } from 'hast';

/** mermaid's own prebuilt ES module and its chunks, served from the site under a folder named by their hash. */
export interface MermaidAssets {
  /** Output folder, relative to the output root: `_next/static/mermaid-<hash>`. */
  dir: string;
  /** Paths relative to `dir` (the entry first), and where each is read from. */
  files: { path: string; source: string }[];
}

const ENTRY = 'mermaid.esm.min.mjs';
const CHUNKS = 'chunks/mermaid.esm.min';
let assets: MermaidAssets | undefined;

/**
 * mermaid ships a minified, code-split ES build: copying it (no source maps) costs a build
 * nothing, where bundling 3.6 MB of diagram code with esbuild would cost every build seconds.
 */
export function mermaidAssets(): MermaidAssets {
  if (assets) return assets;
  const dist = dirname(createRequire(import.meta.url).resolve(`mermaid/dist/${ENTRY}`));
  const chunks = readdirSync(join(dist, CHUNKS)).filter((name) => name.endsWith('.mjs')).sort();
  const files = [{ path: ENTRY, source: join(dist, ENTRY) }, ...chunks.map((name) => ({ path: `${CHUNKS}/${name}`, source: join(dist, CHUNKS, name) }))];
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.path).update(readFileSync(file.source));
  assets = { dir: `_next/static/mermaid-${hash.digest('hex').slice(0, 12)}`, files };
  return assets;
}

/** The module the client imports on a page with a diagram, on a site with `basePath`. */
export const mermaidModuleHref = (basePath: string) => `${basePath}/${mermaidAssets().dir}/${ENTRY}`;

const FENCE = /^[ \t]*(?:`{3,}|~{3,})[ \t]*mermaid\b/im;
/** Whether a page's source has a mermaid fence. */
export const hasMermaid = (body: string) => FENCE.test(body);

/**
 * A ```` ```mermaid ```` fence: its text as escaped text (never HTML), drawn in the browser by the
 * lazily loaded mermaid with `securityLevel: 'strict'`. Space is reserved from the line count, so
 * the diagram replacing the text moves little; without JavaScript the text stays readable.
 */
export function mermaidBlock(source: string, basePath: string): Element {
  const text = source.replace(/\n$/, '');
  const lines = text.split('\n').length;
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['mermaid-diagram'], dataMermaidModule: mermaidModuleHref(basePath), style: `--mermaid-lines:${lines}` },
    children: [{ type: 'element', tagName: 'pre', properties: { className: ['mermaid-source'] }, children: [{ type: 'text', value: text }] }],
  };
}
