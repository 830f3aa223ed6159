/**
 * Loads a user module once in a process of its own, so that a load that never ends (a
 * `while (true) {}` at the top of a config or `_meta.ts`) can be stopped by killing the process.
 * Errors are not reported here: the real import in the parent reports them.
 */
const url = process.argv[2]!;
process.send!('started');
await import(url).then(
  () => undefined,
  () => undefined,
);
process.send!('loaded');
