import type { ReactNode } from 'react';
import type { RouteData } from '../../src/shared/types.ts';
import { hreflangAlternates } from '../../src/shared/hreflang.ts';
import { clientStringsOf, type UiStrings } from '../../src/shared/ui-strings.ts';
import { CLIENT_STRINGS_ID } from '../../src/shared/client-strings-id.ts';

/**
 * On the default locale's home only: the other locales' homes, which the head script goes to when
 * the `NEXT_LOCALE` cookie names one (a reader who chose French lands on `/fr-FR` from `/`).
 */
function localeHomes(data: RouteData): string | undefined {
  if (data.route !== '/' || data.locale !== data.config.defaultLocale) return undefined;
  const homes = Object.fromEntries(data.alternates.filter((alt) => alt.locale !== data.locale).map((alt) => [alt.locale, alt.href]));
  return Object.keys(homes).length ? JSON.stringify(homes) : undefined;
}

/** JSON safe inside `<script>`: `<` escaped, so no string can close the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The client strings' JSON by the strings they come from: a locale's pages share one object (route-data.ts), and picking and spelling them was 20 µs a page. */
const clientStringsJson = new WeakMap<UiStrings, string>();

function clientStringsScript(strings: UiStrings): string {
  let json = clientStringsJson.get(strings);
  if (json === undefined) clientStringsJson.set(strings, (json = jsonForScript(clientStringsOf(strings))));
  return json;
}

/** `<html>` and `<head>`: title, description, canonical, OpenGraph, theme-before-paint script, assets. */
export function Document({ data, children }: { data: RouteData; children: ReactNode }) {
  const { config } = data;
  const direction = config.locales.find((l) => l.locale === data.locale)?.direction ?? 'ltr';
  const origin = config.siteUrl?.replace(/\/$/, '');
  const translations = data.alternates.filter((alt) => alt.translated);
  // A page shown untranslated is the original's copy: its canonical URL is the original's.
  const original = data.fallbackFrom ? data.alternates.find((alt) => alt.locale === data.fallbackFrom) : undefined;
  const canonical = origin !== undefined ? `${origin}${original?.href ?? data.url}` : undefined;
  const hreflang = translations.length > 1 ? hreflangAlternates(translations.map((alt) => ({ locale: alt.locale, href: `${origin ?? ''}${alt.href}` })), config.defaultLocale) : [];
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
      data-locale-homes={localeHomes(data)}
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
        {hreflang.map((alt) => (
          <link key={alt.hreflang} rel="alternate" hrefLang={alt.hreflang} href={alt.href} />
        ))}
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
        {/* The client scripts' strings in this page's language: data, never run (CSP-safe), so no dictionary ships to the browser. */}
        <script type="application/json" id={CLIENT_STRINGS_ID} dangerouslySetInnerHTML={{ __html: clientStringsScript(data.strings) }} />
        {config.monitoring.scriptSrc && <script async src={config.monitoring.scriptSrc} data-sample-rate={config.monitoring.sampleRate} />}
      </head>
      {children}
    </html>
  );
}
