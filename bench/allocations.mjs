// Reads what bench/lib/record-allocations.mjs recorded: where the main thread allocated, garbage
// included (a sampled heap profile), by function.
const HELP = `usage:
  DOCS_GEN_ALLOCATIONS=FILE node --import ./bench/lib/record-allocations.mjs bin/docs-gen.js build   record a run
  node bench/allocations.mjs FILE [--top N]                   bytes allocated in each function (self), and below it (inclusive)
  node bench/allocations.mjs FILE --callers REGEX [--depth N]  the bytes of the functions whose name matches, by their N (2) callers
Bytes are V8's estimate from a sample of the allocations, about one every 16 KiB: for a function's 1 MB within about 12 %, from 10 MB within a few percent.`;
import { readFileSync } from 'node:fs';
import { runAsScript } from './lib/arguments.mjs';
import { frameName } from './profile.mjs';

/** Every node of the profile's tree with the names of its frames from the root down (the root itself left out). */
function* withStacks(node, stack = []) {
  const here = node.callFrame.functionName === '(root)' && stack.length === 0 ? [] : [...stack, frameName(node.callFrame)];
  yield { node, stack: here };
  for (const child of node.children ?? []) yield* withStacks(child, here);
}

/**
 * The bytes sampled in all, and by function: allocated in it (`self`), and in it or below it
 * (`inclusive`, a function counted once however often it recurs on a path).
 */
export function allocationTotals(profile) {
  const self = new Map();
  const inclusive = new Map();
  let total = 0;
  for (const { node, stack } of withStacks(profile.head)) {
    const bytes = node.selfSize;
    if (!bytes) continue;
    total += bytes;
    const name = stack.at(-1) ?? '(root)';
    self.set(name, (self.get(name) ?? 0) + bytes);
    for (const frame of new Set(stack)) inclusive.set(frame, (inclusive.get(frame) ?? 0) + bytes);
  }
  return { total, self, inclusive };
}

/** The bytes allocated in the functions whose name `pattern` matches, by the `depth` functions that called them (nearest first). */
export function allocationCallers(profile, pattern, depth = 2) {
  const byCallers = new Map();
  for (const { node, stack } of withStacks(profile.head)) {
    if (!node.selfSize || !stack.length || !pattern.test(stack.at(-1))) continue;
    const callers = stack.slice(Math.max(0, stack.length - 1 - depth), -1).reverse().join(' < ') || '(none)';
    byCallers.set(callers, (byCallers.get(callers) ?? 0) + node.selfSize);
  }
  return byCallers;
}

/** The command line's options; throws on one it does not know or a missing value. */
export function parseArguments(args) {
  const [file, ...rest] = args;
  if (!file || file.startsWith('--')) throw new Error('the first argument is the recorded file');
  const options = { file, top: 25, callers: undefined, depth: 2 };
  for (let i = 0; i < rest.length; i++) {
    const name = rest[i];
    const value = rest[i + 1];
    if (!['--top', '--callers', '--depth'].includes(name)) throw new Error(`unknown option ${name}`);
    if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
    i++;
    if (name === '--callers') options.callers = new RegExp(value);
    else {
      const count = Number(value);
      if (!Number.isInteger(count) || count < 1) throw new Error(`${name} takes a whole number above 0, not ${value}`);
      options[name.slice(2)] = count;
    }
  }
  return options;
}

const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1).padStart(8)} MB`;
const largest = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);

function report({ file, top, callers, depth }) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  if (callers) {
    for (const [chain, bytes] of largest(allocationCallers(profile, callers, depth), top)) console.log(`${megabytes(bytes)}  ${chain}`);
    return;
  }
  const { total, self, inclusive } = allocationTotals(profile);
  console.log(`${megabytes(total)} in all (estimated from the samples)\nby function, self:`);
  for (const [name, bytes] of largest(self, top)) console.log(`${megabytes(bytes)}  ${name}`);
  console.log('by function, inclusive:');
  for (const [name, bytes] of largest(inclusive, top)) console.log(`${megabytes(bytes)}  ${name}`);
}

runAsScript(import.meta.url, 'allocations.mjs', HELP, (args) => report(parseArguments(args)));
