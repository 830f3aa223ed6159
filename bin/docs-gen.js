#!/usr/bin/env node
// React picks its production build from NODE_ENV at import time; worker threads inherit it.
process.env.NODE_ENV ??= 'production';
// Before the CLI loads, so that its functions and the worker threads get the tuned budget (v8-tuning.ts).
(await import('../dist/src/util/v8-tuning.js')).tuneV8ForCommands();
// The CLI lives in dist/ (built from src/ by `npm ci`'s prepare step).
await import('../dist/src/cli.js');
