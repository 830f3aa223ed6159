/**
 * Where an image or a Rel output that content names lives on the built site. Shared by the
 * plugins that check and copy them and by the theme components that render them, so both
 * always agree on the path.
 */
import { isExternalHref } from './resolve-link.ts';

/**
 * Resolves `path` (absolute, or relative to `base`) to a normalised, decoded URL path.
 * Percent-decoding comes first, exactly once, and dot segments are resolved after it, so an
 * encoded `%2e%2e` or `..%2f` can never survive as a `..` that climbs out of the folder.
 */
function normalisePath(path: string, base: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Broken encoding: the path as written (it names no file, and that is reported).
  }
  const segments = decoded.startsWith('/') ? [] : base.split('/').filter(Boolean);
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/**
 * The URL path, without the base path, of a local image as content writes it: `/images/a.png`,
 * or relative to the page's folder like a link (`folderRoute`: the route of the source file's
 * folder). Pages get the absolute path, so a trailing slash in the URL changes nothing.
 * Undefined for external and `data:` images, which the build does not measure.
 */
export function resolveImagePath(src: string, options: { folderRoute: string; basePath: string }): string | undefined {
  if (!src || isExternalHref(src)) return undefined;
  const path = src.split(/[?#]/)[0]!;
  if (!path) return undefined;
  const resolved = normalisePath(path, options.folderRoute);
  const { basePath } = options;
  if (basePath && (resolved === basePath || resolved.startsWith(`${basePath}/`))) return resolved.slice(basePath.length) || '/';
  return resolved;
}

/** The folder of the output under which Rel example outputs are served (the seed's "rel-output path"). */
export const DEFAULT_REL_OUTPUT_PATH = '/rel-output';

/** Where a `<RelOutput src>` points: a local file by URL path (without base path), or an external URL. */
export type RelOutputTarget = { kind: 'local'; path: string } | { kind: 'external'; url: string };

/**
 * Seed §5: a `src` not starting with `/` resolves under the rel-output folder plus the page's
 * path; `.json` is appended if missing. A `src` starting with `/` is a path on the site, and
 * a URL is fetched by the browser (`.json` appended too).
 */
export function resolveRelOutputSrc(src: string, options: { pageRoute: string; relOutputPath: string }): RelOutputTarget {
  const withJson = /\.json$/i.test(src) ? src : `${src}.json`;
  if (isExternalHref(src)) return { kind: 'external', url: withJson };
  if (src.startsWith('/')) return { kind: 'local', path: normalisePath(withJson, '/') };
  const page = options.pageRoute === '/' ? '' : options.pageRoute;
  return { kind: 'local', path: normalisePath(withJson, `${options.relOutputPath}${page}/`) };
}
