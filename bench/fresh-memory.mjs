// What memory a process touches for the first time costs on this machine, against memory it
// touched before: each first touch of a 4 KiB page is a page fault. Why a rebuild copies the
// pieces it keeps through one reused buffer rather than reading the old file whole (bench/README.md).
// Usage: node bench/fresh-memory.mjs [--mib 16] [--runs 5]
import { argument } from './lib/arguments.mjs';

const bytes = Number(argument('mib', 16)) * 1024 * 1024;
const runs = Number(argument('runs', 5));
const PAGE = 4096;

/** Writes a byte in every page of `buffer`; the milliseconds it took. */
function touch(buffer) {
  const started = performance.now();
  for (let at = 0; at < buffer.length; at += PAGE) buffer[at] = 1;
  return performance.now() - started;
}

const reused = Buffer.allocUnsafeSlow(bytes);
touch(reused);
const fresh = [];
const again = [];
// Each fresh buffer is kept until the end: one let go could be handed out again, already touched.
const kept = [];
for (let run = 0; run < runs; run++) {
  const buffer = Buffer.allocUnsafeSlow(bytes);
  kept.push(buffer);
  fresh.push(touch(buffer));
  again.push(touch(reused));
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const pages = bytes / PAGE;
console.log(`${bytes / 1024 / 1024} MiB (${pages} pages of 4 KiB), ${runs} runs, medians:`);
console.log(`  memory touched for the first time  ${median(fresh).toFixed(1).padStart(7)} ms  ${((median(fresh) * 1000) / pages).toFixed(2)} µs a page`);
console.log(`  memory touched before              ${median(again).toFixed(1).padStart(7)} ms  ${((median(again) * 1000) / pages).toFixed(2)} µs a page`);
