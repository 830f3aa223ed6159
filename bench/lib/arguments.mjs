// The command line of the bench's smaller scripts: `--name value` pairs, and the readers' way of running.
import { pathToFileURL } from 'node:url';

/** The value after `--name` on the command line, or `fallback` when it is not there. */
export const argument = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
};

/**
 * Runs a reader's command line (`profile.mjs`, `allocations.mjs`) when `moduleUrl` is the script
 * Node was started with, not a module a test imports: `help` with no arguments or with `--help`,
 * else `run(args)`, whose error is printed as `name: message`, with exit code 1.
 */
export function runAsScript(moduleUrl, name, help, run) {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const args = process.argv.slice(2);
  if (args.length === 0 || args.includes('--help')) {
    console.log(help);
    return;
  }
  try {
    run(args);
  } catch (error) {
    console.error(`${name}: ${error.message}`);
    process.exitCode = 1;
  }
}
