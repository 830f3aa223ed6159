/** `next/link`: a plain `<a>`; the build adds the base path and locale prefix to internal links it sees in pages. */
import type { ReactNode } from 'react';
import { useRouteData } from 'docs-gen/theme';

type Href = string | { pathname?: string; query?: Record<string, string>; hash?: string };

function hrefOf(href: Href): string {
  if (typeof href === 'string') return href;
  const query = href.query ? `?${new URLSearchParams(href.query).toString()}` : '';
  return `${href.pathname ?? ''}${query}${href.hash ? `#${href.hash.replace(/^#/, '')}` : ''}`;
}

export default function Link({ href, children, locale, passHref: _passHref, legacyBehavior: _legacy, prefetch: _prefetch, shallow: _shallow, scroll: _scroll, replace: _replace, ...rest }: { href: Href; children?: ReactNode; locale?: string | false; passHref?: boolean; legacyBehavior?: boolean; prefetch?: boolean; shallow?: boolean; scroll?: boolean; replace?: boolean; [attribute: string]: unknown }) {
  const data = useRouteData();
  let target = hrefOf(href);
  // A root-relative link inside the site: the page's base path and locale, as the build writes them.
  if (target.startsWith('/') && !target.startsWith('//')) {
    const targetLocale = locale === false || locale === undefined ? data.locale : locale;
    const prefix = `${data.config.basePath}${targetLocale === data.config.defaultLocale ? '' : `/${targetLocale}`}`;
    target = `${prefix}${target === '/' && prefix ? '' : target}`;
  }
  return (
    <a href={target} {...(rest as Record<string, string>)}>
      {children}
    </a>
  );
}
