/** Throws the first rejection among settled promises, in their order, if any. */
export function throwFirstRejection(results: readonly PromiseSettledResult<unknown>[]): void {
  const rejected = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (rejected) throw rejected.reason;
}
