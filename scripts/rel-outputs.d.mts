/** Types of `rel-outputs.mjs`, for the content suite. */
import type { ExampleRelation } from '../plugins/rel-output/encode-output.ts';

export function findOutputTables(contentDir: string): string[];
export function relationsOfTable(text: string, file: string): ExampleRelation[];
