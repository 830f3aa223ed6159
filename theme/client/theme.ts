type ThemeChoice = 'light' | 'dark' | 'system';
const KEY = 'theme';
const media = matchMedia('(prefers-color-scheme: dark)');

function stored(): ThemeChoice {
  const fallback = (document.documentElement.getAttribute('data-default-theme') as ThemeChoice | null) ?? 'system';
  try {
    return (localStorage.getItem(KEY) as ThemeChoice | null) ?? fallback;
  } catch {
    return fallback;
  }
}

function apply(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && media.matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  for (const select of document.querySelectorAll<HTMLSelectElement>('[data-theme-switch]')) select.value = choice;
}

/** Theme switcher: light, dark or system; stored under `theme` and synced across tabs. */
export function initTheme(): void {
  apply(stored());
  for (const select of document.querySelectorAll<HTMLSelectElement>('[data-theme-switch]')) {
    select.addEventListener('change', () => {
      const choice = select.value as ThemeChoice;
      try {
        localStorage.setItem(KEY, choice);
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      apply(choice);
    });
  }
  window.addEventListener('storage', (event) => {
    if (event.key === KEY) apply(stored());
  });
  media.addEventListener('change', () => apply(stored()));
}
