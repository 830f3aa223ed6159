/** Types of `markdown-files.mjs`, for the unit tests. */
export function markdownFiles(dir: string): string[];
