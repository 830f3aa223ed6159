import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { folderRouteOf, positionAt, relativeImageFile, resolveImagePath, sourceFolderOf, type ContentPage, type SourceReference } from 'docs-gen';

/** The part of a content page this plugin reads. */
export type ImagePage = Pick<ContentPage, 'route' | 'sourcePath' | 'frontMatter'> & { references?: SourceReference[] };

/** A place in content that names an image. */
export interface ImageUse {
  /** As written. */
  url: string;
  file: string;
  line: number;
  column: number;
}

/**
 * A `.md` page's references count every `src=` of its HTML as an image; an `<iframe>` or a
 * `<script>` is not one. A path with another extension is left to them.
 */
const NOT_AN_IMAGE = /\.(?!(?:png|jpe?g|gif|webp|avif|svgz?|tiff?|bmp|ico)$)[a-z0-9]+$/i;

/** Where `image:` sits in a page's front matter (line 1 when it cannot be found). */
function frontMatterImagePlace(root: string, sourcePath: string): { line: number; column: number } {
  // Read at once, as `_meta` files are (read-meta.ts): a site may give every page an `image:`,
  // and each promised read is four hand-offs to libuv's threads.
  let source = '';
  try {
    source = readFileSync(join(root, sourcePath), 'utf8');
  } catch {
    // Gone since it was compiled: the image is placed at line 1.
  }
  const end = source.startsWith('---') ? source.indexOf('\n---', 3) : -1;
  const match = /^image:[ \t]*['"]?/m.exec(end > 0 ? source.slice(0, end) : '');
  return match ? positionAt(source, match.index + match[0].length) : { line: 1, column: 1 };
}

/** The images content names: by URL path, and the relative ones that climb out of the site. */
export interface CollectedImageUses {
  /** By URL path without the base path (`/images/a.png`, `/_docs-gen/files/pages/img/b.png`). */
  byPath: Map<string, ImageUse[]>;
  /** Relative paths that leave the site root: reported where they are written, never read. */
  outside: ImageUse[];
}

/**
 * Every local image content references (Markdown images, `<DocImage src srcDark>`, front
 * matter `image`), by URL path without the base path, with each place that names them. A
 * relative path names a file beside the page (`resolveImagePath` with the page's source folder).
 */
export function collectImageUses(pages: readonly ImagePage[], options: { root: string; basePath: string }): CollectedImageUses {
  const byPath = new Map<string, ImageUse[]>();
  const outside: ImageUse[] = [];
  const key = usesKey(options);
  for (const page of pages) {
    // Most pages name no image: no paths to work out. Nor is a page whose uses are known, or known
    // to be none: at 10 000 pages, an await per page and a pass over every page's references were
    // 20 to 30 ms of every dev save.
    const uses = knownUses(page, key) ?? (namesAnImage(page) ? pageImageUses(page, options, key) : noUses(page, key));
    if (uses === NO_IMAGE_USES) continue;
    outside.push(...uses.outside);
    for (const [path, use] of uses.byPath) {
      const list = byPath.get(path);
      if (list) list.push(use);
      else byPath.set(path, [use]);
    }
  }
  return { byPath, outside };
}

interface PageImageUses {
  byPath: [string, ImageUse][];
  outside: ImageUse[];
}

const NO_IMAGE_USES: PageImageUses = { byPath: [], outside: [] };

/** Whether the page names an image at all: an image reference, or front matter `image`. */
const namesAnImage = (page: ImagePage): boolean => (typeof page.frontMatter.image === 'string' && page.frontMatter.image !== '') || (page.references ?? []).some((ref) => ref.kind === 'image');

/**
 * Each page object's image uses, by the options they were resolved with. Dev hands this plugin
 * the same page object again while the page is unchanged, so an edit resolves the images of
 * the edited page alone (at 10 000 pages, resolving every page's paths took 50 ms an edit).
 */
const usesOfPage = new WeakMap<ImagePage, { key: string; uses: PageImageUses }>();

/** What a page's uses are resolved with: `usesOfPage` keeps them for this alone. */
const usesKey = (options: { root: string; basePath: string }) => `${options.root}\0${options.basePath}`;

/** The page's uses as `pageImageUses` resolved them with the same options before, if it did. */
function knownUses(page: ImagePage, key: string): PageImageUses | undefined {
  const known = usesOfPage.get(page);
  return known?.key === key ? known.uses : undefined;
}

function noUses(page: ImagePage, key: string): PageImageUses {
  usesOfPage.set(page, { key, uses: NO_IMAGE_USES });
  return NO_IMAGE_USES;
}

function pageImageUses(page: ImagePage, options: { root: string; basePath: string }, key: string): PageImageUses {
  const uses: PageImageUses = { byPath: [], outside: [] };
  const add = (written: string, sourceFolder: string, path: string | undefined, use: ImageUse) => {
    if (relativeImageFile(written, sourceFolder) === 'outside') uses.outside.push(use);
    if (!path || NOT_AN_IMAGE.test(path)) return;
    uses.byPath.push([path, use]);
  };
  const context = { folderRoute: folderRouteOf(page), basePath: options.basePath, sourceFolder: sourceFolderOf(page.sourcePath) };
  for (const ref of page.references ?? []) {
    if (ref.kind !== 'image') continue;
    add(ref.url, context.sourceFolder, resolveImagePath(ref.url, context), { url: ref.url, file: page.sourcePath, line: ref.line, column: ref.column });
  }
  const image = page.frontMatter.image;
  if (typeof image === 'string' && image) {
    const path = resolveImagePath(image, context);
    if (path || relativeImageFile(image, context.sourceFolder) === 'outside') add(image, context.sourceFolder, path, { url: image, file: page.sourcePath, ...frontMatterImagePlace(options.root, page.sourcePath) });
  }
  usesOfPage.set(page, { key, uses });
  return uses;
}
