/**
 * Runs in <head> before first paint: applies the stored (or default) theme, hides a
 * dismissed banner and collapses a sidebar the reader collapsed, so none of them flashes.
 * Bundled and minified into an inline script at build time (`src/build/inline-scripts.ts`); the Content-Security-Policy hashes that final text.
 */
import { applyThemeChoice, storedThemeChoice } from './theme-rule.ts';
import { SIDEBAR_COLLAPSED_CLASS, SIDEBAR_COLLAPSED_KEY } from './sidebar-state.ts';

const root = document.documentElement;
try {
  applyThemeChoice(root, storedThemeChoice(root));
  const bannerKey = root.getAttribute('data-banner-key');
  if (bannerKey && localStorage.getItem(bannerKey) === '0') root.classList.add('banner-hidden');
  // A sidebar the reader collapsed stays collapsed on the next page, without a flash of it open.
  if (localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === '1') root.classList.add(SIDEBAR_COLLAPSED_CLASS);
} catch {
  // A page without storage or matchMedia still renders, in the light scheme.
}
