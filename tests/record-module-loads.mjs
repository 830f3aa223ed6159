// `node --import ./tests/record-module-loads.mjs …`: every module the process loads, in any thread
// (worker threads inherit the flag), is appended as a URL line to $DOCS_GEN_MODULE_LOG: ES modules
// by a load hook, CommonJS ones (`require`, which Node 20 runs past the hooks) by wrapping the loader.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';

register(new URL('./record-module-loads-hooks.mjs', import.meta.url));

const log = process.env.DOCS_GEN_MODULE_LOG;
const load = Module._load;
Module._load = function recordingLoad(request, parent, isMain) {
  if (log) {
    try {
      const file = Module._resolveFilename(request, parent, isMain);
      appendFileSync(log, `${file.startsWith('/') ? pathToFileURL(file).href : file}\n`);
    } catch {
      // Not resolvable here: `load` reports it as it would have.
    }
  }
  return load.apply(this, arguments);
};
