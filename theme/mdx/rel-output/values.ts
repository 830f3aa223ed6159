/**
 * Rel values by type: which argument types exist in an output's metadata, and how a value of
 * each reads on the page. No Arrow here: the server and the client both render with this.
 */
import type { RelValueKind } from '../../../src/shared/types.ts';

/** Argument types the metadata may name, by the kind of value they hold. */
const KIND_OF_TYPE: Record<string, RelValueKind> = {
  Int8: 'int',
  Int16: 'int',
  Int32: 'int',
  Int64: 'int',
  Int128: 'int',
  UInt8: 'int',
  UInt16: 'int',
  UInt32: 'int',
  UInt64: 'int',
  UInt128: 'int',
  Float16: 'float',
  Float32: 'float',
  Float64: 'float',
  Decimal: 'decimal',
  Rational: 'decimal',
  String: 'string',
  Char: 'char',
  Symbol: 'symbol',
  Bool: 'bool',
  Boolean: 'bool',
  Date: 'date',
  DateTime: 'datetime',
  Entity: 'entity',
  Hash: 'entity',
  Missing: 'missing',
};

/** The kind of an argument type, or undefined when the type is unknown. */
export function kindOfType(type: string): RelValueKind | undefined {
  return Object.prototype.hasOwnProperty.call(KIND_OF_TYPE, type) ? KIND_OF_TYPE[type] : undefined;
}

/** The argument types the metadata may name, for messages. */
export const ARGUMENT_TYPES = Object.keys(KIND_OF_TYPE);

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

function asDate(value: unknown): Date | undefined {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value === 'bigint') return new Date(Number(value));
  return undefined;
}

/** A float as Rel prints it: always with a decimal point, `NaN`, `Inf`, `-Inf`. */
function formatFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Inf' : '-Inf';
  return Number.isInteger(value) && Math.abs(value) < 1e16 ? value.toFixed(1) : String(value);
}

/**
 * The text of one value of `kind` (as decoded from Arrow or written in the metadata);
 * `null` for a missing value.
 */
export function formatValue(kind: RelValueKind, value: unknown): string | null {
  if (value === null || value === undefined || kind === 'missing') return null;
  switch (kind) {
    case 'float':
      return typeof value === 'number' ? formatFloat(value) : String(value);
    case 'symbol':
      return `:${String(value).replace(/^:/, '')}`;
    case 'bool':
      return value === true || value === 1 || value === 'true' ? 'true' : 'false';
    case 'date': {
      const date = asDate(value);
      return date ? date.toISOString().slice(0, 10) : String(value);
    }
    case 'datetime': {
      const date = asDate(value);
      return date ? date.toISOString().replace('.000Z', 'Z') : String(value);
    }
    case 'entity':
      if (value instanceof Uint8Array) return `0x${hex(value)}`;
      if (typeof value === 'bigint') return `0x${value.toString(16)}`;
      return String(value);
    default:
      return String(value);
  }
}

/** A value as a Rel literal, for the RAW view: strings and characters quoted, `missing` spelled out. */
export function relLiteral(kind: RelValueKind, text: string | null): string {
  if (text === null) return 'missing';
  if (kind === 'string') return JSON.stringify(text);
  if (kind === 'char') return `'${text}'`;
  return text;
}
