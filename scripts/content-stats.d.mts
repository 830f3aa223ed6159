/** Types of `content-stats.mjs`, for the content suite. */
export type PageKind = 'overview' | 'help' | 'substantial';

export interface ContentPage {
  /** Content-relative source file. */
  file: string;
  route: string;
  /** A folder's page (`index.mdx`). */
  isIndex: boolean;
}

export interface PageStats {
  frontMatter: Record<string, unknown>;
  words: number;
  codeBlocks: number;
  relCodeBlocks: number;
  relOutputs: number;
  images: number;
  alerts: number;
  alertTypes: string[];
}

export interface PageReport extends ContentPage, PageStats {
  kind: PageKind;
  floor: number;
  /** Why the page is under the bar; empty when it meets it. */
  problems: string[];
}

export const FLOORS: Record<PageKind, number>;
export function findPages(contentDir: string): ContentPage[];
export function kindOf(page: ContentPage): PageKind;
export function splitFrontMatter(source: string): { frontMatter: Record<string, unknown>; body: string };
export function statsOfSource(source: string): PageStats;
export function collectContentStats(contentDir: string): PageReport[];
