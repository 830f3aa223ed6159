/**
 * Types shared by the Node pipeline and the isomorphic theme.
 * No `node:` imports here: the theme's tsconfig includes this folder.
 */
import type { UiStrings } from './ui-strings.ts';

/** Page metadata from YAML front matter (seed §3). */
export interface FrontMatter {
  title?: string;
  description?: string;
  date?: string;
  lastmod?: string;
  /** Path of the page's social image, or null. */
  image?: string | null;
  lead?: string;
  /** `true` hides the feedback question on this page. */
  rai_hide_feedback_ux?: boolean;
  /** `false` leaves the page out of the search data (Nextra's front matter). */
  searchable?: boolean;
  /** Nextra's name for `image`: the page's social image. */
  ogImage?: string;
  [key: string]: unknown;
}

/** A heading of a page, for the table of contents and search. */
export interface Heading {
  id: string;
  value: string;
  depth: number;
}

export type Layout = 'default' | 'full' | 'raw';
export type Typesetting = 'default' | 'article';

/** Per-page theme options, set from `_meta` items (seed §3). */
export interface ThemeOptions {
  breadcrumb?: boolean;
  collapsed?: boolean;
  footer?: boolean;
  layout?: Layout;
  navbar?: boolean;
  pagination?: boolean;
  sidebar?: boolean;
  timestamp?: boolean;
  toc?: boolean;
  typesetting?: Typesetting;
}

export type ResolvedThemeOptions = Required<Omit<ThemeOptions, 'collapsed'>> & { collapsed?: boolean };

export type PageItemType = 'page' | 'doc' | 'menu' | 'separator';
export type PageItemDisplay = 'normal' | 'hidden' | 'children';

/** A `type: 'menu'` item's entry: a navbar dropdown link. */
export interface MenuEntry {
  title: string;
  href: string;
  newWindow?: boolean;
}

/**
 * One node of the page map (Nextra-compatible): a Folder, an MdxPage or a Meta node,
 * carrying every page-map item field of seed §3 that applies.
 */
export interface PageMapItem {
  kind: 'Folder' | 'MdxPage' | 'Meta';
  name: string;
  route: string;
  locale: string;
  title: string;
  type: PageItemType;
  display: PageItemDisplay;
  theme?: ThemeOptions;
  href?: string;
  newWindow?: boolean;
  /** Folder only: the folder has its own page at its route. */
  withIndexPage?: boolean;
  children?: PageMapItem[];
  frontMatter?: FrontMatter;
  /** Menu only: dropdown entries. */
  items?: Record<string, MenuEntry>;
  /** Meta only: page name to sidebar label. */
  data?: Record<string, string>;
}

export interface LinkTarget {
  title: string;
  route: string;
}

export interface LocaleOption {
  locale: string;
  text: string;
  direction: 'ltr' | 'rtl';
  /** Per-locale overrides of the config's `toc.title`, `search.placeholder` and `banner` (`false`: no banner). */
  toc?: { title: string };
  search?: { placeholder: string };
  banner?: { content: string } | false;
}

/** The part of the resolved config the theme reads. Serialisable. */
export interface ThemeConfig {
  title: string;
  titleTemplate: string;
  description: string;
  siteUrl?: string;
  basePath: string;
  favicon?: string;
  logo: { light: string; dark: string; alt: string; companyHref: string; docsHref: string };
  navbar: { items: NavItem[] };
  banner?: { key: string; content: string; dismissible: boolean };
  footer: { copyright: string; privacyPolicy?: { text: string; href: string }; productUpdates?: { text: string; href: string } };
  locales: LocaleOption[];
  defaultLocale: string;
  defaultTheme: 'light' | 'dark' | 'system';
  primaryHue: { light: number; dark: number };
  sidebar: { defaultMenuCollapseLevel: number; toggleButton: boolean };
  toc: { title?: string; float: boolean };
  search: {
    placeholder?: string;
    enabled: boolean;
    /** The hosted search service of the modal; absent: the modal searches the local index. */
    hosted?: { appId: string; apiKey: string; indexName: string; hosts?: string[] };
    missingResultsUrl?: string;
  };
  monitoring: { scriptSrc?: string; sampleRate: number };
  feedback: { question?: string; endpoint?: string; enabled: boolean };
  docsRepositoryBase?: string;
  project?: { link: string };
  chat?: { link: string };
  issueHref?: string;
  /** The Content-Security-Policy of every page (the `contentSecurityPolicy` option), computed at build time. */
  contentSecurityPolicy?: string;
  /** The inline `<head>` script, bundled from `theme/client/head-script.ts` at build time: the policy hashes this exact text. */
  headScript: string;
}

export interface NavItem {
  title: string;
  href?: string;
  newWindow?: boolean;
  items?: MenuEntry[];
}

/** A sidebar entry, ready to render: the page map filtered and ordered for one route. */
export interface SidebarEntry {
  kind: 'link' | 'folder' | 'separator' | 'external';
  title: string;
  route: string;
  href?: string;
  newWindow?: boolean;
  /** Folder: shown open (contains the active route, or above the collapse level). */
  open?: boolean;
  active?: boolean;
  /** Folder: its route has a page. */
  withIndexPage?: boolean;
  children?: SidebarEntry[];
}

/**
 * A sidebar entry with its URL resolved: what the sidebar's markup is made from, on the server
 * (the reader's path) and in the browser (the whole tree, from the locale's sidebar JSON).
 */
export interface SidebarItem {
  kind: 'link' | 'folder' | 'separator' | 'external';
  title: string;
  /** Link and folder: the route, by which the active page and its ancestors are found. */
  route?: string;
  /** Where the item leads; a folder without its own page leads to its first page (none when it has no page at all). */
  href?: string;
  newWindow?: boolean;
  /** Folder: its `_meta` open state, when it sets one. */
  open?: boolean;
  /** Folder: its route has a page. */
  withIndexPage?: boolean;
  children?: SidebarItem[];
}

/** The sidebar JSON of one locale (`_docs-gen/sidebar-<locale>-<hash>.json`): each section's whole tree, by the section's route. */
export interface SidebarData {
  sections: Record<string, SidebarItem[]>;
}

/** Everything the theme needs to render one route (one object, no prop drilling). */
/** Pages the seed gives fixed options (no sidebar, no TOC, …). */
export type SpecialPage = '404' | '500' | 'search' | 'home';

export interface RouteData {
  route: string;
  locale: string;
  title: string;
  /** The `<title>` after the template. */
  documentTitle: string;
  description: string;
  frontMatter: FrontMatter;
  headings: Heading[];
  theme: ResolvedThemeOptions;
  breadcrumbs: LinkTarget[];
  prev?: LinkTarget;
  next?: LinkTarget;
  /** The sidebar's server markup: the reader's path only (theme/components/sidebar-markup.ts); the browser loads the rest. */
  sidebarHtml: string;
  /** The locale's sidebar JSON (hashed URL) and this page's section in it: what the browser renders the whole tree from. */
  sidebarSource?: { url: string; section: string };
  navbar: NavItem[];
  /** Maps a route to its URL (base path and locale prefix). */
  hrefPrefix: string;
  /** Route of the source file's folder: relative links resolve against it. */
  folderRoute: string;
  /** URL path of this page, with base path. */
  url: string;
  /**
   * This route in every locale that has it, its own included, in the config's order: the
   * language switcher's targets. `translated` is false for a locale that shows the default
   * locale's content (`hreflang` names only translations).
   */
  alternates: { locale: string; text: string; href: string; translated: boolean }[];
  /** The theme's strings in this page's locale, with the config's overrides (`toc.title`, `search.placeholder`, `feedback.question`) applied. */
  strings: UiStrings;
  /** The banner in this page's locale (`locales[].banner` over `banner`), if any. */
  banner?: { key: string; content: string; dismissible: boolean };
  /** Set when this locale has no translation of the page and shows the default locale's content: that locale. */
  fallbackFrom?: string;
  /** Source file relative to the site root, when the route comes from content. */
  sourcePath?: string;
  noindex: boolean;
  hideFeedback: boolean;
  /** The special page kind, when the route is one the seed names. */
  special?: SpecialPage;
  /** The theme's own home page (content has no index): the top-level sections it lists. */
  homeSections?: LinkTarget[];
  assets: { scripts: string[]; styles: string[] };
  config: ThemeConfig;
  /** What plugins gave the theme (`actions.setThemeData`), the same on every page. */
  themeData: ThemeData;
  /** The image-size table, for `<img>` dimensions and responsive variants (`themeData.images`). */
  images?: ImageTable;
  /** Rel example outputs, decoded at build time for `<RelOutput>` (`themeData.relOutputs`). */
  relOutputs?: RelOutputData;
}

/**
 * Data plugins give the theme with `actions.setThemeData`, reaching every render. The keys the
 * theme itself reads are typed here; a plugin may add its own (structured-clonable) keys.
 */
export interface ThemeData {
  /** The image-size table (`<img>`, `DocImage`). */
  images?: ImageTable;
  /** Decoded Rel outputs (`RelOutput`). */
  relOutputs?: RelOutputData;
  [key: string]: unknown;
}

/** One entry of the image-size table (seed §3), measured as content loads (plugins/image-size). */
export interface ImageInfo {
  width: number;
  height: number;
  /** The format: `png`, `jpeg`, `webp`, `avif`, `gif`, `svg`, … */
  type: string;
  mime: string;
  /** Responsive candidates in a modern format (raster images only); the image itself is the fallback. */
  variants?: { mime: string; srcset: string };
}

/** URL path of an image without the base path (`/images/a.png`) → its entry. */
export type ImageTable = Record<string, ImageInfo>;

/** How a Rel value renders (seed §5: ints, floats, strings, symbols, dates, booleans, entities, missing). */
export type RelValueKind = 'int' | 'float' | 'decimal' | 'string' | 'char' | 'symbol' | 'date' | 'datetime' | 'bool' | 'entity' | 'missing';

/** One column of a shown relation: an argument after the first (the output name) is dropped. */
export interface RelOutputColumn {
  /** The argument's type as the metadata names it (`Int64`, `String`) or, for a constant, its value (`:name`). */
  label: string;
  kind: RelValueKind;
}

/** A relation of a Rel output, decoded from its Arrow table and metadata, ready to render. */
export interface RelOutputRelation {
  /** As in the file, e.g. `/:output/Int64/String`. */
  relationId: string;
  /** Without the first path segment, e.g. `/Int64/String`. */
  id: string;
  columns: RelOutputColumn[];
  /** Display text of each value; `null` is a missing value. */
  rows: (string | null)[][];
}

/** The rel-output plugin's data for the theme: where outputs are served and what each holds. */
export interface RelOutputData {
  /** URL path of the rel-output folder, without the base path, e.g. `/rel-output`. */
  path: string;
  /** URL path of an output file (without the base path) → its relations that are shown. */
  files: Record<string, RelOutputRelation[]>;
}
