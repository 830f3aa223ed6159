/**
 * The Rel output decoder (seed §3, §5): an output file is a JSON list of
 * `{relationId, tableBase64, metadata}`; each table is an Arrow IPC stream and `metadata` a JSON
 * string describing the relation's arguments. The build renders outputs with it, and the
 * browser loads it (in a lazy chunk) only for outputs the build could not read.
 */
import { DataType, tableFromIPC, type Table } from 'apache-arrow';
import type { RelOutputColumn, RelOutputRelation, RelValueKind } from '../../../src/shared/types.ts';
import { formatValue, kindOfType } from './values.ts';

/** One entry of an output file, as written. */
export interface OutputEntry {
  relationId: string;
  tableBase64: string;
  metadata: string;
}

/** An argument of a relation in the metadata: a constant (such as the output's name) or a column of a type. */
export type OutputArgument = { tag: 'Constant'; type: string; value: string | number | boolean } | { tag: string };

/** What `metadata` holds, parsed. */
export interface OutputMetadata {
  relations: { relationId: string; arguments: OutputArgument[] }[];
}

/** Seed §5: only relations under this prefix are shown. */
export const OUTPUT_PREFIX = '/:output';

/** A file that is not a valid output list; the message is the reason, for "Failed to parse {src}.json due to {reason}." */
export class OutputFormatError extends Error {
  override name = 'OutputFormatError';
}

const fail = (reason: string): never => {
  throw new OutputFormatError(reason);
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses and checks the list's shape (not the tables yet). */
export function parseOutputList(text: string): OutputEntry[] {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch (error) {
    return fail(`invalid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(list)) return fail('the file is not a list of relations');
  return list.map((entry: unknown, i) => {
    if (!isObject(entry)) return fail(`entry ${i + 1} is not an object`);
    for (const key of ['relationId', 'tableBase64', 'metadata'] as const) {
      if (typeof entry[key] !== 'string') fail(`entry ${i + 1} has no string "${key}"`);
    }
    return entry as unknown as OutputEntry;
  });
}

/** Seed §5: the relation id begins with the output prefix (a whole path segment). */
export function isOutputRelation(relationId: string): boolean {
  return relationId === OUTPUT_PREFIX || relationId.startsWith(`${OUTPUT_PREFIX}/`);
}

function argumentsOf(entry: OutputEntry): OutputArgument[] {
  let metadata: unknown;
  try {
    metadata = JSON.parse(entry.metadata);
  } catch (error) {
    return fail(`the metadata of ${entry.relationId} is not JSON (${(error as Error).message})`);
  }
  const relations = isObject(metadata) && Array.isArray(metadata.relations) ? (metadata.relations as unknown[]) : fail(`the metadata of ${entry.relationId} has no "relations" list`);
  const relation = relations.find((r) => isObject(r) && r.relationId === entry.relationId);
  if (!isObject(relation) || !Array.isArray(relation.arguments)) return fail(`the metadata of ${entry.relationId} does not describe its arguments`);
  return relation.arguments.map((argument: unknown, i) => {
    if (!isObject(argument) || typeof argument.tag !== 'string') return fail(`argument ${i + 1} of ${entry.relationId} has no tag`);
    if (argument.tag === 'Constant' && (typeof argument.type !== 'string' || !['string', 'number', 'boolean'].includes(typeof argument.value))) {
      return fail(`constant argument ${i + 1} of ${entry.relationId} needs a type and a value`);
    }
    return argument as OutputArgument;
  });
}

function decodeBase64(text: string, relationId: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(text.replace(/\s+/g, ''));
  } catch {
    return fail(`the tableBase64 of ${relationId} is not valid base64`);
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Arrow column types each kind of value may be stored as (128-bit integers have no Arrow integer type). */
function storedAs(kind: RelValueKind, tag: string, type: DataType): boolean {
  switch (kind) {
    case 'int':
      return DataType.isInt(type) || (tag.endsWith('128') && (DataType.isDecimal(type) || DataType.isUtf8(type) || DataType.isFixedSizeBinary(type)));
    case 'float':
      return DataType.isFloat(type);
    case 'decimal':
      return DataType.isDecimal(type) || DataType.isFloat(type) || DataType.isUtf8(type);
    case 'string':
    case 'char':
    case 'symbol':
      return DataType.isUtf8(type) || DataType.isLargeUtf8(type);
    case 'bool':
      return DataType.isBool(type);
    case 'date':
    case 'datetime':
      return DataType.isDate(type) || DataType.isTimestamp(type);
    case 'entity':
      return DataType.isFixedSizeBinary(type) || DataType.isBinary(type) || DataType.isInt(type) || DataType.isUtf8(type);
    case 'missing':
      return DataType.isNull(type);
  }
}

function readTable(entry: OutputEntry): Table {
  const bytes = decodeBase64(entry.tableBase64, entry.relationId);
  try {
    return tableFromIPC(bytes);
  } catch (error) {
    return fail(`the table of ${entry.relationId} is not an Arrow IPC table (${(error as Error).message})`);
  }
}

/** One shown relation: the first path segment stripped, the first argument dropped, every value as text. */
export function decodeRelation(entry: OutputEntry): RelOutputRelation {
  const [, ...shown] = argumentsOf(entry);
  const table = readTable(entry);
  const columns: (RelOutputColumn & { constant?: string | null })[] = shown.map((argument, i) => {
    const isConstant = argument.tag === 'Constant';
    const type = isConstant ? (argument as { type: string }).type : argument.tag;
    const kind = kindOfType(type) ?? fail(`argument ${i + 2} of ${entry.relationId} has an unknown type ${type}`);
    if (!isConstant) return { label: type, kind };
    const constant = formatValue(kind, (argument as { value: unknown }).value);
    return { label: constant ?? 'missing', kind, constant };
  });
  const stored = columns.filter((c) => !('constant' in c));
  if (table.numCols !== stored.length) {
    fail(`the table of ${entry.relationId} has ${table.numCols} columns, but its metadata lists ${stored.length} arguments that are not constants`);
  }
  const vectors = stored.map((column, j) => {
    const field = table.schema.fields[j]!;
    if (!storedAs(column.kind, column.label, field.type)) fail(`column ${j + 1} of ${entry.relationId} holds ${String(field.type)} values, but the metadata says ${column.label}`);
    return table.getChildAt(j)!;
  });
  // A relation of constants only holds one tuple and has no columns to count rows by.
  const rowCount = stored.length === 0 ? 1 : table.numRows;
  const rows: (string | null)[][] = [];
  for (let r = 0; r < rowCount; r++) {
    let j = 0;
    rows.push(columns.map((column) => ('constant' in column ? (column.constant ?? null) : formatValue(column.kind, vectors[j++]!.get(r)))));
  }
  return {
    relationId: entry.relationId,
    id: entry.relationId.slice(OUTPUT_PREFIX.length) || '/',
    columns: columns.map(({ label, kind }) => ({ label, kind })),
    rows,
  };
}

/** Seed §5: the relations of an output file that are shown, decoded. Throws `OutputFormatError` with the reason. */
export function decodeOutput(text: string): RelOutputRelation[] {
  return parseOutputList(text)
    .filter((entry) => isOutputRelation(entry.relationId))
    .map(decodeRelation);
}
