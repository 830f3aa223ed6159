/**
 * The folder esbuild should work in: the process's current one (esbuild's own default is the one
 * the process was in when esbuild was first imported, for good), or undefined when even that is
 * gone, which leaves esbuild its default. A module of its own: `esbuild-children.ts` changes how
 * esbuild starts, which only the CLI and the worker entry may do, before esbuild loads.
 */
export function currentFolder(): string | undefined {
  try {
    return process.cwd();
  } catch {
    return undefined;
  }
}
