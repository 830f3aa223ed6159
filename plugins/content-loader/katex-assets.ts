import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** KaTeX's stylesheet and fonts, served from the site itself under a folder named by their hash. */
export interface KatexAssets {
  /** Output folder, relative to the output root: `_next/static/katex-<hash>`. */
  dir: string;
  css: string;
  /** Font file names under `<dir>/fonts/`. */
  fonts: string[];
  /** Where the fonts are read from. */
  fontDir: string;
}

let assets: KatexAssets | undefined;

/**
 * The stylesheet keeps only the woff2 sources (every browser that runs the theme reads woff2), so
 * a build copies 20 fonts, not 60. Deterministic: the same KaTeX gives the same folder and bytes.
 */
export function katexAssets(): KatexAssets {
  if (assets) return assets;
  const dist = dirname(createRequire(import.meta.url).resolve('katex/dist/katex.min.css'));
  const css = readFileSync(join(dist, 'katex.min.css'), 'utf8').replace(/,url\(fonts\/[^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)/g, '');
  const fonts = [...new Set([...css.matchAll(/url\(fonts\/([^)]+\.woff2)\)/g)].map((m) => m[1]!))].sort();
  const hash = createHash('sha256').update(css).digest('hex').slice(0, 12);
  assets = { dir: `_next/static/katex-${hash}`, css, fonts, fontDir: join(dist, 'fonts') };
  return assets;
}

/** The stylesheet's URL on a site with `basePath`. */
export const katexStylesheetHref = (basePath: string) => `${basePath}/${katexAssets().dir}/katex.min.css`;
