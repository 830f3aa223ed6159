#!/usr/bin/env node
// React picks its production build from NODE_ENV at import time; worker threads inherit it.
process.env.NODE_ENV ??= 'production';
// The CLI lives in dist/ (built from src/ by `npm ci`'s prepare step).
await import('../dist/src/cli.js');
