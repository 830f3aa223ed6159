// `node --import ./tests/record-module-loads.mjs …`: every module the process loads, in any thread
// (worker threads inherit the flag), is appended to $DOCS_GEN_MODULE_LOG as a line `<threadId> <URL>`
// (the main thread is 0): ES modules by a load hook, CommonJS ones (`require`, which Node 20 runs
// past the hooks) by wrapping the loader. Each thread registers hooks of its own (Node 20 runs them
// in a hooks thread per thread), told whose they are.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';

register(new URL('./record-module-loads-hooks.mjs', import.meta.url), { data: { threadId } });

const log = process.env.DOCS_GEN_MODULE_LOG;
const load = Module._load;
Module._load = function recordingLoad(request, parent, isMain) {
  if (log) {
    try {
      const file = Module._resolveFilename(request, parent, isMain);
      appendFileSync(log, `${threadId} ${file.startsWith('/') ? pathToFileURL(file).href : file}\n`);
    } catch {
      // Not resolvable here: `load` reports it as it would have.
    }
  }
  return load.apply(this, arguments);
};
