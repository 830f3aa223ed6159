/**
 * Where generated code came from, without a source-map library: @mdx-js/mdx (through astring)
 * calls `addMapping` for every node that carries a place in the page, and this keeps them as
 * flat numbers `[generatedLine, generatedColumn, line, column, …]` (lines 1-based, columns
 * 0-based, as source maps count), small enough to travel with the compiled page to a worker.
 */
export class SourcePositionCollector {
  private readonly positions: number[] = [];
  constructor(_options?: { file?: string }) {}

  /** astring reuses its mapping object between calls: copy the numbers, keep nothing else. */
  addMapping(mapping: { generated: { line: number; column: number }; original: { line: number; column: number } | null }): void {
    if (!mapping.original) return;
    this.positions.push(mapping.generated.line, mapping.generated.column, mapping.original.line, mapping.original.column);
  }

  toJSON(): number[] {
    return this.positions;
  }
}

/**
 * The source place (1-based line and column) of a generated place (1-based line, 0-based column).
 * `before` (a frame inside an expression: a reference, a throw): the closest mapping at or before
 * it on its line, else the first after it on its line (V8 places a statement's frame at its start,
 * `throw`, before the first mapped node), else the closest on an earlier line. `after` (a frame
 * at a call whose arguments are at fault): the closest mapping at or after it.
 */
export function originalPosition(
  positions: readonly number[],
  place: { line: number; column: number },
  prefer: 'before' | 'after' = 'before',
): { line: number; column: number } | undefined {
  // Generated places ordered as (line, column) pairs.
  const order = (i: number, j: number) => positions[i]! - positions[j]! || positions[i + 1]! - positions[j + 1]!;
  const fromPlace = (i: number) => positions[i]! - place.line || positions[i + 1]! - place.column;
  let closestBefore: number | undefined;
  let closestAfter: number | undefined;
  // Mappings come in generated order, but nothing promises it: keep the closest of each side.
  for (let i = 0; i + 3 < positions.length; i += 4) {
    if (fromPlace(i) <= 0) {
      if (closestBefore === undefined || order(i, closestBefore) >= 0) closestBefore = i;
    } else if (closestAfter === undefined || order(i, closestAfter) < 0) closestAfter = i;
  }
  const onLine = (i: number | undefined) => (i !== undefined && positions[i] === place.line ? i : undefined);
  const found = prefer === 'after' ? closestAfter ?? closestBefore : onLine(closestBefore) ?? onLine(closestAfter) ?? closestBefore;
  return found === undefined ? undefined : { line: positions[found + 2]!, column: positions[found + 3]! + 1 };
}
