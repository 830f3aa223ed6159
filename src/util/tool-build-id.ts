import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lockFilesDigest } from './package-files.ts';
import { toolRoot } from './tool-root.ts';

/**
 * The identity of this docs-gen's code: a hash of every file of `dist/` (its modules, the
 * theme's CSS, the grammars), by path and bytes. `npm run build:tool` computes it once and
 * writes it to `dist/BUILD_ID` (`BUILD_ID_FILE`); the persistent caches put it in every key,
 * so a change anywhere in `src/`, `theme/` or `plugins/` that could change the output never
 * serves an entry of the previous build of the tool. The package's manifest and the lock file
 * its dependencies were installed by join it at run time: a dependency upgraded without a
 * rebuild of the tool (shiki's grammars, React, loaded from node_modules) may change the output.
 * Installed in a site, docs-gen has no lock file of its own: the site's, or its workspace's, is
 * the one that changes when `npm update` brings a newer shiki (`lockFilesOf`). The packages
 * bundled into `dist/vendor/` only change with a rebuild, which changes the hash.
 */
export const BUILD_ID_FILE = 'BUILD_ID';

/** The hash of every file under `dir` except `BUILD_ID` itself, by relative path and content; file times play no part. */
export async function hashOfToolFolder(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1).split('\\').join('/'))
    .filter((path) => path !== BUILD_ID_FILE)
    .sort();
  const hash = createHash('sha256');
  for (const path of files) hash.update(path).update('\0').update(await readFile(join(dir, path))).update('\0');
  return hash.digest('hex');
}

let buildId: Promise<string> | undefined;

/**
 * This docs-gen's build id, computed once per thread: `dist/BUILD_ID` (or the hash of `dist/`
 * when the file is missing, a `dist/` built by an older script) with `package.json` and the lock
 * files of the first folder at or above the tool's that holds one.
 */
export function toolBuildId(): Promise<string> {
  buildId ??= buildIdOf(toolRoot(), join(toolRoot(), 'dist'));
  return buildId;
}

/** The build id of the docs-gen package at `root`, built into `dist` ({@link toolBuildId}). */
export async function buildIdOf(root: string, dist: string): Promise<string> {
  const written = (await readFile(join(dist, BUILD_ID_FILE), 'utf8').catch(() => '')).trim();
  const hash = createHash('sha256').update(written || (await hashOfToolFolder(dist)));
  hash.update('\0').update(await readFile(join(root, 'package.json')).catch(() => ''));
  hash.update('\0').update(await lockFilesDigest(root));
  return hash.digest('hex');
}
