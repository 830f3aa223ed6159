import type { Heading, SidebarEntry } from '../shared/types.ts';
import { escapeHtml } from '../shared/escape-html.ts';
import { safeHref } from '../shared/safe-href.ts';

export interface SidebarRenderOptions {
  activeRoute: string;
  /** Folders at this level and deeper start collapsed. */
  collapseLevel: number;
  /** The href of a route (base path, locale, each segment encoded: `routeHref`). */
  href: (route: string) => string;
  /** The href of a link as a `_meta` file writes it (`pageHref`). */
  linkHref: (written: string) => string;
  /** The active page's depth-2 headings, listed under its link for small screens. */
  anchors: Heading[];
}

const contains = (folder: SidebarEntry, route: string) => route === folder.route || route.startsWith(`${folder.route}/`);

/**
 * Renders sidebar HTML. Only the branch holding the active route differs between pages, so
 * every other folder's HTML is cached per tree: a 2000-page site does not re-render 2000
 * links for each of its 2000 pages.
 */
export class SidebarRenderer {
  private readonly cache = new Map<SidebarEntry, string>();

  render(entries: SidebarEntry[], options: SidebarRenderOptions): string {
    return `<ul class="sidebar-list">${this.items(entries, 1, options)}</ul>`;
  }

  private items(entries: SidebarEntry[], level: number, options: SidebarRenderOptions): string {
    let html = '';
    for (const entry of entries) html += this.item(entry, level, options);
    return html;
  }

  private item(entry: SidebarEntry, level: number, options: SidebarRenderOptions): string {
    const title = escapeHtml(entry.title);
    switch (entry.kind) {
      case 'separator':
        return entry.title ? `<li class="sidebar-separator" role="separator">${title}</li>` : '<li class="sidebar-separator" role="separator"><hr></li>';
      case 'external': {
        const target = entry.newWindow ? ' target="_blank" rel="noreferrer"' : '';
        // A site-relative href (`/changelog`) gets the base path and locale prefix, as the navbar's do.
        // `_meta` rejects unsafe schemes; a page map from a plugin gets the same guard here.
        const href = entry.href ? safeHref(options.linkHref(entry.href)) : '#';
        return `<li><a class="sidebar-link sidebar-external" href="${escapeHtml(href)}"${target}>${title}</a></li>`;
      }
      case 'link': {
        if (entry.route !== options.activeRoute) return `<li><a class="sidebar-link" href="${escapeHtml(options.href(entry.route))}">${title}</a></li>`;
        return `<li class="active"><a class="sidebar-link" aria-current="page" href="${escapeHtml(options.href(entry.route))}">${title}</a>${this.anchors(options)}</li>`;
      }
      case 'folder': {
        const onPath = contains(entry, options.activeRoute);
        if (!onPath) {
          const cached = this.cache.get(entry);
          if (cached !== undefined) return cached;
        }
        const open = onPath || (entry.open ?? level < options.collapseLevel);
        const active = entry.route === options.activeRoute;
        const label = entry.withIndexPage
          ? `<a class="sidebar-link sidebar-folder-link"${active ? ' aria-current="page"' : ''} href="${escapeHtml(options.href(entry.route))}">${title}</a>`
          : `<span class="sidebar-folder-label">${title}</span>`;
        const html =
          `<li class="sidebar-folder${active ? ' active' : ''}"><details${open ? ' open' : ''}><summary>${label}</summary>` +
          `${active ? this.anchors(options) : ''}<ul>${this.items(entry.children ?? [], level + 1, options)}</ul></details></li>`;
        if (!onPath) this.cache.set(entry, html);
        return html;
      }
    }
  }

  private anchors(options: SidebarRenderOptions): string {
    const h2 = options.anchors.filter((h) => h.depth === 2);
    if (!h2.length) return '';
    return `<ul class="sidebar-anchors">${h2.map((h) => `<li><a href="#${escapeHtml(h.id)}">${escapeHtml(h.value)}</a></li>`).join('')}</ul>`;
  }
}
