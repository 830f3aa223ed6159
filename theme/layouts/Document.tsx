import type { ReactNode } from 'react';
import type { RouteData } from '../../src/shared/types.ts';

/** `<html>` and `<head>`: title, description, canonical, OpenGraph, theme-before-paint script, assets. */
export function Document({ data, children }: { data: RouteData; children: ReactNode }) {
  const { config } = data;
  const direction = config.locales.find((l) => l.locale === data.locale)?.direction ?? 'ltr';
  const canonical = config.siteUrl ? `${config.siteUrl.replace(/\/$/, '')}${data.url}` : undefined;
  // `ogImage` is Nextra's name for it.
  const image = typeof data.frontMatter.image === 'string' ? data.frontMatter.image : typeof data.frontMatter.ogImage === 'string' ? data.frontMatter.ogImage : undefined;
  const hue = `:root{--primary-hue:${config.primaryHue.light}}html.dark{--primary-hue:${config.primaryHue.dark}}`;
  return (
    <html
      lang={data.locale}
      dir={direction}
      data-default-theme={config.defaultTheme}
      data-banner-key={config.banner?.dismissible ? config.banner.key : undefined}
      data-base-path={config.basePath}
      data-locale={data.locale}
      data-default-locale={config.defaultLocale}
    >
      <head>
        <meta charSet="utf-8" />
        {/* First, so that it covers every script after it. */}
        {config.contentSecurityPolicy && <meta httpEquiv="Content-Security-Policy" content={config.contentSecurityPolicy} />}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{data.documentTitle}</title>
        {data.description && <meta name="description" content={data.description} />}
        {data.noindex && <meta name="robots" content="noindex" />}
        {canonical && <link rel="canonical" href={canonical} />}
        <meta property="og:title" content={data.documentTitle} />
        {data.description && <meta property="og:description" content={data.description} />}
        <meta property="og:type" content="article" />
        {canonical && <meta property="og:url" content={canonical} />}
        {image && <meta property="og:image" content={config.siteUrl && image.startsWith('/') ? `${config.siteUrl}${config.basePath}${image}` : image} />}
        <meta name="color-scheme" content="light dark" />
        {config.favicon && <link rel="icon" href={`${config.basePath}${config.favicon}`} />}
        <script dangerouslySetInnerHTML={{ __html: config.headScript }} />
        <style dangerouslySetInnerHTML={{ __html: hue }} />
        {data.assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {data.assets.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
        {config.monitoring.scriptSrc && <script async src={config.monitoring.scriptSrc} data-sample-rate={config.monitoring.sampleRate} />}
      </head>
      {children}
    </html>
  );
}
