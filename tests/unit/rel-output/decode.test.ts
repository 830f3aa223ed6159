import { describe, expect, test } from 'vitest';
import { encodeOutput, encodeRelation, type ExampleRelation } from '../../../plugins/rel-output/encode-output.ts';
import { decodeOutput, isOutputRelation, OutputFormatError } from '../../../theme/mdx/rel-output/decode.ts';
import { formatValue } from '../../../theme/mdx/rel-output/values.ts';

const population: ExampleRelation = { arguments: ['String', 'Int64'], rows: [['Lima', 10092000], ['Oslo', 709037]] };

/** The reason decoding `text` fails with. */
function reason(text: string): string {
  try {
    decodeOutput(text);
  } catch (error) {
    expect(error).toBeInstanceOf(OutputFormatError);
    return (error as Error).message;
  }
  throw new Error('expected the output to be rejected');
}

describe('decoding an output file', () => {
  test('shows output relations with the first segment stripped and the first argument dropped', () => {
    expect(decodeOutput(encodeOutput([population]))).toEqual([
      {
        relationId: '/:output/String/Int64',
        id: '/String/Int64',
        columns: [
          { label: 'String', kind: 'string' },
          { label: 'Int64', kind: 'int' },
        ],
        rows: [
          ['Lima', '10092000'],
          ['Oslo', '709037'],
        ],
      },
    ]);
  });

  test('leaves out relations that are not under /:output', () => {
    const text = encodeOutput([{ relation: 'rel', arguments: [{ type: 'Symbol', value: 'catalog' }, 'String'], rows: [['x']] }, population, { relation: 'output_extra', arguments: ['Int64'], rows: [[1]] }]);
    expect(decodeOutput(text).map((r) => r.relationId)).toEqual(['/:output/String/Int64']);
  });

  test.each([
    ['/:output', true],
    ['/:output/Int64', true],
    ['/:output_extra/Int64', false],
    ['/:rel/catalog', false],
  ])('%s is an output relation: %s', (id, expected) => {
    expect(isOutputRelation(id)).toBe(expected);
  });

  test('renders every kind of value by its type, constants included', () => {
    const [relation] = decodeOutput(
      encodeOutput([
        {
          arguments: [{ type: 'Symbol', value: 'row' }, 'Int64', 'Float64', 'String', 'Symbol', 'Date', 'DateTime', 'Bool', 'Entity', 'Missing'],
          rows: [[-3, 2, 'Oslo', 'city', '2025-01-15', '2025-03-01T08:15:00Z', false, '0x00ff', null]],
        },
      ]),
    );
    expect(relation!.columns.map((c) => c.kind)).toEqual(['symbol', 'int', 'float', 'string', 'symbol', 'date', 'datetime', 'bool', 'entity', 'missing']);
    expect(relation!.rows).toEqual([[':row', '-3', '2.0', 'Oslo', ':city', '2025-01-15', '2025-03-01T08:15:00Z', 'false', '0x000000000000000000000000000000ff', null]]);
  });

  test('a missing value in any column is null', () => {
    expect(decodeOutput(encodeOutput([{ arguments: ['String', 'Int64'], rows: [['a', null]] }]))[0]!.rows).toEqual([['a', null]]);
  });

  test('a relation of constants only holds one tuple', () => {
    expect(decodeOutput(encodeOutput([{ arguments: [{ type: 'Symbol', value: 'done' }], rows: [] }]))[0]!.rows).toEqual([[':done']]);
  });

  test.each([
    [1.5, '1.5'],
    [2, '2.0'],
    [Number.NaN, 'NaN'],
    [-Infinity, '-Inf'],
  ])('the float %s reads %s', (value, text) => {
    expect(formatValue('float', value)).toBe(text);
  });
});

describe('an invalid output file names its reason', () => {
  const entry = encodeRelation(population);
  const file = (over: Record<string, unknown>) => JSON.stringify([{ ...entry, ...over }]);

  test.each([
    ['text that is not JSON', '[{"relationId": }', /^invalid JSON \(/],
    ['JSON that is not a list', '{"relationId": "/:output"}', /^the file is not a list of relations$/],
    ['an entry without metadata', JSON.stringify([{ relationId: '/:output', tableBase64: '' }]), /^entry 1 has no string "metadata"$/],
    ['a corrupt base64 table', file({ tableBase64: '%%% not base64 %%%' }), /^the tableBase64 of \/:output\/String\/Int64 is not valid base64$/],
    ['base64 that is not an Arrow table', file({ tableBase64: Buffer.from('just some bytes here').toString('base64') }), /^the table of \/:output\/String\/Int64 is not an Arrow IPC table \(/],
    ['a metadata string that is not JSON', file({ metadata: '{"relations": [' }), /^the metadata of \/:output\/String\/Int64 is not JSON \(/],
    ['metadata without relations', file({ metadata: '{}' }), /^the metadata of \/:output\/String\/Int64 has no "relations" list$/],
    ['metadata about another relation', file({ metadata: JSON.stringify({ relations: [{ relationId: '/:output/Int64', arguments: [] }] }) }), /does not describe its arguments$/],
    [
      'metadata with an unknown type',
      file({ metadata: JSON.stringify({ relations: [{ relationId: entry.relationId, arguments: [{ tag: 'Constant', type: 'Symbol', value: 'output' }, { tag: 'Text' }, { tag: 'Int64' }] }] }) }),
      /^argument 2 of \/:output\/String\/Int64 has an unknown type Text$/,
    ],
    [
      'metadata listing fewer columns than the table has',
      file({ metadata: JSON.stringify({ relations: [{ relationId: entry.relationId, arguments: [{ tag: 'Constant', type: 'Symbol', value: 'output' }, { tag: 'String' }] }] }) }),
      /has 2 columns, but its metadata lists 1 arguments that are not constants$/,
    ],
    [
      'a column whose Arrow type is not the metadata’s',
      file({ metadata: JSON.stringify({ relations: [{ relationId: entry.relationId, arguments: [{ tag: 'Constant', type: 'Symbol', value: 'output' }, { tag: 'Int64' }, { tag: 'Int64' }] }] }) }),
      /^column 1 of \/:output\/String\/Int64 holds Utf8 values, but the metadata says Int64$/,
    ],
  ])('%s', (_what, text, expected) => {
    expect(reason(text)).toMatch(expected);
  });
});
