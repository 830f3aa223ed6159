import type { AnchorHTMLAttributes, ComponentType, ImgHTMLAttributes } from 'react';
import type { RouteData } from '../../src/shared/types.ts';
import { isExternalHref, resolveLink } from '../../src/shared/resolve-link.ts';
import { Alert } from './Alert.tsx';

/** MDX components available in every page without an import, bound to the page's route data. */
export function mdxComponents(data: RouteData, extra: Record<string, ComponentType<never>> = {}): Record<string, unknown> {
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
  function Image({ src = '', alt = '', ...rest }: ImgHTMLAttributes<HTMLImageElement>) {
    const url = typeof src === 'string' && src.startsWith('/') ? `${data.config.basePath}${src}` : src;
    return <img src={url} alt={alt} loading="lazy" decoding="async" {...rest} />;
  }
  return { a: Link, img: Image, Alert, ...extra };
}
