// How much making files costs on this file system after files were deleted, by the time since
// the deletion: why the bench moves old builds aside instead of deleting them (lib/graveyard.mjs).
// Usage: node bench/fs-recent-deletes.mjs [--files 8000] [--waits 0,20,45,75] [--dir DIR]
// (DIR: a folder on the file system to measure; the system's temporary folder by default).
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { cpuUsage } from 'node:process';
import { argument } from './lib/arguments.mjs';

const files = Number(argument('files', 8000));
const waits = String(argument('waits', '0,20,45,75')).split(',').map(Number);
const base = mkdtempSync(join(argument('dir', os.tmpdir()), 'docs-gen-fs-'));
const contents = Buffer.alloc(3000, 0x61);
const sleep = (seconds) => new Promise((done) => setTimeout(done, seconds * 1000));

let made = 0;
/** Makes `files` files in a new folder; prints the wall and system milliseconds it took. */
function makeFiles(label) {
  const folder = join(base, String(made++));
  mkdirSync(folder);
  const cpu = cpuUsage();
  const started = performance.now();
  for (let i = 0; i < files; i++) writeFileSync(join(folder, String(i)), contents);
  const wall = performance.now() - started;
  console.log(`${label.padEnd(34)} ${wall.toFixed(0).padStart(6)} ms wall ${(cpuUsage(cpu).system / 1000).toFixed(0).padStart(6)} ms system`);
  return folder;
}

try {
  console.log(`${files} files of ${contents.length} bytes each, in ${base}`);
  let last = makeFiles('before deleting any');
  for (const wait of waits) {
    rmSync(last, { recursive: true });
    execSync('sync');
    await sleep(wait);
    last = makeFiles(wait ? `${wait} s after deleting as many` : 'at once after deleting as many');
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}
