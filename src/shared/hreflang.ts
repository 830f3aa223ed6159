/**
 * The `hreflang` alternates of a page: one per translation, and `x-default` for the default
 * locale's version. The same list in the page's `<head>` and in `sitemap.xml`, so that search
 * engines read one answer.
 */
export function hreflangAlternates(versions: { locale: string; href: string }[], defaultLocale: string): { hreflang: string; href: string }[] {
  const alternates = versions.map((v) => ({ hreflang: v.locale, href: v.href }));
  const original = versions.find((v) => v.locale === defaultLocale);
  return original ? [...alternates, { hreflang: 'x-default', href: original.href }] : alternates;
}
