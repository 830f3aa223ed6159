import { join, relative } from 'node:path';
import type { FileEvent } from '../src/dev/apply-changes.ts';
import { watchSite } from '../src/dev/watch-site.ts';

/**
 * A watcher of a site's content and public folders (dev's `watchSite`), the events its batches
 * brought (paths relative to the site), and a wait for the batch that brings an event `accept` takes.
 */
export function watchFolders(root: string) {
  const content = join(root, 'content');
  const pub = join(root, 'public');
  const seen: { event: FileEvent['event']; path: string }[] = [];
  let waiting: { until: () => boolean; done: () => void } | undefined;
  /** Resolves once a batch has brought an event that passes `accept`; no time limit of its own (the test's is the net). */
  const eventSeen = (accept: (e: { event: string; path: string }) => boolean) =>
    new Promise<void>((done) => {
      waiting = { until: () => seen.some(accept), done };
      if (waiting.until()) done();
    });
  const watcher = watchSite(
    { contentDir: content, publicDir: pub, configFiles: [], themeDir: content, rendererDirs: [], islandFiles: [], sourcePaths: [], pluginPaths: new Map(), locales: ['en-US'], defaultLocale: 'en-US' },
    async (events) => {
      seen.push(...events.map(({ event, path }) => ({ event, path: relative(root, path) })));
      if (waiting?.until()) waiting.done();
    },
  );
  return { pub, seen, eventSeen, watcher };
}
