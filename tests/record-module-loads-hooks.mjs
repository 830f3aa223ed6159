// Module hooks for record-module-loads.mjs: one line per loaded URL, `<threadId> <URL>`, the id of
// the thread that registered these hooks. Appends of a short line are atomic, so the threads' lines
// never mix.
import { appendFileSync } from 'node:fs';

const log = process.env.DOCS_GEN_MODULE_LOG;
let thread = 0;

export function initialize(data) {
  thread = data.threadId;
}

export async function load(url, context, nextLoad) {
  if (log) appendFileSync(log, `${thread} ${url}\n`);
  return nextLoad(url, context);
}
