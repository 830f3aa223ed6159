/**
 * Runs in <head> before first paint: applies the stored (or default) theme and hides a
 * dismissed banner, so neither flashes. Bundled and minified into an inline script at build
 * time (`src/build/inline-scripts.ts`); the Content-Security-Policy hashes that final text.
 */
import { applyThemeChoice, storedThemeChoice } from './theme-rule.ts';

const root = document.documentElement;
try {
  applyThemeChoice(root, storedThemeChoice(root));
  const bannerKey = root.getAttribute('data-banner-key');
  if (bannerKey && localStorage.getItem(bannerKey) === '0') root.classList.add('banner-hidden');
} catch {
  // A page without storage or matchMedia still renders, in the light scheme.
}
