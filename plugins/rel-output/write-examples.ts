/**
 * Regenerates the repository's example output files from the data below:
 *   npm run build:tool && node dist/plugins/rel-output/write-examples.js
 * Each folder maps output names to the relations a Rel query's `output` holds.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeOutput, type ExampleRelation } from './encode-output.ts';

const population: ExampleRelation[] = [
  {
    arguments: ['String', 'Int64'],
    rows: [
      ['Lima', 10092000],
      ['Nairobi', 4397073],
      ['Oslo', 709037],
    ],
  },
];

/** `def output = {1; 2.5; "three"; :four; boolean_true; 2025-01-15}`: one relation per type. */
const mixed: ExampleRelation[] = [
  { arguments: ['Int64'], rows: [[1]] },
  { arguments: ['Float64'], rows: [[2.5]] },
  { arguments: ['String'], rows: [['three']] },
  { arguments: [{ type: 'Symbol', value: 'four' }], rows: [[]] },
  { arguments: ['Bool'], rows: [[true]] },
  { arguments: ['Date'], rows: [['2025-01-15']] },
  // Not under /:output: a viewer never shows it.
  { relation: 'rel', arguments: [{ type: 'Symbol', value: 'catalog' }, 'String'], rows: [['output']] },
];

/** `def output:flight = …` and `def output:delay = …`: relations named by a symbol. */
const flights: ExampleRelation[] = [
  {
    arguments: [{ type: 'Symbol', value: 'flight' }, 'String', 'String', 'Int64', 'DateTime'],
    rows: [
      ['Oslo', 'Lima', 10480, '2025-03-01T08:15:00Z'],
      ['Lima', 'Nairobi', 12590, '2025-03-02T22:40:00Z'],
    ],
  },
  {
    arguments: [{ type: 'Symbol', value: 'delay' }, 'String', 'Missing'],
    rows: [['LX12', null]],
  },
  {
    arguments: [{ type: 'Symbol', value: 'airport' }, 'Entity', 'String'],
    rows: [
      ['0x2f1c0e9a7b6d5c4e3f2a1b0c9d8e7f60', 'OSL'],
      ['0x8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d', 'LIM'],
    ],
  },
];

export const EXAMPLES: Record<string, Record<string, ExampleRelation[]>> = {
  'content/rel/primer/outputs-and-images.outputs': { population, mixed, flights },
  'tests/fixtures/rel-output-pages-show-their-outputs/content/guide/page.outputs': { example1: population, mixed, flights },
  'tests/fixtures/rel-output-pages-show-their-outputs/content/guide/index.outputs': { overview: population },
};

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
for (const [folder, outputs] of Object.entries(EXAMPLES)) {
  for (const [name, relations] of Object.entries(outputs)) {
    const file = join(root, folder, `${name}.json`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, encodeOutput(relations));
    console.log(`wrote ${join(folder, `${name}.json`)}`);
  }
}
