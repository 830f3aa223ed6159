import type { AnchorHTMLAttributes, ComponentType, ImgHTMLAttributes } from 'react';
import type { RouteData } from '../../src/shared/types.ts';
import { isExternalHref, resolveLink } from '../../src/shared/resolve-link.ts';
import { Alert } from './Alert.tsx';
import { DocImage, ResponsiveImage, type DocImageProps } from './DocImage.tsx';
import { RelOutput, type RelOutputProps } from './RelOutput.tsx';

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
  // Width, height and responsive variants from the image-size table.
  const Image = ({ src = '', ...rest }: ImgHTMLAttributes<HTMLImageElement>) => <ResponsiveImage data={data} src={typeof src === 'string' ? src : ''} {...rest} />;
  const BoundDocImage = (props: DocImageProps) => <DocImage data={data} {...props} />;
  const BoundRelOutput = (props: RelOutputProps) => <RelOutput data={data} {...props} />;
  return { a: Link, img: Image, Alert, DocImage: BoundDocImage, RelOutput: BoundRelOutput, ...extra };
}
