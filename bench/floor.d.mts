/** Types of `floor.mjs`, for its unit test. */
export function outputPathOf(contentDir: string, outDir: string, source: string): string;
export function buildFloor(options: { site: string; out: string; threads?: number; highlight?: boolean }): Promise<number>;
