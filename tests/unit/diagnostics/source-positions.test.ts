import { describe, expect, test } from 'vitest';
import { originalPosition, SourcePositionCollector } from '../../../src/diagnostics/source-positions.ts';

// [generated line, generated column, source line, source column] × 3
const positions = [3, 4, 10, 0, 3, 20, 10, 12, 5, 8, 12, 2];

describe('a generated place maps back to the page', () => {
  test.each([
    ['exactly on a mapping', { line: 3, column: 20 }, 'before', { line: 10, column: 13 }],
    ['after a mapping on its line: the closest before', { line: 3, column: 25 }, 'before', { line: 10, column: 13 }],
    ['before every mapping on its line: the first on the line', { line: 3, column: 0 }, 'before', { line: 10, column: 1 }],
    ['on a line without mappings: the last on an earlier line', { line: 4, column: 0 }, 'before', { line: 10, column: 13 }],
    ['a call whose arguments are at fault: the first at or after', { line: 4, column: 0 }, 'after', { line: 12, column: 3 }],
  ] as const)('%s', (_, place, prefer, expected) => {
    expect(originalPosition(positions, place, prefer)).toEqual(expected);
  });

  test('no mappings, no place', () => {
    expect(originalPosition([], { line: 1, column: 0 })).toBeUndefined();
  });

  test('the collector copies each mapping (astring reuses one object)', () => {
    const collector = new SourcePositionCollector();
    const mapping = { generated: { line: 1, column: 2 }, original: { line: 3, column: 4 } };
    collector.addMapping(mapping);
    mapping.generated.line = 9;
    collector.addMapping({ generated: { line: 5, column: 0 }, original: null });
    expect(collector.toJSON()).toEqual([1, 2, 3, 4]);
  });
});
