import { applyThemeChoice, DARK_SCHEME_QUERY, storedThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from './theme-rule.ts';

function apply(choice: ThemeChoice): void {
  applyThemeChoice(document.documentElement, choice);
  for (const select of document.querySelectorAll<HTMLSelectElement>('[data-theme-switch]')) select.value = choice;
}

const current = () => storedThemeChoice(document.documentElement);

/** Theme switcher: light, dark or system; stored under `theme` and synced across tabs. */
export function initTheme(): void {
  apply(current());
  for (const select of document.querySelectorAll<HTMLSelectElement>('[data-theme-switch]')) {
    select.addEventListener('change', () => {
      const choice = select.value as ThemeChoice;
      try {
        localStorage.setItem(THEME_STORAGE_KEY, choice);
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      apply(choice);
    });
  }
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY) apply(current());
  });
  matchMedia(DARK_SCHEME_QUERY).addEventListener('change', () => apply(current()));
}
