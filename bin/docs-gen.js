#!/usr/bin/env node
// React picks its production build from NODE_ENV at import time; worker threads inherit it.
process.env.NODE_ENV ??= 'production';
// Before the CLI loads, so that its functions and the worker threads get the tuned budget (v8-tuning.ts).
(await import('../dist/src/util/v8-tuning.js')).tuneV8ForCommands();
// A build of an edited site starts a worker here, which loads the compiler while the CLI loads (pool-ahead.ts).
(await import('../dist/src/build/pool-ahead.js')).startBuildPoolAhead(process.argv.slice(2));
// The CLI lives in dist/ (built from src/ by `npm ci`'s prepare step).
await import('../dist/src/cli.js');
