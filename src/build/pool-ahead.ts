import { CONTENT_COMPILER_MODULE } from '../pipeline/content-compiler-module.ts';
import { WorkerPool, type WorkerTask } from '../pipeline/worker-pool.ts';
import { buildRootOf, commandOf, editedSinceLastBuild } from '../util/content-pages.ts';
import { distUrl } from '../util/dist-path.ts';

/**
 * Tasks a build posts to each worker before it queues them (`WorkerPoolOptions.postedAhead`): two
 * more than it runs, a few milliseconds of Markdown pages at hand. 16 did as well on Markdown
 * pages and 1 % worse on this repository's MDX site, where a worker's tasks vary more and the
 * last ones posted to one worker can keep the build waiting while the other has none.
 */
const POSTED_AHEAD = 4;

/** A build's pool. A second worker only when pages queue up: a small site does not pay for two threads' imports. */
const newBuildPool = (): WorkerPool => new WorkerPool(undefined, { startOnDemand: true, postedAhead: POSTED_AHEAD });

/** The task a worker started ahead of a build's compiles runs first: it loads the Markdown compiler. */
export const compilerWarmUp = (): WorkerTask => ({ moduleUrl: distUrl(CONTENT_COMPILER_MODULE), exportName: 'warmUpMarkdown', input: undefined });

/** The pool `startBuildPoolAhead` started, for the build of its root to take. */
let startedAhead: { root: string; pool: WorkerPool } | undefined;

/**
 * Called by the CLI's shim (`bin/docs-gen.js`) before the CLI loads: a `build` with the compile
 * cache of a small site whose pages were edited since its last build (`editedSinceLastBuild`)
 * starts a worker now, which loads the Markdown compiler while this thread loads the CLI, the
 * config and the plugins. Started on demand, when the first look-up missed, it began only then,
 * and a one-page site's rebuild after an edit waited for it: 0.52 s against 0.45 s started here
 * (`bench/README.md`, "A worker started ahead of an edited site's rebuild"). A build without the
 * cache, or of a site with none yet, starts its workers as it starts (`prestartCompilers`); a
 * rebuild with nothing edited starts none until a look-up misses. The build takes the pool
 * (`buildPoolFor`), and the CLI's exit ends it otherwise (an argument refused, `--help`). Answers
 * the pool it started, if any.
 */
export function startBuildPoolAhead(args: readonly string[]): WorkerPool | undefined {
  if (commandOf(args) !== 'build' || args.includes('--no-cache')) return undefined;
  const root = buildRootOf(args);
  if (!editedSinceLastBuild(root)) return undefined;
  const pool = newBuildPool();
  pool.prestart(1, compilerWarmUp());
  startedAhead = { root, pool };
  return pool;
}

/** The pool for a build of `root`: the one started ahead for it, or a new one (none started yet). A pool started ahead for another root is closed. */
export function buildPoolFor(root: string): WorkerPool {
  const ahead = startedAhead;
  startedAhead = undefined;
  if (ahead?.root === root) return ahead.pool;
  void ahead?.pool.close();
  return newBuildPool();
}
