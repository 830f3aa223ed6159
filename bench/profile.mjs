// Reads the CPU profiles of one run and says where the time went, per thread and over time.
// Profile a run into an empty folder (`--cpu-prof-dir` adds to what is there; one file per thread):
//   node --cpu-prof --cpu-prof-dir=DIR bin/docs-gen.js build
const HELP = `usage:
  node bench/profile.mjs DIR [--thread N]                  each thread: busy and idle time, the parts and functions busiest
  node bench/profile.mjs DIR --timeline [--bin MS]         each thread's busy share per bin (100 ms), a line of characters
  node bench/profile.mjs DIR --window FROM TO [--inclusive]   functions between FROM and TO seconds
  node bench/profile.mjs DIR --long [--min MS]             busy stretches of MS (20) or more, and what ran most in each
  node bench/profile.mjs DIR --idle [--min MS]             where each thread waited: before its first work, after its last, and idle stretches of MS (50) or more between
  node bench/profile.mjs DIR --under REGEX                 self time below the functions whose name matches
  node bench/profile.mjs DIR_A DIR_B --diff                functions that took more time in B than in A, then less
  node bench/profile.mjs DIR [DIR_B] --kinds               every thread's busy time by kind of work (an engine, file-system calls, collections…), two runs side by side
--thread N keeps one thread (0 is the main thread). Times are seconds from the earliest start.`;
//
// A sample is charged to the function the thread was in when it was taken, so when more threads
// than cores are busy the shares are of wall time: a thread waiting for a core is charged to
// whatever it was running (bench/README.md, "Profiles under contention").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAsScript } from './lib/arguments.mjs';

/** Node's name for a profile file: `CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile`. */
const PROFILE_FILE = /^CPU\.\d+\.\d+\.(\d+)\.(\d+)\.\d+\.cpuprofile$/;

/** The thread a profile file is of (`0` is the main thread); the whole name when it is not one of Node's. */
export function threadOf(fileName) {
  return PROFILE_FILE.exec(fileName)?.[2] ?? fileName;
}

/**
 * Each thread's profile in `dir`, in thread order, with the earliest start among them (µs).
 * Throws when there is none, or when the files are of more than one process: two runs profiled
 * into one folder would be read as one.
 */
export function loadProfiles(dir) {
  const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  if (files.length === 0) throw new Error(`no .cpuprofile files in ${dir}`);
  const processes = new Set(files.map((name) => PROFILE_FILE.exec(name)?.[1] ?? name));
  if (processes.size > 1) throw new Error(`${dir} holds the profiles of ${processes.size} processes (${[...processes].join(', ')}): profile each run into an empty folder`);
  const threads = files.map((name) => ({ thread: threadOf(name), ...indexProfile(JSON.parse(readFileSync(join(dir, name), 'utf8'))) }));
  threads.sort((a, b) => Number(a.thread) - Number(b.thread) || (a.thread < b.thread ? -1 : 1));
  return { threads, start: Math.min(...threads.map((thread) => thread.startTime)) };
}

/**
 * A profile as nodes by id, each node's parent, and its samples: each with the span of time before
 * it was taken (its `timeDelta`), as `at` (the span's start, µs in the profile's own clock) and
 * `duration`. V8 now and then writes a delta below zero (a few µs): such a sample gets no time.
 */
export function indexProfile(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const samples = [];
  let clock = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    samples.push({ at: clock, duration: Math.max(0, delta), id: profile.samples[i] });
    clock += delta;
  }
  return { nodes, parent, samples, startTime: profile.startTime };
}

const IDLE = '(idle)';

/** Longest name printed: the engine names a regular expression's code by its whole source. */
const NAME_LENGTH = 120;

/** `name file:line` of a frame, line 1-based as editors count; a file is its last two path segments, Node's own keep `node:`. */
export function frameName(callFrame) {
  const { url, functionName, lineNumber } = callFrame;
  const name = functionName || '(anonymous)';
  if (!url) return name.length > NAME_LENGTH ? `${name.slice(0, NAME_LENGTH)}…` : name;
  const file = url.startsWith('node:') ? url : url.split('/').slice(-2).join('/');
  return `${name} ${file}:${lineNumber + 1}`;
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

/** Node's bindings that are a file-system call: a sample in one is a thread in the kernel, or waiting for a core after it. */
const FILE_SYSTEM_CALLS = new Set(['open', 'openFileHandle', 'close', 'read', 'readFileUtf8', 'readBuffers', 'write', 'writeBuffer', 'writeBuffers', 'writeString', 'writeFileUtf8', 'mkdir', 'mkdtemp', 'rmdir', 'unlink', 'rename', 'link', 'symlink', 'readlink', 'realpath', 'copyFile', 'lstat', 'stat', 'fstat', 'statfs', 'internalModuleStat', 'readdir', 'opendir', 'access', 'utimes', 'futimes', 'lutimes', 'ftruncate', 'fsync', 'fdatasync', 'chmod', 'fchmod', 'chown', 'fchown', 'lchown', 'FSReqCallback']);
const THREAD_CALLS = new Set(['postMessage', 'receiveMessageOnPort', 'Worker', 'startThread', 'stopThread']);
const MODULE_CALLS = new Set(['compileSourceTextModule', 'compileFunction', 'compileFunctionForCJSLoader', 'compileForInternalLoader', 'internalModuleReadJSON', 'legacyMainResolve', 'ModuleWrap', 'instantiate', 'evaluate', 'getModuleRequests', 'dlopen']);
/** Packages by the engine they are part of (the MDX compiler with the small packages it alone brings); the rest are "other packages". */
const ENGINES = [
  [/^(shiki|@shikijs\/.*|oniguruma-.*|regex|regex-recursion|regex-utilities)$/, 'shiki'],
  [/^(markdown-it.*|mdurl|linkify-it|uc\.micro|entities|punycode\.js)$/, 'markdown-it'],
  [/^(react|react-dom|scheduler)$/, 'React'],
  [/^(@mdx-js\/.*|micromark.*|mdast-.*|hast-.*|unified|remark-.*|rehype-.*|estree-.*|acorn.*|vfile.*|unist-.*|astring|property-information|(space|comma)-separated-tokens|zwitch|stringify-entities|ccount|devlop|bail|trough|character-entities.*|character-reference-invalid|decode-named-character-reference|style-to-(object|js)|inline-style-parser|is-(plain-obj|decimal|hexadecimal|alphanumerical|alphabetical)|markdown-table|longest-streak|html-void-elements|web-namespaces|collapse-white-space|periscopic|@ungap\/structured-clone)$/, 'the MDX compiler'],
  [/^esbuild$/, 'esbuild'],
];

/** `dist/vendor/packages.json` of each vendor folder a profile names: which packages each bundle and shared chunk holds. */
const vendorManifests = new Map();
function packagesInVendorFile(vendorDir, file) {
  if (!vendorManifests.has(vendorDir)) {
    let manifest = {};
    try {
      manifest = JSON.parse(readFileSync(fileURLToPath(`${vendorDir}/packages.json`), 'utf8'));
    } catch {
      // An older checkout, or a profile read on another machine: the file's own name is all there is.
    }
    vendorManifests.set(vendorDir, manifest);
  }
  return vendorManifests.get(vendorDir)[file] ?? [];
}

/** The packages a frame's file is of, the most telling first; none for a file that is not a package's. */
function packagesOf(url) {
  const installed = /node_modules\/((?:@[^/]+\/)?[^/@.][^/]*)\/(?!.*node_modules\/)/.exec(url);
  if (installed) return [installed[1]];
  const vendored = /^(.*\/dist\/vendor)\/(.+)$/.exec(url);
  if (!vendored) return [];
  const [, vendorDir, file] = vendored;
  return [file.replace(/\.m?js$/, ''), ...packagesInVendorFile(vendorDir, file)];
}

/**
 * The kind of work a frame is: an engine docs-gen runs (shiki, markdown-it, React, the MDX
 * compiler, esbuild), docs-gen's own code or theme, Node's JavaScript, loading modules, a
 * file-system call, a message between threads, collections, or V8's built-ins. A package counts
 * the same from node_modules or from dist/vendor (where the tool's build now bundles it; a shared
 * chunk by the packages `packages.json` says it holds), so that profiles of an older checkout and
 * of main compare. `RegExp:` frames are V8's built-ins whoever runs them: shiki's tokenizer among others.
 */
export function kindOf(callFrame) {
  const { url, functionName } = callFrame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'collections';
    if (functionName.startsWith('(')) return functionName;
    if (FILE_SYSTEM_CALLS.has(functionName)) return 'file-system calls';
    if (THREAD_CALLS.has(functionName)) return 'threads and their messages';
    if (MODULE_CALLS.has(functionName)) return 'loading modules';
    return "V8's built-ins (regular expressions, JSON, strings)";
  }
  if (url.startsWith('node:')) return /^node:internal\/(modules|bootstrap)\//.test(url) ? 'loading modules' : "Node's own JavaScript (fs, Buffer, workers)";
  const packages = packagesOf(url);
  if (packages.length > 0) {
    for (const name of packages) for (const [pattern, engine] of ENGINES) if (pattern.test(name)) return engine;
    return 'other packages';
  }
  if (/\/dist\/theme\//.test(url)) return "docs-gen's theme";
  if (/\/dist\//.test(url)) return "docs-gen's own code";
  return 'other files';
}

/** Self time by kind (`kindOf`). */
export const kindTimes = (thread, from, to) => sumBy(thread, (sample) => kindOf(thread.nodes.get(sample.id).callFrame), from, to);

const isIdle = (thread, sample) => thread.nodes.get(sample.id).callFrame.functionName === IDLE;

/** Sums the durations of the samples whose spans start in [from, to) µs (absolute) by `keyOf(sample)`; an undefined key leaves the sample out. */
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
export const selfTimes = (thread, from, to) => sumBy(thread, (sample) => frameName(thread.nodes.get(sample.id).callFrame), from, to);

/** Self time by part (`partOf`). */
export const partTimes = (thread, from, to) => sumBy(thread, (sample) => partOf(thread.nodes.get(sample.id).callFrame), from, to);

/** The frames on a sample's stack, innermost first, the root left out. */
function stackOf(thread, id) {
  const frames = [];
  for (let node = id; node !== undefined; node = thread.parent.get(node)) {
    const { callFrame } = thread.nodes.get(node);
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

/** Self time of the samples with a function whose name matches `pattern` on their stack, by their own function. */
export function timesUnder(thread, pattern) {
  return sumBy(thread, (sample) => (stackOf(thread, sample.id).some((frame) => pattern.test(frame.functionName)) ? frameName(thread.nodes.get(sample.id).callFrame) : undefined));
}

/**
 * The busy share of each `binUs` from `start` (µs): an array of fractions, 0 before the thread's
 * first sample. A sample's span counts in every bin it covers, for the part it covers.
 */
export function busyShares(thread, start, binUs) {
  const busy = [];
  for (const sample of thread.samples) {
    if (isIdle(thread, sample)) continue;
    const end = sample.at + sample.duration - start;
    for (let from = Math.max(0, sample.at - start); from < end; ) {
      const bin = Math.floor(from / binUs);
      const to = Math.min(end, (bin + 1) * binUs);
      while (busy.length <= bin) busy.push(0);
      busy[bin] += to - from;
      from = to;
    }
  }
  const last = thread.samples.at(-1);
  const bins = last ? Math.ceil((last.at + last.duration - start) / binUs) : 0;
  while (busy.length < bins) busy.push(0);
  return busy.map((us) => Math.min(1, us / binUs));
}

const SHADES = ' .:-=+*#%@';

/** A share (0–1) as one character: blank for idle, `@` for busy throughout. */
export const shade = (share) => SHADES[Math.min(SHADES.length - 1, Math.round(share * (SHADES.length - 1)))];

/** Frames named in a stretch's label: the outermost ones, where the thread's work began. */
const LABEL_FRAMES = 5;

/**
 * Busy stretches (samples with no idle one between) of at least `minUs`: where each starts (µs,
 * absolute), how long it is, and the outermost frames most of its code ran under. The collector's
 * and the engine's own samples count in a stretch but name it only when nothing else ran in it.
 */
export function longStretches(thread, minUs) {
  const found = [];
  let begun;
  let labels = new Map();
  let ownWork = '';
  const close = (end) => {
    if (begun !== undefined && end - begun >= minUs) {
      const [label] = [...labels].sort((a, b) => b[1] - a[1]);
      found.push({ start: begun, duration: end - begun, under: label?.[0] ?? ownWork });
    }
    begun = undefined;
    labels = new Map();
    ownWork = '';
  };
  for (const sample of thread.samples) {
    if (isIdle(thread, sample)) {
      close(sample.at);
      continue;
    }
    begun ??= sample.at;
    const frames = stackOf(thread, sample.id);
    if (frames.length === 1 && frames[0].functionName.startsWith('(')) {
      ownWork ||= frames[0].functionName;
      continue;
    }
    const label = frames.reverse().slice(0, LABEL_FRAMES).map((frame) => frame.functionName || '(anonymous)').join(' > ');
    labels.set(label, (labels.get(label) ?? 0) + sample.duration);
  }
  const last = thread.samples.at(-1);
  if (last) close(last.at + last.duration);
  return found;
}

/**
 * Where a thread waited. `before`: its idle time before its first busy sample (a worker waiting
 * for its first task); `after`: after its last (waiting for the run to end); between them, each
 * stretch of consecutive idle samples of at least `minUs` (where it starts, µs absolute, and how
 * long it is: a pipeline's stage waiting for the one before), and `scattered`, the idle time in
 * shorter stretches. The time before a thread's first sample is not its: it did not exist yet.
 */
export function idleStretches(thread, minUs) {
  const { samples } = thread;
  const busy = samples.flatMap((sample, i) => (isIdle(thread, sample) ? [] : [i]));
  const idleIn = (from, to) => samples.slice(from, to).reduce((sum, sample) => sum + sample.duration, 0);
  if (busy.length === 0) return { before: idleIn(0, samples.length), after: 0, stretches: [], scattered: 0 };
  const first = busy[0];
  const last = busy.at(-1);
  const stretches = [];
  let scattered = 0;
  for (let i = first + 1; i < last; i++) {
    if (!isIdle(thread, samples[i])) continue;
    let end = i;
    while (end < last && isIdle(thread, samples[end])) end++;
    const duration = idleIn(i, end);
    if (duration >= minUs) stretches.push({ start: samples[i].at, duration });
    else scattered += duration;
    i = end;
  }
  return { before: idleIn(0, first), after: idleIn(last + 1, samples.length), stretches, scattered };
}

/** Two maps of times merged: each key with B − A, A and B; the largest increase first, the largest decrease last. */
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
const largest = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
const table = (rows, total) => rows.map(([key, us]) => `  ${seconds(us).padStart(9)} ${total ? `${((100 * us) / total).toFixed(1).padStart(5)} %` : ''}  ${key}`).join('\n');

/** The options that take values, and how many each. */
const VALUES_TAKEN = { '--thread': 1, '--bin': 1, '--min': 1, '--under': 1, '--window': 2 };

const windowError = (values) => new Error(`--window takes two numbers of seconds, FROM below TO, not ${values.join(' ')}`);

/** What the command line asks for, checked: every error is a one-line message. */
export function parseArguments(args) {
  const folders = [];
  const given = new Map();
  for (let i = 0; i < args.length; i++) {
    const name = args[i];
    if (!name.startsWith('--')) {
      folders.push(name);
      continue;
    }
    const count = VALUES_TAKEN[name] ?? 0;
    const values = args.slice(i + 1, i + 1 + count);
    if (values.length < count || values.some((value) => value.startsWith('--'))) throw name === '--window' ? windowError(values) : new Error(`${name} needs a value`);
    given.set(name, values);
    i += count;
  }
  const positive = (name, fallback) => {
    const value = given.get(name)?.[0] ?? fallback;
    const number = Number(value);
    if (!(number > 0)) throw new Error(`${name} must be a number above 0, not ${value}`);
    return number;
  };
  const options = { folders, thread: given.get('--thread')?.[0], inclusive: given.has('--inclusive') };
  if (given.has('--diff')) {
    if (folders.length !== 2) throw new Error('--diff compares two folders: DIR_A DIR_B --diff');
    return { ...options, view: 'diff' };
  }
  if (given.has('--kinds')) {
    if (folders.length < 1 || folders.length > 2) throw new Error(`--kinds reads one folder of profiles, or two side by side, not ${folders.length}`);
    return { ...options, view: 'kinds' };
  }
  if (folders.length !== 1) throw new Error(`one folder of profiles, not ${folders.length} (run without arguments for the usage)`);
  if (given.has('--timeline')) return { ...options, view: 'timeline', binMs: positive('--bin', '100') };
  if (given.has('--long')) return { ...options, view: 'long', minMs: positive('--min', '20') };
  if (given.has('--idle')) return { ...options, view: 'idle', minMs: positive('--min', '50') };
  if (given.has('--under')) return { ...options, view: 'under', pattern: new RegExp(given.get('--under')[0]) };
  if (given.has('--window')) {
    const values = given.get('--window');
    const [from, to] = values.map(Number);
    if (!Number.isFinite(from) || !Number.isFinite(to) || from >= to) throw windowError(values);
    return { ...options, view: 'window', from, to };
  }
  return { ...options, view: 'summary' };
}

/** The threads `--thread` keeps (all without it); a thread the run does not have is an error. */
function pickThreads(threads, wanted, folder) {
  const picked = wanted === undefined ? threads : threads.filter((thread) => thread.thread === wanted);
  if (picked.length === 0) throw new Error(`no thread ${wanted} in ${folder}; the threads are ${threads.map((thread) => thread.thread).join(', ')}`);
  return picked;
}

function report(options) {
  if (options.view === 'diff') {
    const [first, second] = options.folders.map(loadProfiles);
    const rows = differences(allThreads(first.threads, (t) => selfTimes(t)), allThreads(second.threads, (t) => selfTimes(t))).filter((row) => row.key !== IDLE);
    const busy = (pick) => seconds(rows.reduce((sum, row) => sum + pick(row), 0));
    const line = (row) => `  ${seconds(row.change).padStart(10)}  (${seconds(row.a)} → ${seconds(row.b)})  ${row.key}`;
    console.log(`self time, B − A (A: ${options.folders[0]}; B: ${options.folders[1]}); busy in all threads: A ${busy((row) => row.a)}, B ${busy((row) => row.b)}`);
    console.log(`took longer in B:\n${rows.filter((row) => row.change > 0).slice(0, 25).map(line).join('\n')}`);
    console.log(`took less in B:\n${rows.filter((row) => row.change < 0).reverse().slice(0, 25).map(line).join('\n')}`);
    return;
  }
  if (options.view === 'kinds') {
    const runs = options.folders.map((folder) => {
      const { threads } = loadProfiles(folder);
      const sums = allThreads(pickThreads(threads, options.thread, folder), (thread) => kindTimes(thread));
      sums.delete(IDLE);
      return { sums, busy: [...sums.values()].reduce((sum, us) => sum + us, 0) };
    });
    const kinds = [...new Set(runs.flatMap((run) => [...run.sums.keys()]))].sort((a, b) => (runs.at(-1).sums.get(b) ?? 0) - (runs.at(-1).sums.get(a) ?? 0));
    const cell = (run, kind) => `${seconds(run.sums.get(kind) ?? 0).padStart(9)} ${((100 * (run.sums.get(kind) ?? 0)) / (run.busy || 1)).toFixed(1).padStart(5)} %`;
    console.log(`busy time by kind, ${options.thread === undefined ? 'every thread' : `thread ${options.thread}`}${runs.length === 2 ? ` (A: ${options.folders[0]}; B: ${options.folders[1]})` : ''}: ${runs.map((run) => seconds(run.busy)).join(' → ')}`);
    for (const kind of kinds) console.log(`  ${runs.map((run) => cell(run, kind)).join('  ')}  ${kind}`);
    return;
  }
  const { threads, start } = loadProfiles(options.folders[0]);
  const picked = pickThreads(threads, options.thread, options.folders[0]);
  if (options.view === 'timeline') {
    console.log(`busy share per ${options.binMs} ms from the first start (blank idle, @ busy throughout)`);
    for (const thread of picked) console.log(`${thread.thread.padStart(3)} |${busyShares(thread, start, options.binMs * 1000).map(shade).join('')}|`);
  } else if (options.view === 'window') {
    const [from, to] = [options.from * 1e6 + start, options.to * 1e6 + start];
    const times = options.inclusive ? (thread) => inclusiveTimes(thread, from, to) : (thread) => selfTimes(thread, from, to);
    for (const thread of picked) console.log(`thread ${thread.thread}, ${options.from}–${options.to} s, ${options.inclusive ? 'inclusive' : 'self'}:\n${table(largest(times(thread), 30))}`);
  } else if (options.view === 'long') {
    for (const thread of picked) {
      console.log(`thread ${thread.thread}: busy stretches of ${options.minMs} ms or more`);
      for (const stretch of longStretches(thread, options.minMs * 1000)) console.log(`  at ${((stretch.start - start) / 1e6).toFixed(2)} s  ${(stretch.duration / 1000).toFixed(0).padStart(5)} ms  ${stretch.under}`);
    }
  } else if (options.view === 'idle') {
    for (const thread of picked) {
      const { before, after, stretches, scattered } = idleStretches(thread, options.minMs * 1000);
      const between = stretches.reduce((sum, stretch) => sum + stretch.duration, scattered);
      console.log(`thread ${thread.thread}: idle ${seconds(before + between + after)}: before its first work ${seconds(before)}, after its last ${seconds(after)}, between ${seconds(between)}`);
      for (const stretch of stretches) console.log(`  at ${((stretch.start - start) / 1e6).toFixed(2)} s  ${(stretch.duration / 1000).toFixed(0).padStart(5)} ms`);
      console.log(`  in stretches under ${options.minMs} ms: ${seconds(scattered)}`);
    }
  } else if (options.view === 'under') {
    const sums = allThreads(picked, (thread) => timesUnder(thread, options.pattern));
    const total = [...sums.values()].reduce((sum, us) => sum + us, 0);
    console.log(`self time below ${options.pattern}: ${seconds(total)}\n${table(largest(sums, 30), total)}`);
  } else {
    for (const thread of picked) {
      const parts = partTimes(thread);
      const total = [...parts.values()].reduce((sum, us) => sum + us, 0);
      const idle = parts.get(IDLE) ?? 0;
      parts.delete(IDLE);
      const functions = selfTimes(thread);
      functions.delete(IDLE);
      console.log(`thread ${thread.thread}: ${seconds(total)} sampled, ${seconds(total - idle)} busy, ${seconds(idle)} idle`);
      console.log(`by part (share of busy):\n${table(largest(parts, 12), total - idle)}`);
      console.log(`by function, self (share of busy):\n${table(largest(functions, 15), total - idle)}\n`);
    }
  }
}

runAsScript(import.meta.url, 'profile.mjs', HELP, (args) => report(parseArguments(args)));
