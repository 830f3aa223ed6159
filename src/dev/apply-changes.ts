import { join, relative } from 'node:path';
import { classifyChange, type WatchedPaths } from './classify-change.ts';
import type { BroadcastMessage } from '../shared/dev-protocol.ts';
import type { DevSite } from './dev-site.ts';
import { runnableModuleInputs } from '../pipeline/runnable-module.ts';

/** A file-system event from the watcher. */
export interface FileEvent {
  event: 'add' | 'addDir' | 'change' | 'unlink' | 'unlinkDir';
  /** Absolute. */
  path: string;
}

export interface AppliedChanges {
  /** What to tell the open tabs; nothing when nothing they show changed. */
  message?: BroadcastMessage;
  /** The config changed: the watched paths may have too. */
  configChanged: boolean;
  /** Pages compiled for this change, relative to the site root. */
  pages: string[];
}

/**
 * Brings the dev site up to date with a batch of file events, redoing only what depends on them:
 * an edited page is recompiled (and whatever shows its title or headings re-renders, through the
 * snapshot), `_meta` and folders re-run the page map, public/ re-checks images, the theme's CSS
 * or client rebuilds the assets, a plugin's watched paths re-run that plugin, the config
 * reloads everything. Call it inside {@link DevSite.exclusive}.
 */
export async function applyChanges(site: DevSite, events: FileEvent[], watched: WatchedPaths): Promise<AppliedChanges> {
  const { root } = site.options;
  const changes = events.map((e) => ({ ...e, ...classifyChange(e.path, watched) })).filter((c) => c.kind !== 'ignored');
  if (!changes.length) return { configChanged: false, pages: [] };
  if (changes.some((c) => c.kind === 'config')) {
    await site.initialize();
    return { message: messageFor(site), configChanged: true, pages: [] };
  }
  const pages = new Set<string>();
  let assets = false;
  let components = false;
  let styleOnly = true;
  for (const change of changes) {
    for (const name of change.plugins) site.pipeline.invalidate(name);
    if (change.kind === 'page') {
      const sourcePath = relative(root, join(watched.contentDir, change.contentPath!));
      if (change.event === 'unlink') site.store.forget(sourcePath);
      else {
        site.store.invalidate(sourcePath);
        pages.add(sourcePath);
      }
      // A page added or removed: content sources list files again, and any plugin may read
      // folders (the page map does); core names no plugin, so every one loads again.
      if (change.event !== 'change') site.pipeline.invalidate();
    } else if (change.kind === 'content') {
      site.pipeline.invalidate();
      // A component or data file a page imports: pages that bundle imports compile again.
      if (change.event === 'change') {
        for (const path of site.store.bundled()) {
          site.store.invalidate(path);
          pages.add(path);
        }
      }
    } else if (change.kind === 'source') {
      // A file outside content/ (`components/`): the config's components are bundled again when
      // one was made from it (a changed one gets a new URL) or they failed to (the file may be
      // the fix, or the import that was missing), and the pages bundled from it compile again,
      // as do those that failed to.
      const madeFrom = runnableModuleInputs(site.pipeline.context.cacheDir).includes(change.path) || site.componentFiles().includes(change.path);
      if (madeFrom || site.errors.has('components')) components = true;
      for (const path of new Set([...site.store.importersOf(change.path), ...site.store.failedCompiles().map((failed) => failed.path)])) {
        site.store.invalidate(path);
        pages.add(path);
      }
    } else if (change.kind === 'style') assets = true;
    else if (change.kind === 'client') assets = true;
    else if (change.kind === 'renderer') site.restartWorkers();
    if (change.kind !== 'style') styleOnly = false;
  }
  // A file outside content/ that nothing is made from now (package.json, watched while a page
  // failed on a package not installed, and edited since for something else): nothing to tell.
  if (changes.every((c) => c.kind === 'source') && !components && !pages.size) return { configChanged: false, pages: [] };
  // A render error is found again when the page renders next; the change may have fixed it.
  site.errors.clearPrefix('render:');
  if (assets) await site.rebuildAssets();
  if (components) await site.bundleComponents();
  // Known pages compile at once; a new page is known to the store after the next pipeline run.
  await Promise.all([...pages].map((path) => site.store.compile(path)));
  await site.refresh();
  const added = [...pages].filter((path) => !site.store.isCurrent(path));
  if (added.length) {
    await Promise.all(added.map((path) => site.store.compile(path)));
    await site.refresh();
  }
  if (styleOnly && !site.errors.size && site.assets) {
    return { message: { type: 'css', href: site.assets.assets.styles[0]! }, configChanged: false, pages: [] };
  }
  return { message: messageFor(site), configChanged: false, pages: [...pages] };
}

/** Errors win: the overlay stays until they are fixed; then every tab reloads. */
function messageFor(site: DevSite): BroadcastMessage {
  return site.errors.size ? { type: 'error', message: site.errors.text() } : { type: 'reload' };
}
