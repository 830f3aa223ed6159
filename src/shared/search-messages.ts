/** The local search's messages (seed §8), word for word; 'Loading…' in French, Russian and Chinese too. */
const LOADING: Record<string, string> = { en: 'Loading…', fr: 'Chargement…', ru: 'Загрузка…', zh: '正在加载…' };

export const SEARCH_MESSAGES = { error: 'Failed to load search index.', empty: 'No results found.' } as const;

/** 'Loading…' in the page's language (by the locale's language subtag), English otherwise. */
export const loadingMessage = (locale: string): string => LOADING[locale.split('-')[0]!.toLowerCase()] ?? LOADING.en!;
