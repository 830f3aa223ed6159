/**
 * A page missing in a locale falls back to the default locale's content under the locale's URL
 * (issue 10): `/fr-FR/x` shows `/x` in English, with a notice, rather than a 404. One rule for
 * the routes the build writes (`addFallbackRoutes`) and the page map the sidebar shows
 * (the page-map plugin), so the sidebar never links to a page that is not written.
 */

/** `{ ...page, ...extra }`; the build passes one that does not read a page's lazy sections (`withSections`). */
export type PageCopy = <Page extends object, Extra extends object>(page: Page, extra: Extra) => Page & Extra;

const spread: PageCopy = (page, extra) => ({ ...page, ...extra });

/**
 * The pages of `locale` with the default locale's fallbacks added: each default-locale page whose
 * route the locale lacks, marked with `fallbackFrom` (a copy made by `copy`). A locale with no
 * page of its own (listed in the config but not written yet) gets no fallbacks, as it gets no
 * pages at all.
 */
export function withLocaleFallbacks<Page extends { route: string; locale?: string }>(
  pages: readonly Page[],
  options: { locale: string; defaultLocale: string; copy?: PageCopy },
): (Page & { fallbackFrom?: string })[] {
  const { locale, defaultLocale, copy = spread } = options;
  const localeOf = (page: Page) => page.locale ?? defaultLocale;
  const own = pages.filter((page) => localeOf(page) === locale);
  if (locale === defaultLocale || own.length === 0) return own;
  const present = new Set(own.map((page) => page.route));
  const fallbacks = pages.filter((page) => localeOf(page) === defaultLocale && !present.has(page.route)).map((page) => copy(page, { locale, fallbackFrom: defaultLocale }));
  return [...own, ...fallbacks];
}
