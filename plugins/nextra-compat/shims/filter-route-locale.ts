import type { PageMapItem } from 'docs-gen';

/**
 * Nextra's `filterRouteLocale`: the page map's items of one locale. docs-gen's page map is
 * already per locale, so items of other locales are simply left out.
 */
export default function filterRouteLocale(pageMap: PageMapItem[], locale: string, defaultLocale: string): PageMapItem[] {
  return pageMap.filter((item) => (item.locale ?? defaultLocale) === locale);
}
