import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { folderRouteOf, positionAt, resolveImagePath, type ContentPage, type SourceReference } from 'docs-gen';

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
async function frontMatterImagePlace(root: string, sourcePath: string): Promise<{ line: number; column: number }> {
  const source = await readFile(join(root, sourcePath), 'utf8').catch(() => '');
  const end = source.startsWith('---') ? source.indexOf('\n---', 3) : -1;
  const match = /^image:[ \t]*['"]?/m.exec(end > 0 ? source.slice(0, end) : '');
  return match ? positionAt(source, match.index + match[0].length) : { line: 1, column: 1 };
}

/**
 * Every local image content references (Markdown images, `<DocImage src srcDark>`, front
 * matter `image`), by URL path without the base path, with each place that names it.
 */
export async function collectImageUses(pages: readonly ImagePage[], options: { root: string; basePath: string }): Promise<Map<string, ImageUse[]>> {
  const uses = new Map<string, ImageUse[]>();
  const add = (path: string | undefined, use: ImageUse) => {
    if (!path || NOT_AN_IMAGE.test(path)) return;
    const list = uses.get(path);
    if (list) list.push(use);
    else uses.set(path, [use]);
  };
  for (const page of pages) {
    const folderRoute = folderRouteOf(page);
    for (const ref of page.references ?? []) {
      if (ref.kind !== 'image') continue;
      add(resolveImagePath(ref.url, { folderRoute, basePath: options.basePath }), { url: ref.url, file: page.sourcePath, line: ref.line, column: ref.column });
    }
    const image = page.frontMatter.image;
    if (typeof image === 'string' && image) {
      const path = resolveImagePath(image, { folderRoute, basePath: options.basePath });
      if (path) add(path, { url: image, file: page.sourcePath, ...(await frontMatterImagePlace(options.root, page.sourcePath)) });
    }
  }
  return uses;
}
