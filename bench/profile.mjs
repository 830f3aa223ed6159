// Reads the CPU profiles of one run (`node --cpu-prof --cpu-prof-dir=DIR bin/docs-gen.js build`:
// one file per thread) and says where the time went, per thread and over time.
//
//   node bench/profile.mjs DIR                         each thread: busy and idle time, the parts and functions busiest
//   node bench/profile.mjs DIR --timeline [--bin 100]  each thread's busy share per bin of ms, as one line of characters
//   node bench/profile.mjs DIR --window FROM TO [--thread N] [--inclusive]   functions in a span of seconds
//   node bench/profile.mjs DIR --long [--min 20] [--thread N]   busy stretches longer than --min ms, and what ran most in each
//   node bench/profile.mjs DIR --under REGEX           self time below the functions whose name matches, all threads
//   node bench/profile.mjs DIR_A DIR_B --diff          functions by how much more time they took in B than in A
//
// Times are from the earliest profile's start. A sample is charged to the function the thread was
// in when it was taken, so when more threads than cores are busy the shares are of wall time:
// a thread waiting for a core is charged to whatever it was running (bench/README.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The thread a profile file is of: the number Node puts before its sequence number (`0` is the main thread). */
export function threadOf(fileName) {
  const parts = fileName.split('.');
  return parts.length >= 3 ? parts[parts.length - 3] : fileName;
}

/** Each thread's profile in `dir`, in thread order, with the earliest start among them (µs). */
export function loadProfiles(dir) {
  const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  if (files.length === 0) throw new Error(`no .cpuprofile files in ${dir}`);
  const threads = files.map((name) => ({ thread: threadOf(name), ...indexProfile(JSON.parse(readFileSync(join(dir, name), 'utf8'))) }));
  threads.sort((a, b) => Number(a.thread) - Number(b.thread) || (a.thread < b.thread ? -1 : 1));
  return { threads, start: Math.min(...threads.map((t) => t.startTime)) };
}

/**
 * A profile as nodes by id, each node's parent, and its samples: each with the span of time before
 * it was taken (its `timeDelta`), as `at` (the span's start, µs in the profile's own clock) and
 * `duration`.
 */
export function indexProfile(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const samples = [];
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    samples.push({ at, duration: delta, id: profile.samples[i] });
    at += delta;
  }
  return { nodes, parent, samples, startTime: profile.startTime };
}

const IDLE = '(idle)';

/** `name file:line` of a frame; line 1-based, as editors count. */
export function frameName(callFrame) {
  const file = callFrame.url ? callFrame.url.split('/').slice(-2).join('/') : '';
  return file ? `${callFrame.functionName || '(anonymous)'} ${file}:${callFrame.lineNumber + 1}` : callFrame.functionName || '(anonymous)';
}

/** The part of the program a frame is in: a package of node_modules, a folder of docs-gen's dist/, Node's own, or the engine's. */
export function partOf(callFrame) {
  const { url, functionName } = callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(engine)';
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1];
  const inDist = /\/dist\/([^/]+(?:\/[^/]+)?)\//.exec(url);
  if (inDist) return `dist/${inDist[1]}`;
  if (url.startsWith('node:')) return 'node';
  return url;
}

const isIdle = (thread, sample) => thread.nodes.get(sample.id).callFrame.functionName === IDLE;

/** Sums `duration` of the samples in [from, to) µs (absolute) by `keyOf(sample)`; a key may be undefined (left out). */
function sumBy(thread, keyOf, from = -Infinity, to = Infinity) {
  const sums = new Map();
  for (const sample of thread.samples) {
    if (sample.at < from || sample.at >= to) continue;
    const key = keyOf(sample);
    if (key !== undefined) sums.set(key, (sums.get(key) ?? 0) + sample.duration);
  }
  return sums;
}

/** Self time by function in [from, to) µs. */
export const selfTimes = (thread, from, to) => sumBy(thread, (s) => frameName(thread.nodes.get(s.id).callFrame), from, to);

/** Self time by part (`partOf`). */
export const partTimes = (thread, from, to) => sumBy(thread, (s) => partOf(thread.nodes.get(s.id).callFrame), from, to);

/** The frames on a sample's stack, innermost first, the root left out. */
function stackOf(thread, id) {
  const frames = [];
  for (let at = id; at !== undefined; at = thread.parent.get(at)) {
    const { callFrame } = thread.nodes.get(at);
    if (callFrame.functionName !== '(root)') frames.push(callFrame);
  }
  return frames;
}

/** Inclusive time by function in [from, to) µs: a sample counts once for every function on its stack. */
export function inclusiveTimes(thread, from = -Infinity, to = Infinity) {
  const sums = new Map();
  for (const sample of thread.samples) {
    if (sample.at < from || sample.at >= to) continue;
    for (const name of new Set(stackOf(thread, sample.id).map(frameName))) sums.set(name, (sums.get(name) ?? 0) + sample.duration);
  }
  return sums;
}

/** Self time of the samples with a frame named by `pattern` on their stack, by their own function. */
export function timesUnder(thread, pattern) {
  return sumBy(thread, (sample) => (stackOf(thread, sample.id).some((frame) => pattern.test(frame.functionName)) ? frameName(thread.nodes.get(sample.id).callFrame) : undefined));
}

/** The busy share of each `binUs` from `start` (µs): an array of fractions, 0 where the thread had no sample yet. */
export function busyShares(thread, start, binUs) {
  const busy = [];
  for (const sample of thread.samples) {
    const bin = Math.floor((sample.at - start) / binUs);
    if (bin < 0) continue;
    while (busy.length <= bin) busy.push(0);
    if (!isIdle(thread, sample)) busy[bin] += sample.duration;
  }
  return busy.map((us) => Math.min(1, us / binUs));
}

const SHADES = ' .:-=+*#%@';

/** A share (0–1) as one character: blank for idle, `@` for busy throughout. */
export const shade = (share) => SHADES[Math.min(SHADES.length - 1, Math.round(share * (SHADES.length - 1)))];

/**
 * Busy stretches (samples with no idle one between) of at least `minUs`: where each starts (µs,
 * absolute), how long it is, and the outermost five frames most of its code ran under (the
 * collector's and the engine's own samples are counted in the stretch, not in what names it).
 */
export function longStretches(thread, minUs) {
  const found = [];
  let begun;
  let under = new Map();
  const close = (end) => {
    if (begun !== undefined && end - begun >= minUs) {
      const [top] = [...under].sort((a, b) => b[1] - a[1]);
      found.push({ start: begun, duration: end - begun, under: top?.[0] ?? '' });
    }
    begun = undefined;
    under = new Map();
  };
  for (const sample of thread.samples) {
    if (isIdle(thread, sample)) {
      close(sample.at);
      continue;
    }
    begun ??= sample.at;
    const frames = stackOf(thread, sample.id);
    if (frames.length === 1 && frames[0].functionName.startsWith('(')) continue;
    const prefix = frames.reverse().slice(0, 5).map((frame) => frame.functionName || '(anonymous)').join(' > ');
    under.set(prefix, (under.get(prefix) ?? 0) + sample.duration);
  }
  const last = thread.samples.at(-1);
  if (last) close(last.at + last.duration);
  return found;
}

/** Two maps of times merged: each key with B − A, A and B, largest increase first. */
export function differences(a, b) {
  return [...new Set([...a.keys(), ...b.keys()])].map((key) => ({ key, change: (b.get(key) ?? 0) - (a.get(key) ?? 0), a: a.get(key) ?? 0, b: b.get(key) ?? 0 })).sort((x, y) => y.change - x.change);
}

/** Every thread's times added up (`times` of one thread). */
export function allThreads(threads, times) {
  const sums = new Map();
  for (const thread of threads) for (const [key, us] of times(thread)) sums.set(key, (sums.get(key) ?? 0) + us);
  return sums;
}

const seconds = (us) => `${(us / 1e6).toFixed(3)} s`;
const top = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
const table = (rows, total) => rows.map(([key, us]) => `  ${seconds(us).padStart(9)} ${total ? `${((100 * us) / total).toFixed(1).padStart(5)} %` : ''}  ${key}`).join('\n');

function option(args, name, fallback) {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
}

function main(args) {
  const [dir, second] = args;
  if (!dir || args.includes('--help')) {
    console.log(readFileSync(new URL(import.meta.url), 'utf8').split('\n').filter((line) => line.startsWith('//')).slice(0, 10).join('\n'));
    return;
  }
  if (args.includes('--diff')) {
    const before = loadProfiles(dir);
    const after = loadProfiles(second);
    const rows = differences(allThreads(before.threads, (t) => selfTimes(t)), allThreads(after.threads, (t) => selfTimes(t))).filter((row) => row.key !== IDLE);
    console.log(`self time, B − A (A: ${dir}; B: ${second}); busy in all: A ${seconds(rows.reduce((s, r) => s + r.a, 0))}, B ${seconds(rows.reduce((s, r) => s + r.b, 0))}`);
    for (const row of rows.slice(0, 40)) console.log(`  ${seconds(row.change).padStart(10)}  (${seconds(row.a)} → ${seconds(row.b)})  ${row.key}`);
    return;
  }
  const { threads, start } = loadProfiles(dir);
  const chosen = option(args, '--thread', undefined);
  const picked = chosen === undefined ? threads : threads.filter((t) => t.thread === chosen);
  if (args.includes('--timeline')) {
    const binMs = Number(option(args, '--bin', '100'));
    console.log(`busy share per ${binMs} ms from the first start (blank idle, @ busy throughout)`);
    for (const thread of picked) console.log(`${thread.thread.padStart(3)} |${busyShares(thread, start, binMs * 1000).map(shade).join('')}|`);
    return;
  }
  if (args.includes('--window')) {
    const at = args.indexOf('--window');
    const [from, to] = [Number(args[at + 1]) * 1e6 + start, Number(args[at + 2]) * 1e6 + start];
    const times = args.includes('--inclusive') ? (t) => inclusiveTimes(t, from, to) : (t) => selfTimes(t, from, to);
    for (const thread of picked) console.log(`thread ${thread.thread}, ${args[at + 1]}–${args[at + 2]} s, ${args.includes('--inclusive') ? 'inclusive' : 'self'}:\n${table(top(times(thread), 30))}`);
    return;
  }
  if (args.includes('--long')) {
    const minMs = Number(option(args, '--min', '20'));
    for (const thread of picked) {
      console.log(`thread ${thread.thread}: busy stretches of ${minMs} ms or more`);
      for (const s of longStretches(thread, minMs * 1000)) console.log(`  at ${((s.start - start) / 1e6).toFixed(2)} s  ${(s.duration / 1000).toFixed(0).padStart(5)} ms  ${s.under}`);
    }
    return;
  }
  if (args.includes('--under')) {
    const pattern = new RegExp(option(args, '--under', ''));
    const sums = allThreads(picked, (t) => timesUnder(t, pattern));
    const total = [...sums.values()].reduce((s, us) => s + us, 0);
    console.log(`self time below ${pattern}: ${seconds(total)}\n${table(top(sums, 30), total)}`);
    return;
  }
  for (const thread of picked) {
    const parts = partTimes(thread);
    const total = [...parts.values()].reduce((s, us) => s + us, 0);
    const idle = parts.get(IDLE) ?? 0;
    parts.delete(IDLE);
    const functions = selfTimes(thread);
    functions.delete(IDLE);
    console.log(`thread ${thread.thread}: ${seconds(total)} sampled, ${seconds(total - idle)} busy, ${seconds(idle)} idle`);
    console.log(`by part (share of busy):\n${table(top(parts, 12), total - idle)}`);
    console.log(`by function, self (share of busy):\n${table(top(functions, 15), total - idle)}\n`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
