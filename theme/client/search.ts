/**
 * Local search in the browser: the navbar box (an ARIA combobox) and the /search page, both
 * answered by the shared engine (`src/shared/search-engine.ts`) over `nextra-data-{locale}.json`,
 * loaded on first use once per base path and locale. Results are built with DOM nodes and
 * text only: no content or query text is ever parsed as HTML.
 */
import { MAX_PAGE_RESULTS, MAX_QUERY_LENGTH, MAX_SECTION_RESULTS_PER_PAGE, type PageHit, type SearchEngine, type SearchResults } from '../../src/shared/search-engine.ts';
import { fillTemplate } from '../../src/shared/fill-template.ts';
import { pageStrings } from './page-strings.ts';
import { loadSearchEngine } from './search-loader.ts';
import { hitHref, markedRuns, pageLocation, searchPageHref } from './search-page-parts.ts';

const { basePath, locale, defaultLocale } = pageLocation();
const strings = pageStrings();
const loadEngine = (): Promise<SearchEngine> => loadSearchEngine(basePath, locale, defaultLocale);


let optionCount = 0;
/**
 * One result: page title, section title (if a section) and excerpt. In the navbar's listbox it is
 * an option the arrows move to; on /search a plain list item whose link is a Tab stop (an option
 * outside a listbox, or a focusable link inside an option, is an axe fault).
 */
function option(page: PageHit, section: PageHit['sections'][number] | undefined, asOption: boolean): HTMLLIElement {
  const li = document.createElement('li');
  const a = document.createElement('a');
  if (asOption) {
    li.setAttribute('role', 'option');
    li.id = `search-option-${optionCount++}`;
    li.setAttribute('aria-selected', 'false');
    a.tabIndex = -1;
  }
  a.href = hitHref(basePath, page.route, section?.anchor);
  const title = document.createElement('span');
  title.className = 'search-result-title';
  title.append(markedRuns(page.title));
  a.append(title);
  if (section) {
    const sectionTitle = document.createElement('span');
    sectionTitle.className = 'search-result-section';
    sectionTitle.append(markedRuns(section.title));
    a.append(sectionTitle);
  }
  const excerptRuns = section ? section.excerpt : page.excerpt;
  if (excerptRuns.length) {
    const excerpt = document.createElement('span');
    excerpt.className = 'search-result-excerpt';
    excerpt.append(markedRuns(excerptRuns));
    a.append(excerpt);
  }
  li.append(a);
  return li;
}

/** Results grouped by category (in rank order of each group's first page), with counts when asked. */
function resultList(results: SearchResults, { withCounts, asOptions }: { withCounts: boolean; asOptions: boolean }): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const groups = new Map<string, PageHit[]>();
  for (const page of results.pages) {
    const group = groups.get(page.category) ?? [];
    group.push(page);
    groups.set(page.category, group);
  }
  for (const [category, pages] of groups) {
    const heading = document.createElement('div');
    heading.className = 'search-category';
    if (asOptions) heading.setAttribute('role', 'presentation');
    const count = pages.reduce((n, page) => n + 1 + page.sections.length, 0);
    heading.textContent = withCounts ? `${category} (${count})` : category;
    const list = document.createElement('ul');
    if (asOptions) list.setAttribute('role', 'group');
    list.setAttribute('aria-label', category);
    for (const page of pages) {
      // A page with no matching section is itself the hit (its title matched, or its intro).
      if (!page.sections.length || page.excerpt.length) list.append(option(page, undefined, asOptions));
      for (const section of page.sections) list.append(option(page, section, asOptions));
    }
    fragment.append(heading, list);
  }
  return fragment;
}

function message(text: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.className = 'search-message';
  p.setAttribute('role', 'status');
  p.textContent = text;
  return p;
}

/** Seed §4: arrows, Enter (Ctrl/Cmd new tab, Shift new window), Tab closes, Escape closes then clears. */
export function attachSearchBox(input: HTMLInputElement): void {
  const panel = document.getElementById('search-results');
  if (!panel) return;
  input.maxLength = MAX_QUERY_LENGTH;
  let active = -1;
  let generation = 0;
  const options = () => [...panel.querySelectorAll<HTMLLIElement>('li[role="option"]')];
  const setActive = (i: number) => {
    const list = options();
    active = list.length ? (i + list.length) % list.length : -1;
    list.forEach((li, n) => {
      li.classList.toggle('active', n === active);
      li.setAttribute('aria-selected', String(n === active));
    });
    const current = list[active];
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };
  const open = () => {
    panel.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  };
  const close = () => {
    panel.hidden = true;
    active = -1;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  };
  let subscribed = false;
  /** `refresh`: more of the site's text arrived; the list on screen is answered again, its active item kept. */
  const render = async (refresh = false) => {
    const query = input.value.slice(0, MAX_QUERY_LENGTH).trim();
    const run = ++generation;
    if (!query) return close();
    open();
    panel.dataset.state = 'loading';
    panel.replaceChildren(message(strings.searchLoading));
    let engine: SearchEngine;
    try {
      engine = await loadEngine();
    } catch {
      if (run !== generation) return;
      panel.dataset.state = 'error';
      panel.replaceChildren(message(strings.searchError));
      return;
    }
    if (!subscribed) {
      subscribed = true;
      engine.subscribe?.(() => {
        if (!panel.hidden) void render(true);
      });
    }
    if (run !== generation) return;
    const results = engine.search(query, { pages: MAX_PAGE_RESULTS, sectionsPerPage: MAX_SECTION_RESULTS_PER_PAGE });
    // 'false' while the site's text is still arriving: the list may still grow.
    panel.dataset.complete = String(results.complete !== false);
    // Nothing in titles and headings yet, and the text still arriving: not yet "No results found."
    if (!results.pages.length && results.complete === false) return;
    if (!results.pages.length) {
      panel.dataset.state = 'results';
      panel.replaceChildren(message(strings.searchEmpty));
      return;
    }
    const footer = document.createElement('a');
    footer.className = 'search-footer';
    footer.href = searchPageHref({ basePath, locale, defaultLocale }, query);
    footer.textContent = fillTemplate(strings.searchSeeAll, { count: results.total });
    panel.replaceChildren(resultList(results, { withCounts: false, asOptions: true }), footer);
    panel.dataset.state = 'results';
    setActive(refresh ? Math.max(active, 0) : 0);
  };
  input.addEventListener('input', () => void render());
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (panel.hidden && input.value.trim()) void render();
      else setActive(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && active >= 0 && !panel.hidden) {
      const link = options()[active]?.querySelector('a');
      if (!link) return;
      event.preventDefault();
      if (event.ctrlKey || event.metaKey) window.open(link.href, '_blank');
      else if (event.shiftKey) window.open(link.href, '_blank', 'popup');
      else location.href = link.href;
    } else if (event.key === 'Tab') close();
    else if (event.key === 'Escape') {
      event.preventDefault();
      if (!panel.hidden) close();
      else input.value = '';
    }
  });
  document.addEventListener('click', (event) => {
    if (!(event.target as HTMLElement).closest('.navbar-search')) close();
  });
  // The index loads on first focus, before the first keystroke needs it.
  void loadEngine().catch(() => undefined);
  if (input.value) void render();
}

/** /search?query=: every result, grouped by category with counts; follows reloads and back/forward. */
export function runSearchPage(container: HTMLElement): void {
  const input = document.getElementById('search-page-input') as HTMLInputElement | null;
  let subscribed = false;
  const show = async () => {
    const query = (new URLSearchParams(location.search).get('query') ?? '').slice(0, MAX_QUERY_LENGTH);
    if (input) input.value = query;
    if (!query.trim()) return container.replaceChildren();
    container.dataset.state = 'loading';
    container.replaceChildren(message(strings.searchLoading));
    try {
      const engine = await loadEngine();
      if (!subscribed) {
        subscribed = true;
        engine.subscribe?.(() => void show());
      }
      const results = engine.search(query);
      // The page of every result waits for every part of the text: its counts are final.
      if (results.complete === false) return;
      container.dataset.state = 'results';
      if (!results.pages.length) return container.replaceChildren(message(strings.searchEmpty));
      const summary = document.createElement('p');
      summary.className = 'search-page-count';
      summary.textContent = fillTemplate(strings.searchResultCount, { count: results.total });
      container.replaceChildren(summary, resultList(results, { withCounts: true, asOptions: false }));
    } catch {
      container.dataset.state = 'error';
      container.replaceChildren(message(strings.searchError));
    }
  };
  input?.form?.addEventListener('submit', (event) => {
    event.preventDefault();
    history.pushState(null, '', `${location.pathname}?query=${encodeURIComponent(input.value.slice(0, MAX_QUERY_LENGTH))}`);
    void show();
  });
  window.addEventListener('popstate', () => void show());
  void show();
}
