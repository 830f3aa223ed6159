/**
 * The DocSearch-style search modal (issue 9; seed §2, §4, §5, §8, §9), its own chunk, loaded
 * when the navbar's button is first pressed. It asks the hosted search service when the config
 * names one, the local engine otherwise. Everything is built from DOM nodes and text: nothing
 * from a hit or a query is ever parsed as HTML.
 */
import { createHostedSearchClient } from '../../src/shared/hosted-search-client.ts';
import { groupHits, modalHitsFromHosted, modalHitsFromLocal, NARROW_SCREEN_MAX_WIDTH, plainText, SNIPPET_WORDS, SNIPPET_WORDS_NARROW, type ModalHit } from '../../src/shared/modal-hits.ts';
import { createSearchHistory, type StoredHit } from '../../src/shared/search-history.ts';
import type { TextRun } from '../../src/shared/search-engine.ts';
import { fillTemplate } from '../../src/shared/fill-template.ts';
import { safeHref } from '../../src/shared/safe-href.ts';
import { pageStrings } from './page-strings.ts';
import { hitHref, markedRuns, pageLocation, searchPageHref } from './search-page-parts.ts';
import { SEARCH_MODAL_CSS } from './search-modal-styles.ts';

/** Seed §9. */
export const STALL_THRESHOLD_MS = 300;
const MAX_QUERY_LENGTH = 64;
const MAX_LOCAL_HITS = 20;

interface Answer {
  hits: ModalHit[];
  total: number;
}
type Source = (query: string, snippetWords: number) => Promise<Answer>;

const { basePath, locale, defaultLocale } = pageLocation();
// The page's own strings, not the dictionary: the chunk ships no other language's table.
const strings = pageStrings();

/** The source named by the button's data attributes: hosted when it carries an app id, else local. */
function sourceOf(button: HTMLElement): { source: Source; indexName: string } {
  const { appId, apiKey, indexName, hosts } = button.dataset;
  if (appId && apiKey && indexName) {
    const client = createHostedSearchClient({ appId, apiKey, indexName, hosts: hosts ? hosts.split(' ') : undefined });
    return {
      indexName,
      source: async (query, words) => {
        const result = await client.search(query, { snippetWords: words });
        return { hits: modalHitsFromHosted(result.hits), total: result.nbHits };
      },
    };
  }
  const hrefOf = (route: string, anchor?: string) => hitHref(basePath, route, anchor);
  return {
    indexName: `local-${locale}`,
    source: async (query, words) => {
      const { loadSearchEngine } = await import('./search-loader.ts');
      const results = (await loadSearchEngine(basePath, locale, defaultLocale)).search(query, { pages: MAX_LOCAL_HITS });
      return { hits: modalHitsFromLocal(results, hrefOf, words).slice(0, MAX_LOCAL_HITS), total: results.total };
    },
  };
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}


const storedHit = (hit: ModalHit): StoredHit => ({ id: hit.id, url: hit.url, group: hit.group, title: plainText(hit.title), path: plainText(hit.path) });
const asRuns = (text: string): TextRun[] => (text ? [{ text, marked: false }] : []);

let modal: { open(prefill: string): void } | undefined;

/** Opens the modal (built on first use), pre-filled with `selection` (its first 64 characters). */
export function openSearchModal(button: HTMLElement, selection: string): void {
  modal ??= createModal(button);
  modal.open(selection.slice(0, MAX_QUERY_LENGTH));
}

function createModal(button: HTMLElement): { open(prefill: string): void } {
  const { source, indexName } = sourceOf(button);
  const history = createSearchHistory(safeLocalStorage(), indexName);
  const missingResultsUrl = button.dataset.missingResultsUrl;

  document.head.append(element('style', '', SEARCH_MODAL_CSS));
  const backdrop = element('div', 'search-modal-backdrop');
  backdrop.hidden = true;
  const dialog = element('div', 'search-modal');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', strings.searchModalLabel);
  dialog.id = 'search-modal';
  const form = element('form', 'search-modal-form');
  form.setAttribute('role', 'search');
  const input = element('input', 'search-modal-input');
  Object.assign(input, { type: 'search', id: 'search-modal-input', maxLength: MAX_QUERY_LENGTH, autocomplete: 'off', spellcheck: false });
  input.setAttribute('aria-label', strings.searchModalLabel);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', 'search-modal-list');
  input.setAttribute('aria-expanded', 'true');
  const close = element('button', 'search-modal-close', strings.searchModalClose);
  close.type = 'button';
  form.append(input, close);
  const body = element('div', 'search-modal-body');
  body.id = 'search-modal-list';
  body.setAttribute('role', 'listbox');
  body.setAttribute('aria-label', strings.searchModalLabel);
  const footer = element('div', 'search-modal-footer');
  dialog.append(form, body, footer);
  backdrop.append(dialog);
  document.body.append(backdrop);

  let generation = 0;
  let active = -1;
  let suggestions: string[] = [];
  let returnFocus: HTMLElement | null = null;

  const options = () => [...body.querySelectorAll<HTMLElement>('[role="option"]')];
  const setActive = (index: number) => {
    const list = options();
    active = list.length ? (index + list.length) % list.length : -1;
    list.forEach((option, n) => option.setAttribute('aria-selected', String(n === active)));
    const current = list[active];
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };
  const setState = (state: 'idle' | 'loading' | 'stalled' | 'results' | 'empty' | 'error') => {
    dialog.dataset.state = state;
    body.setAttribute('aria-busy', String(state === 'loading' || state === 'stalled'));
  };

  let optionCount = 0;
  const hitOfOption = new WeakMap<HTMLElement, ModalHit>();
  /** One hit as an option; `actions` are the buttons of a recent or favourite entry. */
  const option = (hit: ModalHit, actions: HTMLButtonElement[] = []): HTMLLIElement => {
    const li = element('li', 'search-modal-hit');
    li.setAttribute('role', 'option');
    li.setAttribute('aria-selected', 'false');
    li.id = `search-modal-option-${optionCount++}`;
    const link = element('a', 'search-modal-hit-link');
    // Stored hits come back from local storage, which any script of the origin can write.
    link.href = safeHref(hit.url);
    link.tabIndex = -1;
    const title = element('span', 'search-modal-hit-title');
    title.append(markedRuns(hit.title));
    link.append(title);
    for (const [parts, className] of [
      [hit.path, 'search-modal-hit-path'],
      [hit.snippet, 'search-modal-hit-snippet'],
    ] as const) {
      if (!parts.length) continue;
      const span = element('span', className);
      span.append(markedRuns(parts));
      link.append(span);
    }
    // A plain click navigates by itself; remembering the hit must happen first.
    link.addEventListener('click', () => history.select(storedHit(hit)));
    li.append(link, ...actions);
    hitOfOption.set(li, hit);
    return li;
  };
  const section = (title: string, items: HTMLLIElement[]): DocumentFragment => {
    const fragment = document.createDocumentFragment();
    const heading = element('div', 'search-modal-group', title);
    heading.setAttribute('role', 'presentation');
    const list = element('ul', 'search-modal-list');
    list.setAttribute('role', 'group');
    list.setAttribute('aria-label', title);
    list.append(...items);
    fragment.append(heading, list);
    return fragment;
  };
  const actionButton = (label: string, className: string, run: () => void): HTMLButtonElement => {
    const action = element('button', `search-modal-action ${className}`);
    action.type = 'button';
    action.setAttribute('aria-label', label);
    action.title = label;
    action.addEventListener('click', (event) => {
      event.preventDefault();
      run();
      showStart();
      input.focus();
    });
    return action;
  };
  const fromStored = (hit: StoredHit): ModalHit => ({ id: hit.id, url: hit.url, group: hit.group, title: asRuns(hit.title), path: asRuns(hit.path), snippet: [] });

  /** Empty query: recent and favourite searches, or 'No recent searches'. */
  const showStart = () => {
    generation++;
    setState('idle');
    footer.replaceChildren();
    const recent = history.recent();
    const favourites = history.favourites();
    if (!recent.length && !favourites.length) {
      body.replaceChildren(element('p', 'search-modal-message', strings.searchModalNoRecent));
    } else {
      body.replaceChildren();
      if (recent.length) {
        const items = recent.map((hit) => option(fromStored(hit), [actionButton(strings.searchModalSave, 'search-modal-save', () => history.promote(hit)), actionButton(strings.searchModalRemoveRecent, 'search-modal-remove', () => history.removeRecent(hit.id))]));
        body.append(section(strings.searchModalRecent, items));
      }
      if (favourites.length) {
        const items = favourites.map((hit) => option(fromStored(hit), [actionButton(strings.searchModalRemoveFavourite, 'search-modal-remove', () => history.removeFavourite(hit.id))]));
        body.append(section(strings.searchModalFavourites, items));
      }
    }
    setActive(-1);
  };

  const showNoResults = (query: string) => {
    setState('empty');
    footer.replaceChildren();
    const screen = element('div', 'search-modal-no-results');
    screen.append(element('p', 'search-modal-message', fillTemplate(strings.searchModalNoResults, { query })));
    const tries = suggestions.slice(0, 3);
    if (tries.length) {
      const list = element('ul', 'search-modal-suggestions');
      list.setAttribute('aria-label', strings.searchModalTrySearching);
      for (const suggestion of tries) {
        const item = element('button', 'search-modal-suggestion', suggestion);
        item.type = 'button';
        item.addEventListener('click', () => {
          input.value = suggestion;
          void search();
          input.focus();
        });
        list.append(element('li', ''));
        list.lastElementChild!.append(item);
      }
      screen.append(element('p', 'search-modal-help', strings.searchModalTrySearching), list);
    }
    if (missingResultsUrl) {
      const help = element('p', 'search-modal-help search-modal-missing', `${strings.searchModalMissingQuestion} `);
      const link = element('a', '', strings.searchModalMissingLink);
      link.href = missingResultsUrl.replace(/\{query\}/g, encodeURIComponent(query));
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
      help.append(link);
      screen.append(help);
    }
    body.replaceChildren(screen);
    setActive(-1);
  };

  const showError = () => {
    setState('error');
    footer.replaceChildren();
    const screen = element('div', 'search-modal-error');
    screen.setAttribute('role', 'alert');
    screen.append(element('p', 'search-modal-error-title', strings.searchModalErrorTitle), element('p', 'search-modal-help', strings.searchModalErrorHelp));
    body.replaceChildren(screen);
    setActive(-1);
  };

  const showResults = (query: string, answer: Answer) => {
    setState('results');
    const groups = groupHits(answer.hits);
    suggestions = groups.map((group) => group.group).filter(Boolean);
    body.replaceChildren(...groups.map((group) => section(group.group, group.hits.map((hit) => option(hit)))));
    const seeAll = element('a', 'search-modal-see-all', fillTemplate(strings.searchModalSeeAll, { count: String(answer.total) }));
    seeAll.href = searchPageHref({ basePath, locale, defaultLocale }, query);
    footer.replaceChildren(seeAll);
    setActive(0);
  };

  const search = async () => {
    const query = input.value.slice(0, MAX_QUERY_LENGTH).trim();
    if (!query) return showStart();
    const run = ++generation;
    setState('loading');
    // Seed §4: loading turns to stalled after 300 ms; what was shown stays until the answer.
    const stall = setTimeout(() => run === generation && setState('stalled'), STALL_THRESHOLD_MS);
    const words = matchMedia(`(max-width: ${NARROW_SCREEN_MAX_WIDTH}px)`).matches ? SNIPPET_WORDS_NARROW : SNIPPET_WORDS;
    try {
      const answer = await source(query, words);
      if (run !== generation) return;
      if (answer.hits.length) showResults(query, answer);
      else showNoResults(query);
    } catch (error) {
      if (run !== generation) return;
      console.error(error);
      showError();
    } finally {
      clearTimeout(stall);
    }
  };

  const hide = () => {
    backdrop.hidden = true;
    document.documentElement.classList.remove('search-modal-open');
    generation++;
    returnFocus?.focus();
  };

  const focusable = () => [...dialog.querySelectorAll<HTMLElement>('input, button, a[href]:not([tabindex="-1"])')].filter((node) => !node.hidden);

  input.addEventListener('input', () => void search());
  form.addEventListener('submit', (event) => event.preventDefault());
  close.addEventListener('click', hide);
  backdrop.addEventListener('mousedown', (event) => {
    if (event.target === backdrop) hide();
  });
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      hide();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && event.target === input && active >= 0) {
      const link = options()[active]?.querySelector<HTMLAnchorElement>('a');
      if (!link) return;
      event.preventDefault();
      const hit = hitOfOption.get(options()[active]!);
      if (hit) history.select(storedHit(hit));
      if (event.ctrlKey || event.metaKey) window.open(link.href, '_blank');
      else if (event.shiftKey) window.open(link.href, '_blank', 'popup');
      else location.href = link.href;
    } else if (event.key === 'Tab') {
      // The focus stays inside the dialog (aria-modal): Tab wraps around.
      const stops = focusable();
      const first = stops[0];
      const last = stops[stops.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  });

  return {
    open(prefill) {
      returnFocus = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : button;
      backdrop.hidden = false;
      document.documentElement.classList.add('search-modal-open');
      input.value = prefill;
      input.focus();
      void search();
    },
  };
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked (some privacy settings throw on access): no history.
    return undefined;
  }
}
