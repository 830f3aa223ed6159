/**
 * Every string of the theme's own interface, per locale, in one dictionary (issue 10).
 * The theme and its client scripts read strings only through `uiStrings(locale)`; a locale
 * without its own dictionary, or a key it lacks, falls back to English.
 */
export interface UiStrings {
  /** The skip link, first Tab stop of every page. */
  skipToContent: string;
  /** The footer link to the page's source (`docsRepositoryBase`). */
  editThisPage: string;
  /** Before the page's `lastmod` date. */
  lastUpdated: string;
  /** The accessible name of a heading's `#` anchor link; `{heading}` is the heading's text. */
  headingAnchorLabel: string;
  /** The theme control. */
  themeLabel: string;
  themeLight: string;
  themeDark: string;
  themeSystem: string;
  /** The language switcher. */
  languageLabel: string;
  /** Pagination. */
  previousPage: string;
  nextPage: string;
  /** The sidebar's landmark name. */
  sidebarLabel: string;
  /** The sidebar toggle button (desktop), by what a press does. */
  collapseSidebar: string;
  expandSidebar: string;
}

const EN: UiStrings = {
  skipToContent: 'Skip to content',
  editThisPage: 'Edit this page',
  lastUpdated: 'Last updated on',
  headingAnchorLabel: 'Link to the section “{heading}”',
  themeLabel: 'Theme',
  themeLight: 'Light',
  themeDark: 'Dark',
  themeSystem: 'System',
  languageLabel: 'Language',
  previousPage: 'Previous',
  nextPage: 'Next',
  sidebarLabel: 'Sidebar',
  collapseSidebar: 'Collapse sidebar',
  expandSidebar: 'Expand sidebar',
};

/** Dictionaries by language subtag (`fr` serves `fr-FR` and `fr-CA`) or by full locale tag. */
const DICTIONARIES: Record<string, Partial<UiStrings>> = { en: EN };

/** The strings of `locale`: its full tag first, then its language, then English for what is missing. */
export function uiStrings(locale: string): UiStrings {
  const language = locale.split('-')[0]!.toLowerCase();
  return { ...EN, ...DICTIONARIES[language], ...DICTIONARIES[locale] };
}

/** `template` with each `{name}` replaced by `values[name]`. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
