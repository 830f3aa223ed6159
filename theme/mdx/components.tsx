import type { AnchorHTMLAttributes, ComponentType, ImgHTMLAttributes } from 'react';
import type { RouteData } from '../../src/shared/types.ts';
import { isExternalHref } from '../../src/shared/resolve-link.ts';
import { EXTERNAL_LINK_ATTRIBUTES } from '../../src/shared/theme-attributes.ts';
import { DocImage as DocImageView, ResponsiveImage, type DocImageProps } from './DocImage.tsx';
import { RelOutput as RelOutputView, type RelOutputProps } from './RelOutput.tsx';
import * as themeComponents from './registered.tsx';
import { headingComponents } from '../components/HeadingAnchor.tsx';

/**
 * The components MDX's own elements render with (`a`, `img`), bound to the page's route data,
 * h2–h6 with their `#` anchor, then the registered ones: the plugins' `mdxComponents` (the theme's `Alert`, `DocImage`,
 * `RelOutput` among them) and the config's islands.
 */
export function mdxComponents(data: RouteData, registered: Record<string, ComponentType<never>> = {}): Record<string, unknown> {
  // Internal hrefs are already the built site's: the compile rewrote them (`pageHref`). External ones open in a new tab.
  function Link({ href = '', children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
    const external = isExternalHref(href) ? EXTERNAL_LINK_ATTRIBUTES : {};
    return (
      <a href={href} {...external} {...rest}>
        {children}
      </a>
    );
  }
  // Width, height and responsive variants from the image-size table.
  const Image = ({ src = '', ...rest }: ImgHTMLAttributes<HTMLImageElement>) => <ResponsiveImage data={data} src={typeof src === 'string' ? src : ''} {...rest} />;
  return { a: Link, img: Image, ...headingComponents(data.headings, data.strings), ...givenTheData(registered, data) };
}

/**
 * The registered components, the theme's `DocImage` and `RelOutput` given the page's route data as
 * a prop rather than reading it from React's context (a hook): the same markup, and a page of
 * them is written without React's renderer (static-markup.ts). A plugin's component keeps its hooks.
 */
function givenTheData(registered: Record<string, ComponentType<never>>, data: RouteData): Record<string, unknown> {
  const given: Record<string, unknown> = { ...registered };
  for (const [name, component] of Object.entries(registered)) {
    if (component === themeComponents.DocImage) given[name] = (props: DocImageProps) => <DocImageView data={data} {...props} />;
    else if (component === themeComponents.RelOutput) given[name] = (props: RelOutputProps) => <RelOutputView data={data} {...props} />;
  }
  return given;
}
