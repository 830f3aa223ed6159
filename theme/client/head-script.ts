/**
 * Runs in <head> before first paint: applies the stored (or default) theme, hides a
 * dismissed banner and collapses a sidebar the reader collapsed, so none of them flashes; on the
 * default locale's home, a `NEXT_LOCALE` cookie naming another locale goes to that locale's home
 * (seed §7) before anything is drawn. Bundled and minified into an inline script at build time
 * (`src/build/inline-scripts.ts`); the Content-Security-Policy hashes that final text.
 */
import { applyThemeChoice, storedThemeChoice } from './theme-rule.ts';
import { localeHomeFor } from './locale-cookie.ts';
import { SIDEBAR_COLLAPSED_CLASS, SIDEBAR_COLLAPSED_KEY } from './sidebar-state.ts';

const root = document.documentElement;
const home = localeHomeFor(document.cookie, root.getAttribute('data-locale-homes'));
if (home) location.replace(home);
try {
  applyThemeChoice(root, storedThemeChoice(root));
  const bannerKey = root.getAttribute('data-banner-key');
  if (bannerKey && localStorage.getItem(bannerKey) === '0') root.classList.add('banner-hidden');
  // A sidebar the reader collapsed stays collapsed on the next page, without a flash of it open.
  if (localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === '1') root.classList.add(SIDEBAR_COLLAPSED_CLASS);
} catch {
  // A page without storage or matchMedia still renders, in the light scheme.
}
