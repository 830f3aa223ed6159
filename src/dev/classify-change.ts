import { relative, sep } from 'node:path';
import { contentRoute } from '../content/content-route.ts';

/** What dev must redo for a changed path. */
export type ChangeKind =
  /** The config or a file it imports: everything. */
  | 'config'
  /** A content page: recompile it. */
  | 'page'
  /** Any other file in content/ (`_meta`, a component a page imports, a folder): the page map and bundled pages. */
  | 'content'
  /** A file in public/: images are checked again, tabs reload. */
  | 'public'
  /** A file outside content/ in a folder a page's or a component's bundle was made from (`components/`): those bundles again. */
  | 'source'
  /** The theme's stylesheet: swapped in place. */
  | 'style'
  /** The theme's client code or an island: the client bundle is rebuilt. */
  | 'client'
  /** A built theme or renderer module (dist/): the render workers restart. */
  | 'renderer'
  /** Only some plugin's `watchPaths` matched. */
  | 'plugin'
  | 'ignored';

export interface WatchedPaths {
  contentDir: string;
  publicDir: string;
  configFiles: string[];
  themeDir: string;
  /** Built renderer modules the workers import (`dist/theme`, `dist/src/build`). */
  rendererDirs: string[];
  islandFiles: string[];
  /**
   * Outside the content and public folders: the folders of the files pages' or components'
   * bundles were made from (a file at the site root: the file), watched whole, so a file made,
   * removed or made again there is seen.
   */
  sourcePaths: string[];
  /** plugin name → paths it asked to watch. */
  pluginPaths: Map<string, string[]>;
  locales: string[];
  defaultLocale: string;
}

export interface Change {
  kind: ChangeKind;
  /** For `page`: the page's path relative to the content folder. */
  contentPath?: string;
  /** Plugins whose `watchPaths` contain the path. */
  plugins: string[];
}

const within = (dir: string, path: string) => path === dir || path.startsWith(dir + sep);

/** Sorts one changed path (absolute) into what it affects. */
export function classifyChange(path: string, paths: WatchedPaths): Change {
  const plugins = [...paths.pluginPaths].filter(([, list]) => list.some((p) => within(p, path))).map(([name]) => name);
  const change = (kind: ChangeKind, contentPath?: string): Change => ({ kind, contentPath, plugins });
  if (paths.configFiles.includes(path)) return change('config');
  if (paths.islandFiles.includes(path)) return change('client');
  if (within(paths.contentDir, path)) {
    const contentPath = relative(paths.contentDir, path).split(sep).join('/');
    return contentRoute(contentPath, paths.locales, paths.defaultLocale) ? change('page', contentPath) : change('content');
  }
  if (within(paths.publicDir, path)) return change('public');
  if (paths.sourcePaths.some((p) => within(p, path))) return change('source');
  if (paths.rendererDirs.some((dir) => within(dir, path))) return path.endsWith('.js') ? change('renderer') : change('ignored');
  if (within(paths.themeDir, path)) {
    if (path.endsWith('.css')) return change('style');
    return within(`${paths.themeDir}${sep}client`, path) ? change('client') : change('ignored');
  }
  return change(plugins.length ? 'plugin' : 'ignored');
}
