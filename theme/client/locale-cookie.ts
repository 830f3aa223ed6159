/**
 * The reader's language choice (seed §7, §9): the cookie `NEXT_LOCALE`, path `/`, kept
 * 31536000000 ms (a year). The switcher writes it; the default locale's home reads it.
 */
export const LOCALE_COOKIE = 'NEXT_LOCALE';
export const LOCALE_COOKIE_MAX_AGE_MS = 31536000000;

/** The `document.cookie` assignment that remembers `locale` (`max-age` is in seconds). */
export function localeCookie(locale: string): string {
  return `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_MS / 1000}; SameSite=Lax`;
}

/** The chosen locale's home, when `cookies` name a locale of `homesJson` (locale → href); otherwise nothing. */
export function localeHomeFor(cookies: string, homesJson: string | null): string | undefined {
  if (!homesJson) return undefined;
  const chosen = cookies
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  if (!chosen) return undefined;
  const homes = JSON.parse(homesJson) as Record<string, string>;
  const locale = decodeURIComponent(chosen);
  return Object.hasOwn(homes, locale) ? homes[locale] : undefined;
}
