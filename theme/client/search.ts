/**
 * Local search over `nextra-data-{locale}.json`, loaded on first use. Results are built with
 * DOM nodes and textContent only: no content or query text is ever parsed as HTML.
 */
import { encodeFragment, encodeRoute } from '../../src/shared/page-href.ts';

interface SearchDocument {
  title: string;
  data: Record<string, string>;
}
interface Hit {
  route: string;
  pageTitle: string;
  sectionTitle: string;
  anchor: string;
  excerpt: string;
  score: number;
}

const MAX_PAGES = 5;
const MAX_SECTIONS_PER_PAGE = 5;
const MAX_QUERY = 64;
const MESSAGES = { loading: 'Loading…', error: 'Failed to load search index.', empty: 'No results found.' };

const root = document.documentElement;
const basePath = root.dataset.basePath ?? '';
const locale = root.dataset.locale ?? 'en-US';
let index: Promise<Record<string, SearchDocument>> | undefined;

function loadIndex(): Promise<Record<string, SearchDocument>> {
  index ??= fetch(`${basePath}/_next/static/chunks/nextra-data-${locale}.json`).then((r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    return r.json() as Promise<Record<string, SearchDocument>>;
  });
  index.catch(() => (index = undefined));
  return index;
}

/** Every query word must occur; title matches weigh most, then section titles, then text. */
export function search(documents: Record<string, SearchDocument>, query: string): Hit[][] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const pages: Hit[][] = [];
  for (const [route, doc] of Object.entries(documents)) {
    const hits: Hit[] = [];
    const pageTitle = doc.title.toLowerCase();
    for (const [key, text] of Object.entries(doc.data)) {
      const hashAt = key.indexOf('#');
      const anchor = hashAt >= 0 ? key.slice(0, hashAt) : '';
      const sectionTitle = hashAt >= 0 ? key.slice(hashAt + 1) : '';
      const haystack = `${pageTitle}\n${sectionTitle.toLowerCase()}\n${text.toLowerCase()}`;
      if (!words.every((w) => haystack.includes(w))) continue;
      let score = 0;
      for (const w of words) score += (pageTitle.includes(w) ? 10 : 0) + (sectionTitle.toLowerCase().includes(w) ? 5 : 0) + (text.toLowerCase().includes(w) ? 1 : 0);
      const at = text.toLowerCase().indexOf(words[0]!);
      const excerpt = at >= 0 ? text.slice(Math.max(0, at - 40), at + 100) : text.slice(0, 140);
      hits.push({ route, pageTitle: doc.title, sectionTitle, anchor, excerpt, score });
    }
    if (hits.length) pages.push(hits.sort((a, b) => b.score - a.score));
  }
  return pages.sort((a, b) => b[0]!.score - a[0]!.score);
}

/** Text with each query word wrapped in <mark>, built as nodes. */
function highlighted(text: string, words: string[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const pattern = words.length ? new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi') : null;
  for (const part of pattern ? text.split(pattern) : [text]) {
    if (!part) continue;
    if (pattern && words.includes(part.toLowerCase())) {
      const mark = document.createElement('mark');
      mark.textContent = part;
      fragment.append(mark);
    } else fragment.append(part);
  }
  return fragment;
}

function resultItem(hit: Hit, words: string[]): HTMLLIElement {
  const li = document.createElement('li');
  const a = document.createElement('a');
  // The index holds routes (names); an href encodes them, as the pages' own links do.
  a.href = `${basePath}${encodeRoute(hit.route)}${hit.anchor ? `#${encodeFragment(hit.anchor)}` : ''}`;
  const title = document.createElement('span');
  title.className = 'search-result-title';
  title.append(highlighted(hit.sectionTitle ? `${hit.pageTitle} › ${hit.sectionTitle}` : hit.pageTitle, words));
  const excerpt = document.createElement('span');
  excerpt.className = 'search-result-excerpt';
  excerpt.append(highlighted(hit.excerpt, words));
  a.append(title, excerpt);
  li.append(a);
  return li;
}

function message(text: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.className = 'search-message';
  p.textContent = text;
  return p;
}

/** The navbar search box: results as you type, arrows and Enter, Escape closes then clears. */
export function attachSearchBox(input: HTMLInputElement): void {
  const panel = document.getElementById('search-results');
  if (!panel) return;
  let active = -1;
  const items = () => [...panel.querySelectorAll<HTMLLIElement>('li')];
  const setActive = (i: number) => {
    const list = items();
    active = list.length ? (i + list.length) % list.length : -1;
    list.forEach((li, n) => li.classList.toggle('active', n === active));
    list[active]?.scrollIntoView({ block: 'nearest' });
  };
  const close = () => {
    panel.hidden = true;
    active = -1;
  };
  const render = async () => {
    const query = input.value.slice(0, MAX_QUERY).trim();
    if (!query) return close();
    panel.hidden = false;
    panel.replaceChildren(message(MESSAGES.loading));
    let documents: Record<string, SearchDocument>;
    try {
      documents = await loadIndex();
    } catch {
      panel.replaceChildren(message(MESSAGES.error));
      return;
    }
    if (input.value.slice(0, MAX_QUERY).trim() !== query) return;
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const pages = search(documents, query);
    if (!pages.length) {
      panel.replaceChildren(message(MESSAGES.empty));
      return;
    }
    const list = document.createElement('ul');
    for (const hits of pages.slice(0, MAX_PAGES)) for (const hit of hits.slice(0, MAX_SECTIONS_PER_PAGE)) list.append(resultItem(hit, words));
    const total = pages.reduce((n, hits) => n + hits.length, 0);
    const footer = document.createElement('a');
    footer.className = 'search-footer';
    footer.href = `${basePath}/search?query=${encodeURIComponent(query)}`;
    footer.textContent = `See all ${total} results`;
    panel.replaceChildren(list, footer);
    setActive(0);
  };
  input.addEventListener('input', () => void render());
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && active >= 0 && !panel.hidden) {
      const link = items()[active]?.querySelector('a');
      if (!link) return;
      event.preventDefault();
      if (event.ctrlKey || event.metaKey) window.open(link.href, '_blank');
      else if (event.shiftKey) window.open(link.href, '_blank', 'noopener');
      else location.href = link.href;
    } else if (event.key === 'Tab') close();
    else if (event.key === 'Escape') {
      if (!panel.hidden) close();
      else {
        input.value = '';
        input.blur();
      }
    }
  });
  document.addEventListener('click', (event) => {
    if (!(event.target as HTMLElement).closest('.navbar-search')) close();
  });
  if (input.value) void render();
}

/** /search?query=: every result, grouped by page. */
export async function runSearchPage(container: HTMLElement): Promise<void> {
  const query = (new URLSearchParams(location.search).get('query') ?? '').slice(0, MAX_QUERY);
  const input = document.getElementById('search-page-input') as HTMLInputElement | null;
  if (input) input.value = query;
  if (!query.trim()) return;
  container.replaceChildren(message(MESSAGES.loading));
  try {
    const documents = await loadIndex();
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const pages = search(documents, query);
    if (!pages.length) return container.replaceChildren(message(MESSAGES.empty));
    const list = document.createElement('ul');
    for (const hits of pages) for (const hit of hits) list.append(resultItem(hit, words));
    container.replaceChildren(list);
  } catch {
    container.replaceChildren(message(MESSAGES.error));
  }
}
