/**
 * The sidebar's markup, one function for both places it is made: the server renders the
 * reader's path into every page (so a page does not grow with the site), and the browser
 * renders the whole tree from the locale's sidebar JSON with the same function, so both are
 * the same markup by construction. Plain strings, not React: the browser gets no React.
 *
 * Accessibility: a folder is one Tab stop. A folder with its own page is its link (the
 * `<summary>` beside it toggles by pointer and is out of the Tab order; the client opens and
 * closes it with the arrow keys); a folder without one is its `<summary>`. No link sits inside
 * a `<summary>` (axe `nested-interactive`) and the list holds only `<li>` (axe `list`).
 */
import type { Heading, SidebarItem } from '../../src/shared/types.ts';
import { escapeHtml } from '../../src/shared/escape-html.ts';
import { safeHref } from '../../src/shared/safe-href.ts';

export interface SidebarMarkupOptions {
  activeRoute: string;
  /** Folders at this level and deeper start collapsed. */
  collapseLevel: number;
  /** Markup of the active page's depth-2 headings ({@link anchorsMarkup}), listed under its link for small screens. */
  anchors: string;
  /** Only the reader's path: top-level items, the active page's ancestors open with their children; other folders are links to their page. */
  pathOnly: boolean;
  /** Folders the reader opened or closed on earlier pages, by route (the browser only). */
  readerOpen?: Readonly<Record<string, boolean>>;
}

/** The section whose tree a page's sidebar shows: the route of its navbar tab, or `/`. */
export function sidebarSectionOf(route: string, tabRoutes: ReadonlySet<string>): string {
  const top = `/${route.split('/')[1] ?? ''}`;
  return tabRoutes.has(top) ? top : '/';
}

const contains = (folder: SidebarItem, route: string) => folder.route !== undefined && (route === folder.route || route.startsWith(`${folder.route}/`));

/** The active page's depth-2 headings as a list, for small screens where the TOC is hidden. */
export function anchorsMarkup(headings: Heading[]): string {
  const h2 = headings.filter((h) => h.depth === 2);
  if (!h2.length) return '';
  return `<ul class="sidebar-anchors">${h2.map((h) => `<li><a href="#${escapeHtml(h.id)}">${escapeHtml(h.value)}</a></li>`).join('')}</ul>`;
}

const attr = (name: string, value: string | undefined) => (value === undefined ? '' : ` ${name}="${escapeHtml(value)}"`);

function itemMarkup(item: SidebarItem, level: number, options: SidebarMarkupOptions): string {
  const title = escapeHtml(item.title);
  switch (item.kind) {
    case 'separator':
      return item.title ? `<li class="sidebar-separator"><span>${title}</span></li>` : '<li class="sidebar-separator"><hr></li>';
    case 'external':
      // `_meta` rejects unsafe schemes; a page map from a plugin gets the same guard here.
      return `<li><a class="sidebar-external" href="${escapeHtml(safeHref(item.href ?? '#'))}"${item.newWindow ? ' target="_blank" rel="noreferrer"' : ''}>${title}</a></li>`;
    case 'link': {
      const active = item.route === options.activeRoute;
      const link = `<a${active ? ' aria-current="page"' : ''}${attr('href', item.href)}>${title}</a>`;
      return active ? `<li class="active">${link}${options.anchors}</li>` : `<li>${link}</li>`;
    }
    case 'folder':
      return folderMarkup(item, level, options);
  }
}

function folderMarkup(folder: SidebarItem, level: number, options: SidebarMarkupOptions): string {
  const active = folder.route === options.activeRoute;
  const onPath = contains(folder, options.activeRoute);
  // Off the reader's path the server writes a folder as a link to its page: usable without
  // JavaScript, and small (every byte here is repeated for each folder beside the path, on every page).
  if (options.pathOnly && !onPath && folder.href) return `<li class="sidebar-folder"><a href="${escapeHtml(folder.href)}">${escapeHtml(folder.title)}</a></li>`;
  const li = `<li class="sidebar-folder${active ? ' active' : ''}"${attr('data-route', folder.route)}>`;
  const link = (expanded: string) => `<a class="sidebar-folder-link"${active ? ' aria-current="page"' : ''}${expanded}${attr('href', folder.href)}>${escapeHtml(folder.title)}</a>`;
  const remembered = options.readerOpen?.[folder.route ?? ''];
  const open = onPath || (remembered ?? folder.open ?? level < options.collapseLevel);
  const children = (folder.children ?? []).map((child) => itemMarkup(child, level + 1, options)).join('');
  const list = `${active ? options.anchors : ''}<ul>${children}</ul>`;
  if (folder.withIndexPage && folder.href) {
    return `${li}${link(` aria-expanded="${open}"`)}<details${open ? ' open' : ''}><summary class="sidebar-folder-toggle" tabindex="-1"${attr('aria-label', folder.title)}></summary>${list}</details></li>`;
  }
  return `${li}<details${open ? ' open' : ''}><summary><span class="sidebar-folder-label">${escapeHtml(folder.title)}</span></summary>${list}</details></li>`;
}

/** The whole sidebar list: every item, or (`pathOnly`) the reader's path through it. */
export function sidebarMarkup(items: SidebarItem[], options: SidebarMarkupOptions): string {
  return `<ul class="sidebar-list">${items.map((item) => itemMarkup(item, 1, options)).join('')}</ul>`;
}
