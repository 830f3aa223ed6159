/**
 * The one colour-scheme rule, shared by the head script (applied before first paint) and the
 * theme switcher (`theme.ts`): both are bundled from here, so they cannot disagree.
 */

export type ThemeChoice = 'light' | 'dark' | 'system';

/** The localStorage key the reader's choice is stored under. */
export const THEME_STORAGE_KEY = 'theme';

/** The media query of a system that prefers a dark scheme; `system` follows it. */
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

const isThemeChoice = (value: string | null): value is ThemeChoice => value === 'light' || value === 'dark' || value === 'system';

/**
 * The reader's choice: the stored one, else the site's default (`data-default-theme`), else
 * `system`. A value that is not a choice (empty, or written by something else) counts as none.
 */
export function themeChoice(stored: string | null, siteDefault: string | null): ThemeChoice {
  if (isThemeChoice(stored)) return stored;
  return isThemeChoice(siteDefault) ? siteDefault : 'system';
}

/** Whether `choice` shows the dark scheme on a system that does (or does not) prefer dark. */
export function isDarkTheme(choice: ThemeChoice, systemPrefersDark: boolean): boolean {
  return choice === 'dark' || (choice === 'system' && systemPrefersDark);
}

/** Reads the stored choice; storage may be unavailable (private mode, blocked cookies). */
export function storedThemeChoice(root: HTMLElement): ThemeChoice {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    // No storage: the site default applies.
  }
  return themeChoice(stored, root.getAttribute('data-default-theme'));
}

/** Shows the scheme `choice` gives on this system: the `dark` class and the native `color-scheme`. */
export function applyThemeChoice(root: HTMLElement, choice: ThemeChoice): void {
  const dark = isDarkTheme(choice, matchMedia(DARK_SCHEME_QUERY).matches);
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}
