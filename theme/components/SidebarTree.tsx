import { renderToStaticMarkup } from 'react-dom/server';
import type { Heading, SidebarEntry } from '../../src/shared/types.ts';
import { safeHref } from '../../src/shared/safe-href.ts';

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

/** The markup of a folder that does not hold the active page, when it has been rendered before. */
type CachedFolder = (folder: SidebarEntry) => string | undefined;

interface ItemProps {
  entry: SidebarEntry;
  level: number;
  options: SidebarRenderOptions;
  cachedFolder: CachedFolder;
}

const contains = (folder: SidebarEntry, route: string) => route === folder.route || route.startsWith(`${folder.route}/`);

/** The active page's depth-2 headings, for small screens where the TOC is hidden. */
function Anchors({ headings }: { headings: Heading[] }) {
  const h2 = headings.filter((h) => h.depth === 2);
  if (!h2.length) return null;
  return (
    <ul className="sidebar-anchors">
      {h2.map((h) => (
        <li key={h.id}>
          <a href={`#${h.id}`}>{h.value}</a>
        </li>
      ))}
    </ul>
  );
}

function Items({ entries, level, options, cachedFolder }: { entries: SidebarEntry[]; level: number; options: SidebarRenderOptions; cachedFolder: CachedFolder }) {
  return entries.map((entry, index) => <Item key={index} entry={entry} level={level} options={options} cachedFolder={cachedFolder} />);
}

/**
 * A folder's `<details>`: open when it holds the active page, else by its own `_meta` state, else
 * above the collapse level, so collapsing works without JavaScript.
 */
function FolderDetails({ entry, level, options, cachedFolder }: ItemProps) {
  const open = contains(entry, options.activeRoute) || (entry.open ?? level < options.collapseLevel);
  const active = entry.route === options.activeRoute;
  return (
    <details open={open}>
      <summary>
        {entry.withIndexPage ? (
          <a className="sidebar-link sidebar-folder-link" aria-current={active ? 'page' : undefined} href={options.href(entry.route)}>
            {entry.title}
          </a>
        ) : (
          <span className="sidebar-folder-label">{entry.title}</span>
        )}
      </summary>
      {active && <Anchors headings={options.anchors} />}
      <ul>
        <Items entries={entry.children ?? []} level={level + 1} options={options} cachedFolder={cachedFolder} />
      </ul>
    </details>
  );
}

function Item({ entry, level, options, cachedFolder }: ItemProps) {
  switch (entry.kind) {
    case 'separator':
      return (
        <li className="sidebar-separator" role="separator">
          {entry.title || <hr />}
        </li>
      );
    case 'external': {
      // A site-relative href (`/changelog`) gets the base path and locale prefix, as the navbar's do.
      // `_meta` rejects unsafe schemes; a page map from a plugin gets the same guard here.
      const href = entry.href ? safeHref(options.linkHref(entry.href)) : '#';
      return (
        <li>
          <a className="sidebar-link sidebar-external" href={href} target={entry.newWindow ? '_blank' : undefined} rel={entry.newWindow ? 'noreferrer' : undefined}>
            {entry.title}
          </a>
        </li>
      );
    }
    case 'link':
      if (entry.route !== options.activeRoute) {
        return (
          <li>
            <a className="sidebar-link" href={options.href(entry.route)}>
              {entry.title}
            </a>
          </li>
        );
      }
      return (
        <li className="active">
          <a className="sidebar-link" aria-current="page" href={options.href(entry.route)}>
            {entry.title}
          </a>
          <Anchors headings={options.anchors} />
        </li>
      );
    case 'folder': {
      const cached = contains(entry, options.activeRoute) ? undefined : cachedFolder(entry);
      if (cached !== undefined) return <li className="sidebar-folder" dangerouslySetInnerHTML={{ __html: cached }} />;
      return (
        <li className={entry.route === options.activeRoute ? 'sidebar-folder active' : 'sidebar-folder'}>
          <FolderDetails entry={entry} level={level} options={options} cachedFolder={cachedFolder} />
        </li>
      );
    }
  }
}

/** The whole sidebar list of one page. */
export function SidebarTree({ entries, options, cachedFolder = () => undefined }: { entries: SidebarEntry[]; options: SidebarRenderOptions; cachedFolder?: CachedFolder }) {
  return (
    <ul className="sidebar-list">
      <Items entries={entries} level={1} options={options} cachedFolder={cachedFolder} />
    </ul>
  );
}

/**
 * React's serialisation written as the sidebar's markup always was (and as its tests and the
 * dev client's morph see it): boolean `open` without a value, `<hr>` without a slash, `'` as
 * `&#39;`. Safe on React's output: text and attribute values have `<`, `"` and `&` escaped, so
 * these sequences can only be React's own.
 */
const sidebarMarkup = (html: string) => html.replaceAll('<details open="">', '<details open>').replaceAll('<hr/>', '<hr>').replaceAll('&#x27;', '&#39;');

/** Where a cached folder's markup goes in a page's render: a comment, which React's escaped text and attributes can never hold. */
const folderSlot = (index: number) => `<!--sidebar-folder ${index}-->`;
const FOLDER_SLOT = /<!--sidebar-folder (\d+)-->/g;

/**
 * Renders a page's sidebar with {@link SidebarTree}. Only the branch holding the active route
 * differs between pages, so every other folder's markup is rendered once per tree and reused:
 * a 2000-page site does not re-render 2000 links for each of its 2000 pages. The page's render
 * holds a slot for each reused folder, filled after {@link sidebarMarkup}, so that only the
 * page's own branch is rewritten (rewriting the whole sidebar of every page cost more than
 * rendering it).
 */
export class SidebarRenderer {
  private readonly cache = new Map<SidebarEntry, string>();

  render(entries: SidebarEntry[], options: SidebarRenderOptions): string {
    this.renderFoldersOffPath(entries, 1, options);
    const reused: string[] = [];
    const cachedFolder = (folder: SidebarEntry) => {
      const markup = this.cache.get(folder);
      if (markup === undefined) return undefined;
      reused.push(markup);
      return folderSlot(reused.length - 1);
    };
    const page = sidebarMarkup(renderToStaticMarkup(<SidebarTree entries={entries} options={options} cachedFolder={cachedFolder} />));
    return page.replace(FOLDER_SLOT, (_slot, index: string) => reused[Number(index)]!);
  }

  /** Fills the cache with the folders beside the active path (each one's subtree in one string) before the page's render. */
  private renderFoldersOffPath(entries: SidebarEntry[], level: number, options: SidebarRenderOptions): void {
    for (const entry of entries) {
      if (entry.kind !== 'folder') continue;
      if (contains(entry, options.activeRoute)) this.renderFoldersOffPath(entry.children ?? [], level + 1, options);
      else if (!this.cache.has(entry)) this.cache.set(entry, sidebarMarkup(renderToStaticMarkup(<FolderDetails entry={entry} level={level} options={options} cachedFolder={() => undefined} />)));
    }
  }
}
