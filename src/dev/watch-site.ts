import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { watch } from 'chokidar';
import type { FileEvent } from './apply-changes.ts';
import type { WatchedPaths } from './classify-change.ts';

/**
 * Waits this long after an event for more: one save often arrives as two events (truncate,
 * write), and a `git checkout` as hundreds. Short, since it adds to every reload.
 */
const SETTLE_MS = 8;

/**
 * chokidar drops a second `change` of a file within 50 ms of the first (its throttle has no
 * trailing call), so a quick second save, or an editor writing in two steps, could go unseen.
 * This long after a batch, its files are looked at again; any that changed since count as changed.
 */
const RECHECK_MS = 75;

const stamp = (path: string) => {
  const info = statSync(path, { throwIfNoEntry: false });
  return info ? `${info.mtimeMs}:${info.size}` : 'gone';
};

/** Inside the content and public folders, what dev neither watches nor reads. */
export const IGNORED = /[\\/](?:\.git|\.docs-gen-cache|node_modules)(?:[\\/]|$)/;

/** Whether `path` is a symbolic link made (or last renamed) before `time`. */
export function isLinkFrom(path: string, time: number): boolean {
  const info = lstatSync(path, { throwIfNoEntry: false });
  return info !== undefined && info.isSymbolicLink() && info.ctimeMs < time;
}

/** A file, or the files directly in a folder (a source folder: a few components), to stamp. */
function filesAt(path: string): string[] {
  try {
    const entries = readdirSync(path, { withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => join(path, entry.name));
  } catch {
    return [path];
  }
}

const EVENTS = new Set(['add', 'addDir', 'change', 'unlink', 'unlinkDir']);

/** Whether chokidar has taken `real` in: it lists it among the entries of the folder above (`watched` is its `getWatched()`). */
const listedAbove = (watched: Record<string, string[]>, real: string) => (watched[dirname(real)] ?? []).includes(basename(real));

export interface SiteWatcher {
  /** The paths as last set: classify events against these. */
  readonly paths: WatchedPaths;
  /** Resolves once the initial scan is done: changes from then on are seen. */
  readonly ready: Promise<void>;
  /** Watches new paths after a config change (plugins, islands, config imports). */
  update(paths: WatchedPaths): void;
  /** Every folder and file chokidar watches, as dev names them (tests look at it). */
  watched(): string[];
  close(): Promise<void>;
}

function listOf(paths: WatchedPaths): string[] {
  return [
    paths.contentDir,
    paths.publicDir,
    ...paths.configFiles,
    paths.themeDir,
    ...paths.rendererDirs,
    ...paths.islandFiles,
    ...paths.sourcePaths,
    ...[...paths.pluginPaths.values()].flat(),
  ];
}

/**
 * The watched folders by their real paths, and the way back. chokidar is told not to follow
 * symbolic links, which also stops it entering a watched folder given through a link (an
 * npm-linked docs-gen's theme, a site under a linked folder), so each is watched where it really
 * is and its events are reported under the name dev knows it by.
 */
class RealRoots {
  private readonly byReal = new Map<string, string>();

  real(path: string): string {
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      return path;
    }
    if (real !== path) this.byReal.set(real, path);
    return real;
  }

  given(path: string): string {
    for (const [real, original] of this.byReal) if (path === real || path.startsWith(real + sep)) return original + path.slice(real.length);
    return path;
  }
}

/** chokidar over everything dev depends on; events come in settled batches, one batch at a time. */
export function watchSite(initial: WatchedPaths, onBatch: (events: FileEvent[]) => Promise<void>): SiteWatcher {
  const startedAt = Date.now();
  let current = initial;
  const roots = new RealRoots();
  const watcher = watch(
    listOf(initial).map((path) => roots.real(path)),
    {
      ignoreInitial: true,
      // A link is watched as a link: never followed out of the site, never round a cycle (a link
      // to a folder holding it would report one edit under every path round the loop).
      followSymlinks: false,
      // Only inside the site's folders: docs-gen itself may live under node_modules.
      ignored: (real) => {
        const path = roots.given(real);
        return [current.contentDir, current.publicDir, ...current.sourcePaths].some((dir) => path.startsWith(dir) && IGNORED.test(path.slice(dir.length)));
      },
    },
  );
  let scanned = false;
  const ready = new Promise<void>((done) =>
    watcher.once('ready', () => {
      scanned = true;
      done();
    }),
  );
  let pending: FileEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain: Promise<void> = Promise.resolve();
  let closed = false;
  const push = (event: FileEvent) => {
    if (closed) return;
    pending.push(event);
    clearTimeout(timer);
    timer = setTimeout(flush, SETTLE_MS);
  };
  const flush = () => {
    const events = pending;
    pending = [];
    const files = events.filter((e) => e.event === 'change' || e.event === 'add').map((e) => [e.path, stamp(e.path)] as const);
    for (const [path, seen] of files) lastStamps.set(path, seen);
    chain = chain.then(() => onBatch(events)).catch(() => {});
    if (files.length) {
      recheck = setTimeout(() => {
        for (const [path, seen] of files) if (stamp(path) !== seen && !pending.some((e) => e.path === path)) push({ event: 'change', path });
      }, RECHECK_MS);
    }
  };
  let recheck: ReturnType<typeof setTimeout> | undefined;
  /** The stamp of each file as last seen: when `update` added it (or its folder), or in a batch since. */
  const lastStamps = new Map<string, string>();
  /** The watched paths removed and not yet taken in again by chokidar (`awaitReturn`), real paths. */
  const returning = new Set<string>();
  /**
   * Watches a removed watched path for its return. Added to the watcher as a path to watch, a path
   * back by the time chokidar looks at it is one chokidar starts with, and with `ignoreInitial` it
   * reports nothing the path holds (public/ restored at once, a branch switched, a busy machine).
   * Added as chokidar adds the paths it finds itself (its `_internal` argument), it reports all
   * that is there, and an unlink it holds back for an atomic save becomes a change. For a path
   * not there, chokidar watches its parent for it, from a moment after it looked: a path back in
   * between would be seen by no one, so until chokidar has taken it in again, it is looked at every
   * RECHECK_MS and added again once it is there (one lstat a look while it is gone).
   */
  const awaitReturn = (real: string) => {
    watcher.add(real, undefined, true);
    if (returning.has(real)) return;
    returning.add(real);
    const look = () => {
      if (closed) return;
      const there = lstatSync(real, { throwIfNoEntry: false });
      if (there) {
        // chokidar lists a link by its whole path, and reports one each time it is added: one add is enough.
        if (there.isSymbolicLink() || listedAbove(watcher.getWatched(), real)) {
          returning.delete(real);
          return;
        }
        watcher.add(real, undefined, true);
      }
      setTimeout(look, RECHECK_MS);
    };
    setTimeout(look, RECHECK_MS);
  };
  // A folder that cannot be read (permissions, a race with a delete) must not stop dev.
  watcher.on('error', () => {});
  watcher.on('all', (event, path) => {
    // Nothing before the first scan is done: chokidar reports every link it finds then as added,
    // `ignoreInitial` or not (chokidar #804), which made each start of dev on a site with a link
    // in public/ or content/ a change batch (a reload sent, the background started). What changed
    // before the watcher was ready dev finds by comparing listings (startup-changes.ts).
    if (!scanned) return;
    if (!EVENTS.has(event)) return;
    // Nor its late reports of the same: a link to a file outside the watched folders is reported
    // as added just after 'ready'. A link made before the watcher started is none of dev's changes.
    if (event === 'add' && isLinkFrom(path, startedAt)) return;
    const given = roots.given(path);
    // A watched folder removed (public/ deleted and made again, a branch switched), or a file
    // watched on its own (the config, a plugin's module, a file at the site root): chokidar stops
    // watching it, and later events, once it is back, went unseen. It is watched for its return.
    if ((event === 'unlinkDir' || event === 'unlink') && listOf(current).includes(given)) awaitReturn(path);
    push({ event: event as FileEvent['event'], path: given });
  });
  return {
    get paths() {
      return current;
    },
    ready,
    update(paths) {
      const before = new Set(listOf(current));
      current = paths;
      const added = listOf(paths).filter((p) => !before.has(p));
      if (!added.length) return;
      watcher.add(added.map((path) => roots.real(path)));
      // chokidar sets its watches up after `add` returns: a file saved meanwhile (in a folder
      // added, one of its own files) is found by its stamp once chokidar watches the path, against
      // the last stamp a batch saw, so a save chokidar did report is not sent twice.
      const files = added.flatMap(filesAt);
      for (const file of files) lastStamps.set(file, stamp(file));
      const look = (waiting: string[]) => {
        if (closed) return;
        const watched = watcher.getWatched();
        const isWatched = (path: string) => {
          const real = roots.real(path);
          return real in watched || listedAbove(watched, real);
        };
        // A path that does not exist (the folder of an import not made yet) has nothing to compare.
        const left = waiting.filter((path) => statSync(path, { throwIfNoEntry: false }) !== undefined && !isWatched(path));
        const settled = (file: string) => !left.some((path) => file === path || file.startsWith(path + sep));
        for (const file of files) {
          if (settled(file) && stamp(file) !== lastStamps.get(file) && !pending.some((e) => e.path === file)) push({ event: 'change', path: file });
        }
        // A file made meanwhile in a folder added.
        for (const path of waiting.filter(settled)) {
          for (const file of filesAt(path)) if (file !== path && !files.includes(file) && !lastStamps.has(file) && !pending.some((e) => e.path === file)) push({ event: 'add', path: file });
        }
        if (left.length) setTimeout(() => look(left), RECHECK_MS);
      };
      setTimeout(() => look(added), RECHECK_MS);
    },
    watched() {
      return Object.entries(watcher.getWatched()).flatMap(([dir, names]) => [dir, ...names.map((name) => join(dir, name))].map((path) => roots.given(path)));
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      clearTimeout(recheck);
      await watcher.close();
      await chain;
    },
  };
}
