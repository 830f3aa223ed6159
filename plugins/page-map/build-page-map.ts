import { titleFromName, type Diagnostic, type FrontMatter, type PageMapItem, type ThemeOptions } from 'docs-gen';
import type { MetaObject } from './meta-schema.ts';
import type { ReadMeta } from './read-meta.ts';

export interface PageInput {
  route: string;
  title: string;
  frontMatter: FrontMatter;
}

export interface PageMapInput {
  locale: string;
  pages: PageInput[];
  /** `_meta` by folder route (`/` for the content root). */
  metaByFolder: Map<string, ReadMeta>;
}

export interface PageMapResult {
  pageMap: PageMapItem[];
  themeByRoute: Record<string, ThemeOptions>;
  diagnostics: Diagnostic[];
}

const parentOf = (route: string): string => (route === '/' ? '' : route.slice(0, route.lastIndexOf('/')) || '/');
const nameOf = (route: string): string => (route === '/' ? 'index' : route.slice(route.lastIndexOf('/') + 1));
const join = (folder: string, name: string): string => (folder === '/' ? `/${name}` : `${folder}/${name}`);

/** Options that describe one folder, not its descendants. */
function inheritable(theme: ThemeOptions): ThemeOptions {
  const { collapsed: _collapsed, ...rest } = theme;
  return rest;
}

const asObject = (item: string | MetaObject | undefined): MetaObject => (typeof item === 'string' ? { title: item } : (item ?? {}));

/**
 * The page map of one locale (Nextra-compatible): folders from routes, ordered by `_meta`
 * (listed entries first, in their order; the rest by name, `index` first), with separators,
 * external links, menus, hidden items and theme options inherited down the tree.
 */
export function buildPageMap(input: PageMapInput): PageMapResult {
  const { locale, metaByFolder } = input;
  const pagesByRoute = new Map(input.pages.map((p) => [p.route, p]));
  const childFolders = new Map<string, Set<string>>();
  const childPages = new Map<string, PageInput[]>();
  const addFolder = (route: string) => {
    for (let r = route, p = parentOf(r); p !== ''; r = p, p = parentOf(p)) {
      if (!childFolders.has(p)) childFolders.set(p, new Set());
      childFolders.get(p)!.add(r);
    }
  };
  for (const page of input.pages) {
    if (page.route === '/') continue;
    const parent = parentOf(page.route);
    if (!childPages.has(parent)) childPages.set(parent, []);
    childPages.get(parent)!.push(page);
    if (parent !== '/') addFolder(parent);
  }
  const themeByRoute: Record<string, ThemeOptions> = {};
  const diagnostics: Diagnostic[] = [];

  const buildFolder = (folderRoute: string, parentTheme: ThemeOptions): PageMapItem[] => {
    const read = metaByFolder.get(folderRoute);
    const meta = read?.meta ?? {};
    const defaults = asObject(meta['*']);
    const folders = childFolders.get(folderRoute) ?? new Set<string>();
    const pages = new Map((childPages.get(folderRoute) ?? []).map((p) => [nameOf(p.route), p]));
    if (folderRoute === '/' && pagesByRoute.has('/')) pages.set('index', pagesByRoute.get('/')!);
    const names = new Set<string>([...pages.keys(), ...[...folders].map(nameOf)]);
    const listed = Object.keys(meta).filter((key) => key !== '*' && !(key === 'index' && folderRoute !== '/'));
    const unlisted = [...names].filter((n) => !(n in meta)).sort((a, b) => (a === 'index' ? -1 : b === 'index' ? 1 : a.localeCompare(b)));
    const items: PageMapItem[] = [];
    const metaData: Record<string, string> = {};
    // What the `_meta` file does not name (most pages of a large site) shares one entry and one
    // theme: nothing changes them once made, and four copies a page were a tenth of the page
    // map's time at 10 000 pages.
    let unnamed: { entry: MetaObject & { theme: ThemeOptions }; theme: ThemeOptions } | undefined;
    const entryOf = (name: string) => {
      if (meta[name] === undefined && unnamed) return unnamed;
      const entry = { ...defaults, ...asObject(meta[name]), theme: { ...defaults.theme, ...asObject(meta[name]).theme } };
      const made = { entry, theme: { ...inheritable(parentTheme), ...entry.theme } };
      if (meta[name] === undefined) unnamed = made;
      return made;
    };

    for (const name of [...listed, ...unlisted]) {
      const { entry, theme } = entryOf(name);
      const route = name === 'index' && folderRoute === '/' ? '/' : join(folderRoute, name);
      // Nextra 3's `folder` type names a folder's entry: a `doc` here.
      const base = { name, locale, type: !entry.type || entry.type === 'folder' ? 'doc' : entry.type, display: entry.display ?? 'normal', theme: entry.theme } as const;
      if (!names.has(name)) {
        if (entry.type === 'separator') items.push({ ...base, kind: 'MdxPage', route: '#', title: entry.title ?? '' });
        else if (entry.href) items.push({ ...base, kind: 'MdxPage', route: '#', title: entry.title ?? titleFromName(name), href: entry.href, newWindow: entry.newWindow ?? false });
        else if (entry.type === 'menu') items.push({ ...base, kind: 'MdxPage', route: '#', title: entry.title ?? titleFromName(name), items: entry.items ?? {} });
        else {
          const position = read?.keyPositions[name];
          diagnostics.push({
            severity: 'warning',
            code: 'meta-unknown-entry',
            message: `_meta entry \`${name}\` matches no page or folder in ${folderRoute === '/' ? 'the content root' : folderRoute}`,
            file: read?.sourcePath,
            ...(position ?? {}),
            target: name,
          });
          continue;
        }
        metaData[name] = items[items.length - 1]!.title;
        continue;
      }
      const page = pages.get(name);
      if (folders.has(route)) {
        const indexMeta = asObject(metaByFolder.get(route)?.meta.index);
        const index = pagesByRoute.get(route);
        const title = entry.title ?? index?.title ?? titleFromName(name);
        if (index) themeByRoute[route] = { ...theme, ...indexMeta.theme };
        items.push({
          ...base,
          kind: 'Folder',
          route,
          title,
          withIndexPage: Boolean(index),
          frontMatter: index?.frontMatter,
          children: buildFolder(route, theme),
        });
      } else if (page) {
        themeByRoute[route] = theme;
        // Spelled out, not spread from `base` (same keys, same order): on Node 20 each spread copy of
        // an object holding objects gets a hidden class of its own, and the page map of 10 000 pages
        // took twice as long.
        items.push({ name, locale, type: base.type, display: base.display, theme: base.theme, kind: 'MdxPage', route, title: entry.title ?? page.title, frontMatter: page.frontMatter });
      }
      metaData[name] = items[items.length - 1]!.title;
    }
    return [{ kind: 'Meta', name: '_meta', route: folderRoute, locale, title: '', type: 'doc', display: 'hidden', data: metaData }, ...items];
  };

  return { pageMap: buildFolder('/', {}), themeByRoute, diagnostics };
}
