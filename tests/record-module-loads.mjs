// `node --import ./tests/record-module-loads.mjs …`: every module the process loads, in any thread
// (worker threads inherit the flag), is appended as a URL line to $DOCS_GEN_MODULE_LOG.
import { register } from 'node:module';

register(new URL('./record-module-loads-hooks.mjs', import.meta.url));
