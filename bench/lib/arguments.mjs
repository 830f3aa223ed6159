// The command line of the bench's smaller scripts: `--name value` pairs.

/** The value after `--name` on the command line, or `fallback` when it is not there. */
export const argument = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
};
