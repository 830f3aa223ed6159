// Module hooks for record-module-loads.mjs: one line per loaded URL. Appends of a short line are
// atomic, so the threads' lines never mix.
import { appendFileSync } from 'node:fs';

const log = process.env.DOCS_GEN_MODULE_LOG;

export async function load(url, context, nextLoad) {
  if (log) appendFileSync(log, `${url}\n`);
  return nextLoad(url, context);
}
