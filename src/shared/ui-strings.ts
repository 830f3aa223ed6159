/**
 * Every string of the theme's own interface, per locale, in one dictionary (issue 10).
 * The theme and its client scripts read strings only through `uiStrings(locale)`; a locale
 * without its own dictionary, or a key it lacks, falls back to English. The seed's strings
 * (§2, §4, §8) are word for word in English. `{name}` marks a value filled by `fillTemplate`.
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
  /** The accessible name of the theme control. */
  themeChange: string;
  /** The language switcher. */
  languageLabel: string;
  languageChange: string;
  /** The banner's landmark (a region, so its text is inside one). */
  bannerLabel: string;
  /** The navbar's search form and the /search page's form: two search landmarks, told apart. */
  siteSearchLabel: string;
  searchPageFormLabel: string;
  /** Pagination. */
  previousPage: string;
  nextPage: string;
  paginationLabel: string;
  /** The table of contents' title (seed §2); the config's `toc.title` replaces it. */
  tocTitle: string;
  /** Landmarks. */
  mainNavigation: string;
  breadcrumbLabel: string;
  sidebarLabel: string;
  sidebarCollapse: string;
  menu: string;
  /** The navbar's link to the docs home. */
  docsHome: string;
  project: string;
  chat: string;
  /** The banner's close button. */
  bannerDismiss: string;
  /** Feedback (seed §4); the config's `feedback.question` replaces the question. */
  feedbackQuestion: string;
  feedbackYes: string;
  feedbackNo: string;
  feedbackThanks: string;
  /** Code blocks' copy button. */
  copy: string;
  copyCode: string;
  copied: string;
  /** Search box and /search (seed §2, §8); the config's `search.placeholder` replaces the placeholder. */
  searchLabel: string;
  searchPlaceholder: string;
  searchResults: string;
  searchAdvanced: string;
  searchQueryLabel: string;
  searchSubmit: string;
  searchNeedsJavaScript: string;
  searchLoading: string;
  searchError: string;
  searchEmpty: string;
  /** `{count}`: the number of results. */
  searchSeeAll: string;
  searchResultCount: string;
  /** The special pages' titles and text. */
  searchTitle: string;
  notFoundTitle: string;
  notFoundText: string;
  notFoundHome: string;
  notFoundReport: string;
  serverErrorTitle: string;
  serverErrorText: string;
  serverErrorReport: string;
  /** Above a page shown in the default locale because the reader's locale has no translation of it. */
  untranslatedNotice: string;
  /** The output viewer (seed §8); `{src}` is the component's `src`, `{reason}` the decoder's. */
  outputLoading: string;
  outputBrowserFailure: string;
  outputDisplayFailure: string;
  outputParseFailure: string;
  /** The sidebar toggle button (desktop), by what a press does. */
  collapseSidebar: string;
  expandSidebar: string;
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
  themeChange: 'Change theme',
  languageLabel: 'Language',
  languageChange: 'Change language',
  bannerLabel: 'Announcement',
  siteSearchLabel: 'Search the documentation',
  searchPageFormLabel: 'Search all pages',
  previousPage: 'Previous',
  nextPage: 'Next',
  paginationLabel: 'Previous and next pages',
  tocTitle: 'On This Page',
  mainNavigation: 'Main',
  breadcrumbLabel: 'Breadcrumb',
  sidebarLabel: 'Sidebar',
  sidebarCollapse: 'Collapse sidebar',
  menu: 'Menu',
  docsHome: 'Docs',
  project: 'Project',
  chat: 'Chat',
  bannerDismiss: 'Dismiss banner',
  feedbackQuestion: 'Was this doc helpful?',
  feedbackYes: 'Yes',
  feedbackNo: 'No',
  feedbackThanks: 'Thanks for the feedback!',
  copy: 'Copy',
  copyCode: 'Copy code',
  copied: 'Copied',
  searchLabel: 'Search',
  searchPlaceholder: 'Search documentation…',
  searchResults: 'Search results',
  searchAdvanced: 'Advanced',
  searchQueryLabel: 'Search query',
  searchSubmit: 'Search',
  searchNeedsJavaScript: 'Search needs JavaScript. Every page is also reachable from the sidebar.',
  searchLoading: 'Loading…',
  searchError: 'Failed to load search index.',
  searchEmpty: 'No results found.',
  searchSeeAll: 'See all {count} results',
  searchResultCount: '{count} results',
  searchTitle: 'Search',
  notFoundTitle: '404: Page Not Found',
  notFoundText: 'There is no page at this address. It may have moved, or the link that brought you here may be wrong.',
  notFoundHome: 'Go to the documentation home',
  notFoundReport: 'Report the broken link as an issue',
  serverErrorTitle: '500: Internal Server Error',
  serverErrorText: 'Something went wrong on our side while serving this page.',
  serverErrorReport: 'Report the error as an issue',
  untranslatedNotice: 'This page has not been translated yet: it is shown in its original language.',
  outputLoading: 'Loading…',
  outputBrowserFailure: 'Browser failure in displaying output from {src}.',
  outputDisplayFailure: 'Failed to display output from {src}',
  outputParseFailure: 'Failed to parse {src}.json due to {reason}.',
  collapseSidebar: 'Collapse sidebar',
  expandSidebar: 'Expand sidebar',
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

const FR: UiStrings = {
  skipToContent: 'Aller au contenu',
  editThisPage: 'Modifier cette page',
  lastUpdated: 'Dernière mise à jour le',
  headingAnchorLabel: 'Lien vers la section « {heading} »',
  themeLabel: 'Thème',
  themeLight: 'Clair',
  themeDark: 'Sombre',
  themeSystem: 'Système',
  themeChange: 'Changer de thème',
  languageLabel: 'Langue',
  languageChange: 'Changer de langue',
  bannerLabel: 'Annonce',
  searchModalButton: 'Recherche rapide',
  searchModalLabel: 'Rechercher',
  searchModalClose: 'Fermer',
  searchModalNoRecent: 'Aucune recherche récente',
  searchModalRecent: 'Récentes',
  searchModalFavourites: 'Favoris',
  searchModalSave: 'Enregistrer cette recherche',
  searchModalRemoveRecent: 'Retirer cette recherche de l’historique',
  searchModalRemoveFavourite: 'Retirer cette recherche des favoris',
  searchModalErrorTitle: 'Impossible d’obtenir les résultats',
  searchModalErrorHelp: 'Vérifiez votre connexion réseau.',
  searchModalNoResults: 'Aucun résultat pour « {query} »',
  searchModalTrySearching: 'Essayez de chercher :',
  searchModalMissingQuestion: 'Cette recherche devrait-elle donner des résultats ?',
  searchModalMissingLink: 'Dites-le-nous.',
  searchModalSeeAll: 'Voir les {count} résultats',
  collapseSidebar: 'Replier la barre latérale',
  expandSidebar: 'Déplier la barre latérale',
  siteSearchLabel: 'Rechercher dans la documentation',
  searchPageFormLabel: 'Rechercher dans toutes les pages',
  previousPage: 'Précédent',
  nextPage: 'Suivant',
  paginationLabel: 'Pages précédente et suivante',
  tocTitle: 'Sur cette page',
  mainNavigation: 'Principale',
  breadcrumbLabel: 'Fil d’Ariane',
  sidebarLabel: 'Barre latérale',
  sidebarCollapse: 'Replier la barre latérale',
  menu: 'Menu',
  docsHome: 'Documentation',
  project: 'Projet',
  chat: 'Discussion',
  bannerDismiss: 'Fermer le bandeau',
  feedbackQuestion: 'Cette page vous a-t-elle été utile ?',
  feedbackYes: 'Oui',
  feedbackNo: 'Non',
  feedbackThanks: 'Merci pour votre avis !',
  copy: 'Copier',
  copyCode: 'Copier le code',
  copied: 'Copié',
  searchLabel: 'Rechercher',
  searchPlaceholder: 'Rechercher dans la documentation…',
  searchResults: 'Résultats de la recherche',
  searchAdvanced: 'Avancée',
  searchQueryLabel: 'Termes recherchés',
  searchSubmit: 'Rechercher',
  searchNeedsJavaScript: 'La recherche nécessite JavaScript. Chaque page est aussi accessible depuis la barre latérale.',
  searchLoading: 'Chargement…',
  searchError: 'Impossible de charger l’index de recherche.',
  searchEmpty: 'Aucun résultat.',
  searchSeeAll: 'Voir les {count} résultats',
  searchResultCount: '{count} résultats',
  searchTitle: 'Recherche',
  notFoundTitle: '404 : page introuvable',
  notFoundText: 'Il n’y a aucune page à cette adresse. Elle a peut-être été déplacée, ou le lien qui vous a conduit ici est erroné.',
  notFoundHome: 'Aller à l’accueil de la documentation',
  notFoundReport: 'Signaler le lien cassé dans un ticket',
  serverErrorTitle: '500 : erreur interne du serveur',
  serverErrorText: 'Un problème est survenu de notre côté pendant l’affichage de cette page.',
  serverErrorReport: 'Signaler l’erreur dans un ticket',
  untranslatedNotice: 'Cette page n’est pas encore traduite : elle est affichée dans sa langue d’origine.',
  outputLoading: 'Chargement…',
  outputBrowserFailure: 'Le navigateur n’a pas pu afficher le résultat de {src}.',
  outputDisplayFailure: 'Impossible d’afficher le résultat de {src}',
  outputParseFailure: 'Impossible d’analyser {src}.json : {reason}.',
};

const AR: UiStrings = {
  skipToContent: 'انتقل إلى المحتوى',
  editThisPage: 'عدّل هذه الصفحة',
  lastUpdated: 'آخر تحديث في',
  headingAnchorLabel: 'رابط إلى القسم «{heading}»',
  themeLabel: 'المظهر',
  themeLight: 'فاتح',
  themeDark: 'داكن',
  themeSystem: 'حسب النظام',
  themeChange: 'غيّر المظهر',
  languageLabel: 'اللغة',
  languageChange: 'غيّر اللغة',
  bannerLabel: 'إعلان',
  searchModalButton: 'بحث سريع',
  searchModalLabel: 'بحث',
  searchModalClose: 'إغلاق',
  searchModalNoRecent: 'لا توجد عمليات بحث حديثة',
  searchModalRecent: 'الأحدث',
  searchModalFavourites: 'المفضلة',
  searchModalSave: 'احفظ هذا البحث',
  searchModalRemoveRecent: 'احذف هذا البحث من السجل',
  searchModalRemoveFavourite: 'احذف هذا البحث من المفضلة',
  searchModalErrorTitle: 'تعذّر جلب النتائج',
  searchModalErrorHelp: 'قد ترغب في التحقق من اتصالك بالشبكة.',
  searchModalNoResults: 'لا نتائج لـ «{query}»',
  searchModalTrySearching: 'جرّب البحث عن:',
  searchModalMissingQuestion: 'أتظن أن هذا البحث يجب أن يعطي نتائج؟',
  searchModalMissingLink: 'أخبرنا.',
  searchModalSeeAll: 'اعرض كل النتائج ({count})',
  collapseSidebar: 'طيّ الشريط الجانبي',
  expandSidebar: 'توسيع الشريط الجانبي',
  siteSearchLabel: 'ابحث في التوثيق',
  searchPageFormLabel: 'ابحث في كل الصفحات',
  previousPage: 'السابق',
  nextPage: 'التالي',
  paginationLabel: 'الصفحتان السابقة والتالية',
  tocTitle: 'في هذه الصفحة',
  mainNavigation: 'الرئيسي',
  breadcrumbLabel: 'مسار التنقل',
  sidebarLabel: 'الشريط الجانبي',
  sidebarCollapse: 'اطوِ الشريط الجانبي',
  menu: 'القائمة',
  docsHome: 'التوثيق',
  project: 'المشروع',
  chat: 'الدردشة',
  bannerDismiss: 'أغلق الشريط',
  feedbackQuestion: 'هل كانت هذه الصفحة مفيدة؟',
  feedbackYes: 'نعم',
  feedbackNo: 'لا',
  feedbackThanks: 'شكرًا على ملاحظاتك!',
  copy: 'انسخ',
  copyCode: 'انسخ الشيفرة',
  copied: 'نُسخ',
  searchLabel: 'ابحث',
  searchPlaceholder: 'ابحث في التوثيق…',
  searchResults: 'نتائج البحث',
  searchAdvanced: 'بحث متقدم',
  searchQueryLabel: 'عبارة البحث',
  searchSubmit: 'ابحث',
  searchNeedsJavaScript: 'يحتاج البحث إلى JavaScript. كل صفحة متاحة أيضًا من الشريط الجانبي.',
  searchLoading: 'جارٍ التحميل…',
  searchError: 'تعذّر تحميل فهرس البحث.',
  searchEmpty: 'لا توجد نتائج.',
  searchSeeAll: 'اعرض كل النتائج ({count})',
  searchResultCount: 'عدد النتائج: {count}',
  searchTitle: 'البحث',
  notFoundTitle: '404: الصفحة غير موجودة',
  notFoundText: 'لا توجد صفحة بهذا العنوان. ربما نُقلت، أو أن الرابط الذي أوصلك إلى هنا خاطئ.',
  notFoundHome: 'اذهب إلى الصفحة الرئيسية للتوثيق',
  notFoundReport: 'أبلغ عن الرابط المعطّل',
  serverErrorTitle: '500: خطأ داخلي في الخادم',
  serverErrorText: 'حدث خطأ من جهتنا أثناء عرض هذه الصفحة.',
  serverErrorReport: 'أبلغ عن الخطأ',
  untranslatedNotice: 'لم تُترجم هذه الصفحة بعد، لذا تُعرض بلغتها الأصلية.',
  outputLoading: 'جارٍ التحميل…',
  outputBrowserFailure: 'تعذّر على المتصفح عرض المخرجات من {src}.',
  outputDisplayFailure: 'تعذّر عرض المخرجات من {src}',
  outputParseFailure: 'تعذّر تحليل {src}.json بسبب: {reason}.',
};

/** Dictionaries by language subtag (`fr` serves `fr-FR` and `fr-CA`) or by full locale tag. Russian and Chinese have the seed's 'Loading…' variants only. */
const DICTIONARIES: Record<string, Partial<UiStrings>> = {
  en: EN,
  fr: FR,
  ar: AR,
  ru: { searchLoading: 'Загрузка…', outputLoading: 'Загрузка…' },
  zh: { searchLoading: '正在加载…', outputLoading: '正在加载…' },
};

/** Each locale's strings, merged once: a build or dev start asks for them once or twice a page (10 000 pages: 20 000 copies of about 60 keys). */
const mergedStrings = new Map<string, UiStrings>();

/**
 * The strings of `locale`: its full tag first, then its language, then English for what is missing.
 * One frozen object per locale, shared by every caller: a caller that wants changes makes a copy.
 */
export function uiStrings(locale: string): UiStrings {
  let strings = mergedStrings.get(locale);
  if (!strings) {
    const language = locale.split('-')[0]!.toLowerCase();
    strings = Object.freeze({ ...EN, ...DICTIONARIES[language], ...DICTIONARIES[locale] });
    mergedStrings.set(locale, strings);
  }
  return strings;
}

/** The keys the client scripts need; the page carries them as JSON (`CLIENT_STRINGS_ID`), so no dictionary ships to the browser. */
export const CLIENT_STRING_KEYS = [
  'copy',
  'copied',
  'searchLoading',
  'searchError',
  'searchEmpty',
  'searchSeeAll',
  'searchResultCount',
  'outputLoading',
  'outputBrowserFailure',
  'outputDisplayFailure',
  'outputParseFailure',
  // The search modal's chunk, loaded on first use, reads them from the page too.
  'searchModalLabel',
  'searchModalClose',
  'searchModalNoRecent',
  'searchModalRecent',
  'searchModalFavourites',
  'searchModalSave',
  'searchModalRemoveRecent',
  'searchModalRemoveFavourite',
  'searchModalErrorTitle',
  'searchModalErrorHelp',
  'searchModalNoResults',
  'searchModalTrySearching',
  'searchModalMissingQuestion',
  'searchModalMissingLink',
  'searchModalSeeAll',
] as const satisfies readonly (keyof UiStrings)[];

export type ClientStrings = Pick<UiStrings, (typeof CLIENT_STRING_KEYS)[number]>;

/** What a page carries of `strings` for its client scripts. */
export function clientStringsOf(strings: UiStrings): ClientStrings {
  return Object.fromEntries(CLIENT_STRING_KEYS.map((key) => [key, strings[key]])) as ClientStrings;
}

// The client scripts import these from the small module, so the dictionaries never join a page's own bundle.
export { fillTemplate } from './fill-template.ts';
