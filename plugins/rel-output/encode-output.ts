/**
 * Writes Rel output files from plain example data: the inverse of the viewer's decoder, for
 * authors and tests. Each relation becomes `{relationId, tableBase64, metadata}` with its
 * columns as an Arrow IPC stream (apache-arrow's `tableToIPC`).
 */
import {
  Bool,
  DateDay,
  FixedSizeBinary,
  Float32,
  Float64,
  Int8,
  Int16,
  Int32,
  Int64,
  Null,
  Schema,
  Table,
  TimestampMillisecond,
  Uint8,
  Uint16,
  Uint32,
  Uint64,
  Utf8,
  tableToIPC,
  vectorFromArray,
  type DataType,
  type Vector,
} from 'apache-arrow';

/** A constant argument: part of the relation's type (`:name`), not a column. */
export interface ConstantArgument {
  type: string;
  value: string | number | boolean;
}

/** A relation of example data: argument types after the output name, and its tuples' values. */
export interface ExampleRelation {
  /** Types (`Int64`, `String`, `Symbol`, `Date`, `Entity`, …) or constants, in order. */
  arguments: (string | ConstantArgument)[];
  /** One array per tuple, with a value for each argument that is not a constant; `null` is missing. */
  rows: unknown[][];
  /** The relation the output is in: `output` for what a query shows. @default 'output' */
  relation?: string;
}

/** One entry of an output file (seed §3). */
export interface OutputEntry {
  relationId: string;
  tableBase64: string;
  metadata: string;
}

const ARROW_TYPES: Record<string, () => DataType> = {
  Int8: () => new Int8(),
  Int16: () => new Int16(),
  Int32: () => new Int32(),
  Int64: () => new Int64(),
  UInt8: () => new Uint8(),
  UInt16: () => new Uint16(),
  UInt32: () => new Uint32(),
  UInt64: () => new Uint64(),
  Float32: () => new Float32(),
  Float64: () => new Float64(),
  String: () => new Utf8(),
  Char: () => new Utf8(),
  Symbol: () => new Utf8(),
  Bool: () => new Bool(),
  Date: () => new DateDay(),
  DateTime: () => new TimestampMillisecond(),
  Entity: () => new FixedSizeBinary(16),
  Missing: () => new Null(),
};

const isBig = (type: string) => type === 'Int64' || type === 'UInt64';

/** A value of the example data as Arrow takes it for `type`. */
function arrowValue(type: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (isBig(type)) return BigInt(value as number | string | bigint);
  if (type === 'Date' || type === 'DateTime') return new Date(value as string);
  if (type === 'Entity') return Uint8Array.from((value as string).replace(/^0x/, '').padStart(32, '0').match(/../g)!.map((h) => Number.parseInt(h, 16)));
  return value;
}

/** A constant's segment in the relation id: `:name` for a symbol, the value otherwise. */
function constantSegment(argument: ConstantArgument): string {
  return argument.type === 'Symbol' ? `:${argument.value}` : String(argument.value);
}

/** One relation as an output entry. */
export function encodeRelation(example: ExampleRelation): OutputEntry {
  const relation = example.relation ?? 'output';
  const segments = example.arguments.map((a) => (typeof a === 'string' ? a : constantSegment(a)));
  const relationId = `/:${relation}${segments.map((s) => `/${s}`).join('')}`;
  const columns: Record<string, Vector> = {};
  const stored = example.arguments.filter((a): a is string => typeof a === 'string');
  stored.forEach((type, i) => {
    const arrowType = ARROW_TYPES[type];
    if (!arrowType) throw new Error(`No Arrow type for ${type}`);
    columns[`v${i + 1}`] = vectorFromArray(
      example.rows.map((row) => arrowValue(type, row[i])),
      arrowType(),
    );
  });
  const table = stored.length ? new Table(columns) : new Table(new Schema([]));
  const metadata = {
    relations: [
      {
        relationId,
        arguments: [{ tag: 'Constant', type: 'Symbol', value: relation }, ...example.arguments.map((a) => (typeof a === 'string' ? { tag: a } : { tag: 'Constant', ...a }))],
      },
    ],
  };
  return { relationId, tableBase64: Buffer.from(tableToIPC(table, 'stream')).toString('base64'), metadata: JSON.stringify(metadata) };
}

/** An output file's text: the relations as a JSON list, one entry per line. */
export function encodeOutput(relations: ExampleRelation[]): string {
  return `[\n${relations.map((r) => JSON.stringify(encodeRelation(r))).join(',\n')}\n]\n`;
}
