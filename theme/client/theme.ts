import { applyThemeChoice, DARK_SCHEME_QUERY, storedThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from './theme-rule.ts';

const themeRadios = () => document.querySelectorAll<HTMLInputElement>('[data-theme-switch] input[type="radio"]');

function apply(choice: ThemeChoice): void {
  applyThemeChoice(document.documentElement, choice);
  for (const radio of themeRadios()) radio.checked = radio.value === choice;
}

const current = () => storedThemeChoice(document.documentElement);

/** Theme switcher: light, dark or system; stored under `theme` and synced across tabs. */
export function initTheme(): void {
  apply(current());
  for (const radio of themeRadios()) {
    // `change` fires on the radio that became checked only.
    radio.addEventListener('change', () => {
      const choice = radio.value as ThemeChoice;
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
