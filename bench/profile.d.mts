/** Types of `profile.mjs`, for its unit test. */
export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber?: number;
  scriptId?: string;
}

/** A `.cpuprofile` as V8 writes it. */
export interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  startTime: number;
  endTime?: number;
  samples: number[];
  timeDeltas: number[];
}

export interface IndexedThread {
  nodes: Map<number, CpuProfile['nodes'][number]>;
  parent: Map<number, number>;
  samples: { at: number; duration: number; id: number }[];
  startTime: number;
}

export function threadOf(fileName: string): string;
export function loadProfiles(dir: string): { threads: (IndexedThread & { thread: string })[]; start: number };
export function indexProfile(profile: CpuProfile): IndexedThread;
export function frameName(callFrame: CallFrame): string;
export function partOf(callFrame: CallFrame): string;
export function kindOf(callFrame: CallFrame): string;
export function selfTimes(thread: IndexedThread, from?: number, to?: number): Map<string, number>;
export function partTimes(thread: IndexedThread, from?: number, to?: number): Map<string, number>;
export function kindTimes(thread: IndexedThread, from?: number, to?: number): Map<string, number>;
export function inclusiveTimes(thread: IndexedThread, from?: number, to?: number): Map<string, number>;
export function timesUnder(thread: IndexedThread, pattern: RegExp): Map<string, number>;
export function busyShares(thread: IndexedThread, start: number, binUs: number): number[];
export function shade(share: number): string;
export function longStretches(thread: IndexedThread, minUs: number): { start: number; duration: number; under: string }[];
export function idleStretches(thread: IndexedThread, minUs: number): { before: number; after: number; stretches: { start: number; duration: number }[]; scattered: number };
export function differences(a: Map<string, number>, b: Map<string, number>): { key: string; change: number; a: number; b: number }[];
export type ProfileView =
  | { view: 'summary' | 'diff' | 'kinds' }
  | { view: 'timeline'; binMs: number }
  | { view: 'long' | 'idle'; minMs: number }
  | { view: 'under'; pattern: RegExp }
  | { view: 'window'; from: number; to: number };
export function parseArguments(args: string[]): ProfileView & { folders: string[]; thread?: string; inclusive: boolean };
export function allThreads(threads: readonly IndexedThread[], times: (thread: IndexedThread) => Map<string, number>): Map<string, number>;
