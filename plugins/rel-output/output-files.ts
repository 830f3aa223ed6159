import type { Dirent } from 'node:fs';
import { join, relative } from 'node:path';

/** The folder beside a page that holds its outputs: `basic-syntax.mdx` → `basic-syntax.outputs/`. */
export const OUTPUTS_SUFFIX = '.outputs';

/** An output file found in the content folder. */
export interface OutputSource {
  /** Relative to the content folder, `/`-separated: `rel/primer/basic-syntax.outputs/example1.json`. */
  contentPath: string;
  /** Its URL path on the site, without base path: `/rel-output/rel/primer/basic-syntax/example1.json`. */
  urlPath: string;
  /** The page it sits beside: folder (content-relative, '' at the top) and name (`index` for a folder page). */
  page: { folder: string; name: string };
}

/**
 * Where an output file is served: `{relOutputPath}/{page route}/{rest}`, the route being the
 * page's (an `index.outputs/` folder belongs to its folder's route). Undefined for files that
 * are not inside a `*.outputs/` folder or not `.json`.
 */
export function outputSourceOf(contentPath: string, relOutputPath: string): OutputSource | undefined {
  if (!/\.json$/i.test(contentPath)) return undefined;
  const segments = contentPath.split('/');
  const at = segments.findIndex((s, i) => i < segments.length - 1 && s.endsWith(OUTPUTS_SUFFIX) && s.length > OUTPUTS_SUFFIX.length);
  if (at < 0) return undefined;
  const folder = segments.slice(0, at);
  const name = segments[at]!.slice(0, -OUTPUTS_SUFFIX.length);
  const route = name === 'index' ? folder : [...folder, name];
  return {
    contentPath,
    urlPath: `${relOutputPath}/${[...route, ...segments.slice(at + 1)].join('/')}`,
    page: { folder: folder.join('/'), name },
  };
}

/** Every output file under the content folder (dot-folders skipped, as the content loader does). */
export async function findOutputSources(contentDir: string, relOutputPath: string, entries: readonly Dirent[]): Promise<OutputSource[]> {
  const sources: OutputSource[] = [];
  for (const entry of entries) {
    // Only JSON files are outputs: the pages beside them (10 000 of them) need no path worked out.
    if (!entry.isFile() || !/\.json$/i.test(entry.name)) continue;
    const path = relative(contentDir, join(entry.parentPath, entry.name)).split('\\').join('/');
    if (path.split('/').some((s) => s.startsWith('.'))) continue;
    const source = outputSourceOf(path, relOutputPath);
    if (source) sources.push(source);
  }
  return sources.sort((a, b) => a.contentPath.localeCompare(b.contentPath));
}
