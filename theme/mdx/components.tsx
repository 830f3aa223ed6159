import type { AnchorHTMLAttributes, ComponentType, ImgHTMLAttributes } from 'react';
import type { RouteData } from '../../src/shared/types.ts';
import { isExternalHref, resolveLink } from '../../src/shared/resolve-link.ts';
import { ResponsiveImage } from './DocImage.tsx';

/**
 * The components MDX's own elements render with (`a`, `img`), bound to the page's route data,
 * then the registered ones: the plugins' `mdxComponents` (the theme's `Alert`, `DocImage`,
 * `RelOutput` among them) and the config's islands.
 */
export function mdxComponents(data: RouteData, registered: Record<string, ComponentType<never>> = {}): Record<string, unknown> {
  function Link({ href = '', children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
    if (isExternalHref(href)) {
      return (
        <a href={href} target="_blank" rel="noreferrer" {...rest}>
          {children}
        </a>
      );
    }
    const resolved = resolveLink(href, { pageRoute: data.route, folderRoute: data.folderRoute });
    const target = href.startsWith('#') || !resolved ? href : `${data.hrefPrefix}${resolved.route === '/' ? '/' : resolved.route}${resolved.search}${resolved.hash ? `#${resolved.hash}` : ''}`;
    return (
      <a href={target} {...rest}>
        {children}
      </a>
    );
  }
  // Width, height and responsive variants from the image-size table.
  const Image = ({ src = '', ...rest }: ImgHTMLAttributes<HTMLImageElement>) => <ResponsiveImage data={data} src={typeof src === 'string' ? src : ''} {...rest} />;
  return { a: Link, img: Image, ...registered };
}
