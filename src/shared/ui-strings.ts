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
  /** The search modal (issue 9; seed §2, §4, §8): its navbar button and its dialog's name. */
  searchModalButton: string;
  searchModalLabel: string;
  searchModalClose: string;
  /** The start screen (empty query). */
  searchModalNoRecent: string;
  searchModalRecent: string;
  searchModalFavourites: string;
  searchModalSave: string;
  searchModalRemoveRecent: string;
  searchModalRemoveFavourite: string;
  /** The failure screen (all hosts unreachable, or any other failure of the search). */
  searchModalErrorTitle: string;
  searchModalErrorHelp: string;
  /** No results; `{query}` is the query. */
  searchModalNoResults: string;
  searchModalTrySearching: string;
  /** 'Believe this query should return results? Let us know.': the question, then the link text. */
  searchModalMissingQuestion: string;
  searchModalMissingLink: string;
  /** The footer link to /search; `{count}` is the number of hits. */
  searchModalSeeAll: string;
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
  searchModalButton: 'Quick search',
  searchModalLabel: 'Search',
  searchModalClose: 'Close',
  searchModalNoRecent: 'No recent searches',
  searchModalRecent: 'Recent',
  searchModalFavourites: 'Favorites',
  searchModalSave: 'Save this search',
  searchModalRemoveRecent: 'Remove this search from history',
  searchModalRemoveFavourite: 'Remove this search from favorites',
  searchModalErrorTitle: 'Unable to fetch results',
  searchModalErrorHelp: 'You might want to check your network connection.',
  searchModalNoResults: 'No results for "{query}"',
  searchModalTrySearching: 'Try searching for:',
  searchModalMissingQuestion: 'Believe this query should return results?',
  searchModalMissingLink: 'Let us know.',
  searchModalSeeAll: 'See all {count} results',
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
