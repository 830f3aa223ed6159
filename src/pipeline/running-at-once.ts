/**
 * Tasks a worker runs at once. Tasks are CPU-bound: a worker running hundreds of async compiles at
 * once interleaves them (memory churn, nothing finishes early); two keep it busy while the other
 * waits on a file read. The tasks posted beyond these wait in the worker, in the order posted
 * (worker-entry.ts), so the ones that began are always the oldest unanswered (worker-pool.ts
 * relies on it when a worker exits).
 */
export const RUNNING_AT_ONCE = 2;
