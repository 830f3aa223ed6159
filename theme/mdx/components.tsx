import type { AnchorHTMLAttributes, ComponentType, ImgHTMLAttributes } from 'react';
import type { RouteData } from '../../src/shared/types.ts';
import { isExternalHref } from '../../src/shared/resolve-link.ts';
import { Alert } from './Alert.tsx';
import { DocImage, ResponsiveImage, type DocImageProps } from './DocImage.tsx';
import { RelOutput, type RelOutputProps } from './RelOutput.tsx';

/** MDX components available in every page without an import, bound to the page's route data. */
export function mdxComponents(data: RouteData, extra: Record<string, ComponentType<never>> = {}): Record<string, unknown> {
  // Internal hrefs are already the built site's: the compile rewrote them (`pageHref`). External ones open in a new tab.
  function Link({ href = '', children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
    const external = isExternalHref(href) ? { target: '_blank', rel: 'noreferrer' } : {};
    return (
      <a href={href} {...external} {...rest}>
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
