/** Types of `corpus.mjs`, for the unit tests that build a corpus. */
export function generateCorpus(options: { dir: string; pages: number; seed?: number; ext?: 'md' | 'mdx'; component?: boolean }): {
  dir: string;
  pages: number;
  folders: number;
  images: number;
  routes: { route: string; file: string; anchors: string[]; links: string[] }[];
};
