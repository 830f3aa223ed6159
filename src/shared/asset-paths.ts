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
 * Where images named relative to their page are served: the file's path from the site root,
 * under this folder (`pages/img/a.png` → `/_docs-gen/files/pages/img/a.png`). A folder of its own,
 * so such an image can never shadow a page or a file of `public/`.
 */
export const PAGE_IMAGE_PREFIX = '/_docs-gen/files';

/** The folder of a page's source file, relative to the site root (`pages/guide`; '' at the root). */
export function sourceFolderOf(sourcePath: string): string {
  // Replaced only when there is a backslash: the image check asks this for every image of every page.
  const slashed = sourcePath.includes('\\') ? sourcePath.replace(/\\/g, '/') : sourcePath;
  const slash = slashed.lastIndexOf('/');
  return slash < 0 ? '' : slashed.slice(0, slash);
}

/**
 * The file a relative image names, as a path from the site root, resolved against the page's
 * own folder (`sourceFolder`) as Markdown editors and Nextra resolve it: `../../img/a.png` from
 * `pages/guide/x.mdx` is `img/a.png`. `outside` when the path climbs above the site root (after
 * percent-decoding, so `%2e%2e` counts): such a file is never read. Undefined for what is not a
 * relative local image (root-absolute, external, `data:`, empty).
 */
export function relativeImageFile(src: string, sourceFolder: string): { file: string } | 'outside' | undefined {
  if (!src || src.startsWith('/') || isExternalHref(src)) return undefined;
  const written = src.split(/[?#]/)[0]!;
  if (!written) return undefined;
  let decoded = written;
  try {
    decoded = decodeURIComponent(written);
  } catch {
    // Broken encoding: the path as written (it names no file, and that is reported).
  }
  // A backslash is a separator on Windows: it must not hide a `..`.
  const segments = sourceFolder.split('/').filter(Boolean);
  for (const segment of decoded.split(/[\\/]/)) {
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') segments.push(segment);
    else if (!segments.pop()) return 'outside';
  }
  return { file: segments.join('/') };
}

/** Where an image src is resolved from: the page's route folder and, for pages with a source file, that file's folder. */
export interface ImagePathContext {
  /** Route of the page's source folder: relative images of a page without a source file resolve against it, in `public/`. */
  folderRoute: string;
  basePath: string;
  /** Folder of the page's source file from the site root (`sourceFolderOf`): relative images are files beside the page. */
  sourceFolder?: string;
}

/**
 * The URL path, without the base path, of a local image as content writes it. `/images/a.png`
 * is a file of `public/`; a relative path names a file beside the page (`relativeImageFile`),
 * served under `PAGE_IMAGE_PREFIX`. Without a `sourceFolder` (the navbar logo, routes a plugin
 * adds) a relative path resolves against `folderRoute` in `public/`, like a link. Pages get the
 * absolute path, so a trailing slash in the URL changes nothing. Undefined for external and
 * `data:` images, which the build does not measure, and for a relative path that leaves the site
 * (reported by the image-size plugin, left as written).
 */
export function resolveImagePath(src: string, options: ImagePathContext): string | undefined {
  if (!src || isExternalHref(src)) return undefined;
  if (options.sourceFolder !== undefined && !src.startsWith('/')) {
    const local = relativeImageFile(src, options.sourceFolder);
    return typeof local === 'object' ? `${PAGE_IMAGE_PREFIX}/${local.file}` : undefined;
  }
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
