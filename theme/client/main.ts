/**
 * The client entry: small progressive enhancements of server-rendered HTML. Nothing here is
 * needed for the first paint (theme and banner state are applied by the inline head script);
 * the search UI is a separate chunk loaded on first use.
 */
import { initTheme } from './theme.ts';
import { focusOnlyScrollingRegions, initCopyButtons } from './copy.ts';
import { initShell } from './shell.ts';
import { initFeedback } from './feedback.ts';
import { initPrefetch } from './prefetch.ts';
import { initTocHighlight } from './toc.ts';
import { initSidebar } from './sidebar.ts';
import { pageStrings } from './page-strings.ts';

initTheme();
initShell();
initSidebar();
initCopyButtons();
focusOnlyScrollingRegions();
initFeedback();
initPrefetch();
initTocHighlight();

const searchInput = document.getElementById('search-input') as HTMLInputElement | null;
const onSearchPage = document.getElementById('search-page-results');
let searchLoaded: Promise<typeof import('./search.ts')> | undefined;
const loadSearch = () => (searchLoaded ??= import('./search.ts'));

if (searchInput) {
  searchInput.addEventListener('focus', () => void loadSearch().then((m) => m.attachSearchBox(searchInput, pageStrings())), { once: true });
}
if (onSearchPage) void loadSearch().then((m) => m.runSearchPage(onSearchPage, pageStrings()));

// The modal is its own chunk, fetched on the first press. The page's selected text pre-fills
// it (seed §5); it is read on pointerdown, before the press can move the selection.
const modalButton = document.getElementById('search-modal-button');
if (modalButton) {
  let selection = '';
  modalButton.addEventListener('pointerdown', () => (selection = String(getSelection() ?? '')));
  modalButton.addEventListener('click', () => {
    const text = selection || String(getSelection() ?? '');
    selection = '';
    void import('./search-modal.ts').then((m) => m.openSearchModal(modalButton, text));
  });
}

/** Hands the page's elements matching `selector` to `use`, on pages that have any: `use` loads the module that needs them. */
function withElements<E extends HTMLElement>(selector: string, use: (elements: NodeListOf<E>) => Promise<void>): void {
  const elements = document.querySelectorAll<E>(selector);
  if (elements.length) void use(elements);
}

withElements('docs-island', (islands) => import('./islands.ts').then((m) => m.hydrateIslands(islands)));
// Rel outputs the build rendered need nothing; only ones it could not (external) are fetched.
withElements('[data-rel-output][data-state="loading"]', (outputs) => import('./rel-output.ts').then((m) => m.loadRelOutputs(outputs, pageStrings())));
// mermaid (megabytes) loads only on a page with a diagram.
withElements('.mermaid-diagram[data-mermaid-module]', (diagrams) => import('./mermaid.ts').then((m) => m.renderMermaid(diagrams)));
// The 404 and 500 pages' report links.
withElements<HTMLAnchorElement>('[data-issue-link]', (links) => import('./issue-links.ts').then((m) => m.fillIssueLinks(links)));

document.addEventListener('keydown', (event) => {
  const target = event.target as HTMLElement | null;
  const typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  if (!searchInput) return;
  if ((event.key === 'k' && (event.metaKey || event.ctrlKey)) || (event.key === '/' && !typing)) {
    event.preventDefault();
    searchInput.focus();
  }
});
