// Records where the main thread allocates, for bench/allocations.mjs to read:
//   DOCS_GEN_ALLOCATIONS=FILE node --import ./bench/lib/record-allocations.mjs bin/docs-gen.js build
// V8's sampling heap profiler, told to keep the samples of objects the collector has freed since:
// what a run allocated, garbage included, not only what is alive when it ends. A main thread's
// collections cost it in proportion to what it allocates and keeps a while, and a CPU profile
// charges them to "(garbage collector)" with no word on whose objects they were.
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/** Bytes between samples, on average: V8's default (512 KiB) gives too few samples for a run of a second. */
const SAMPLING_INTERVAL = 16 * 1024;

const file = process.env.DOCS_GEN_ALLOCATIONS;
// The workers run this too (`--import` is every thread's): only the main thread records.
if (file && isMainThread) {
  const session = new Session();
  session.connect();
  const fail = (error) => {
    if (error) console.error(`record-allocations: ${error.message}`);
  };
  session.post('HeapProfiler.enable', fail);
  session.post('HeapProfiler.startSampling', { samplingInterval: SAMPLING_INTERVAL, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }, fail);
  // A session on the thread itself answers at once, so the profile is written before the process ends.
  process.on('exit', () => {
    session.post('HeapProfiler.stopSampling', (error, result) => {
      if (error) fail(error);
      else writeFileSync(file, JSON.stringify(result.profile));
    });
  });
}
