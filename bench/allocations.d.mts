/** Types of `allocations.mjs`, for its unit test. */
import type { CallFrame } from './profile.mjs';

/** A sampled heap profile as V8's inspector gives it (`HeapProfiler.stopSampling`). */
export interface AllocationNode {
  callFrame: CallFrame;
  selfSize: number;
  id?: number;
  children?: AllocationNode[];
}

export interface AllocationProfile {
  head: AllocationNode;
  samples?: { size: number; nodeId: number; ordinal: number }[];
}

export function allocationTotals(profile: AllocationProfile): { total: number; self: Map<string, number>; inclusive: Map<string, number> };
export function allocationCallers(profile: AllocationProfile, pattern: RegExp, depth?: number): Map<string, number>;
export function parseArguments(args: string[]): { file: string; top: number; callers: RegExp | undefined; depth: number };
