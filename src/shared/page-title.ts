import type { FrontMatter, Heading } from './types.ts';

/** A readable title from a file or folder name: `my-first-program` → `My first program`. */
export function titleFromName(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A content page's title, the one rule for it: front matter `title`, else the first `#`
 * heading, else the file name (a folder's `index` takes the folder's name).
 */
export function pageTitle(page: { frontMatter: FrontMatter; headings: Heading[]; name: string; route: string }): string {
  return page.frontMatter.title ?? page.headings.find((h) => h.depth === 1)?.value ?? titleFromName(page.name === 'index' ? page.route.split('/').pop() || 'Home' : page.name);
}

/** The `<title>` of a page: the config's template with `%s` replaced. */
export function documentTitle(titleTemplate: string, title: string): string {
  return titleTemplate.replace('%s', title);
}
