import type { CSSProperties, ImgHTMLAttributes } from 'react';
import type { ImageInfo, RouteData } from '../../src/shared/types.ts';
import { resolveImagePath, sourceFolderOf, type ImagePathContext } from '../../src/shared/asset-paths.ts';
import { encodeRoute } from '../../src/shared/page-href.ts';
import { decodeAttribute, escapeHtml } from '../../src/shared/escape-html.ts';
import { IMAGE_LOADING_ATTRIBUTES } from '../../src/shared/theme-attributes.ts';

/** The content column's width in CSS pixels (`.content { max-width: 72ch }`), for `sizes`. */
const CONTENT_WIDTH = 720;

/** Where this page's image paths resolve from: relative ones beside its source file. */
function imageContext(data: RouteData): ImagePathContext {
  return { folderRoute: data.folderRoute, basePath: data.config.basePath, sourceFolder: data.sourcePath === undefined ? undefined : sourceFolderOf(data.sourcePath) };
}

/** An image's URL on the built site and its entry in the image-size table (none for external images). */
export function lookupImage(data: RouteData, src: string): { url: string; info?: ImageInfo } {
  const path = resolveImagePath(src, imageContext(data));
  if (!path) return { url: src };
  const info = data.images?.[path];
  if (data.images && !info) {
    // The image-size plugin measured every src written as a string; this one it never saw.
    throw new Error(`Image ${src} is not in the image-size table: write its src as a plain string so that the build can find and measure it`);
  }
  return { url: `${data.config.basePath}${encodeRoute(path)}`, info };
}

/** `sizes` for an image `percent` wide in the content column (the full layout has no column). */
export function sizesFor(data: RouteData, percent = 100): string {
  if (data.theme.layout === 'full') return `${percent}vw`;
  return `(max-width: 768px) ${percent}vw, ${Math.round((CONTENT_WIDTH * percent) / 100)}px`;
}

/** Seed §3: a doc image's width is a percentage, capped at 100. */
export function widthPercent(width: unknown): number | undefined {
  const value = typeof width === 'number' ? width : typeof width === 'string' ? Number.parseFloat(width) : Number.NaN;
  if (!Number.isFinite(value) || value <= 0) return undefined;
  return Math.min(value, 100);
}

/** Width and height for the `<img>`: the table's, or the author's width with the height to match. */
function dimensions(info: ImageInfo, width: unknown): { width: number; height: number } {
  const given = typeof width === 'number' ? width : typeof width === 'string' && /^\d+$/.test(width) ? Number(width) : undefined;
  if (!given) return { width: info.width, height: info.height };
  return { width: given, height: Math.round((given * info.height) / info.width) };
}

type ImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { data: RouteData; src: string; sizes?: string; outerClassName?: string };

/**
 * An `<img>` with its width and height from the table, so nothing shifts while it loads; a
 * raster image also gets a `<picture>` with its WebP variants (`srcset`/`sizes`), the original
 * as the fallback. Lazy: the browser loads it when it nears the viewport.
 */
export function ResponsiveImage({ data, src, alt = '', sizes, outerClassName, width, height, ...rest }: ImageProps) {
  const { url, info } = lookupImage(data, src);
  const size = info ? dimensions(info, width) : { width, height };
  const img = <img src={url} alt={alt} width={size.width} height={size.height} {...IMAGE_LOADING_ATTRIBUTES} className={info?.variants ? undefined : outerClassName} {...rest} />;
  if (!info?.variants) return img;
  return (
    <picture className={outerClassName}>
      <source type={info.variants.mime} srcSet={info.variants.srcset} sizes={sizes ?? sizesFor(data)} />
      {img}
    </picture>
  );
}

export interface DocImageProps {
  src: string;
  /** Shown instead of `src` when the page is dark. */
  srcDark?: string;
  alt?: string;
  /** Percent of the content width, capped at 100. */
  width?: number | string;
  caption?: string;
}

/**
 * Seed §3: a doc image. Both variants are in the page with their own dimensions and CSS keyed
 * on `html.dark` shows one: the theme class is set before first paint, so there is no flash,
 * and the hidden one is never fetched (lazy images that are not displayed do not load).
 */
export function DocImage({ data, src, srcDark, alt = '', width, caption }: DocImageProps & { data: RouteData }) {
  const percent = widthPercent(width);
  const style: CSSProperties | undefined = percent ? { width: `${percent}%` } : undefined;
  const sizes = sizesFor(data, percent);
  return (
    <figure className={srcDark ? 'doc-image doc-image-has-dark' : 'doc-image'}>
      <span className="doc-image-frame" style={style}>
        <ResponsiveImage data={data} src={src} alt={alt} sizes={sizes} outerClassName="doc-image-light" />
        {srcDark && <ResponsiveImage data={data} src={srcDark} alt={alt} sizes={sizes} outerClassName="doc-image-dark" />}
      </span>
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}

const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/**
 * The same treatment for pages that are HTML already (`.md` pages, plugin routes): every
 * `<img>` of a local image gets the table's dimensions and, for raster images, a `<picture>`.
 */
export function responsiveImagesInHtml(html: string, data: RouteData): string {
  if (!data.images || !html.includes('<img')) return html;
  return html.replace(/<img\b([^>]*?)\s*\/?>/gi, (tag, attributeText: string) => {
    const attributes = new Map<string, string>();
    for (const match of attributeText.matchAll(ATTRIBUTE)) attributes.set(match[1]!.toLowerCase(), decodeAttribute(match[2] ?? match[3] ?? match[4] ?? ''));
    const src = attributes.get('src');
    if (!src) return tag;
    const path = resolveImagePath(src, imageContext(data));
    const info = path ? data.images![path] : undefined;
    if (!path || !info) return tag;
    const size = dimensions(info, attributes.get('width'));
    attributes.set('src', `${data.config.basePath}${encodeRoute(path)}`);
    attributes.set('width', String(size.width));
    attributes.set('height', String(size.height));
    for (const [name, value] of Object.entries(IMAGE_LOADING_ATTRIBUTES)) if (!attributes.has(name)) attributes.set(name, value);
    const img = `<img ${[...attributes].map(([name, value]) => `${name}="${escapeHtml(value)}"`).join(' ')}>`;
    if (!info.variants) return img;
    return `<picture><source type="${info.variants.mime}" srcset="${escapeHtml(info.variants.srcset)}" sizes="${escapeHtml(sizesFor(data))}">${img}</picture>`;
  });
}
