/** `next/image`: an `<img>` with its width and height (from a static import, or as given), lazy. */
type StaticImage = { src: string; width: number; height: number };

export default function Image({ src, width, height, alt = '', fill, priority, placeholder: _placeholder, blurDataURL: _blur, quality: _quality, loader: _loader, unoptimized: _unoptimized, ...rest }: { src: string | StaticImage; width?: number | string; height?: number | string; alt?: string; fill?: boolean; priority?: boolean; placeholder?: string; blurDataURL?: string; quality?: number; loader?: unknown; unoptimized?: boolean; [attribute: string]: unknown }) {
  const image = typeof src === 'string' ? { src, width: undefined, height: undefined } : src;
  return (
    <img
      src={image.src}
      alt={alt}
      width={fill ? undefined : (width ?? image.width)}
      height={fill ? undefined : (height ?? image.height)}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(rest as Record<string, string>)}
    />
  );
}
