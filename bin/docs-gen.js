#!/usr/bin/env node
// The CLI lives in dist/ (built from src/ by `npm ci`'s prepare step).
import '../dist/src/cli.js';
