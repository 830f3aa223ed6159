import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { CONFIG_FILES } from '../config/load-config.ts';
import { toolRoot } from '../util/tool-root.ts';
import { mergePackedCaches } from '../util/cache-entry.ts';
import { applyChanges, type FileEvent } from './apply-changes.ts';
import { BackgroundCompiler } from './background-compile.ts';
import { crossOriginRefusal, refusalText } from './cross-origin-guard.ts';
import type { WatchedPaths } from './classify-change.ts';
import { DEV_SOCKET_PATH, type BroadcastMessage, type DevMessage } from '../shared/dev-protocol.ts';
import type { ChangesTold } from './dev-client.ts';
import { handleDevRequest } from './dev-request.ts';
import { asDiagnostics, DevSite, type DevSiteOptions } from './dev-site.ts';
import { listen } from './listen.ts';
import { applySafeHeaders } from './static-server.ts';
import { watchSite, type SiteWatcher } from './watch-site.ts';
import { changesSince } from './startup-changes.ts';

export interface DevServerOptions {
  root: string;
  /** @default 3000; 0 picks a free port. */
  port: number;
  /** @default 127.0.0.1 (this machine only); `--host 0.0.0.0` exposes it. */
  host: string;
  log?: { info: (line: string) => void; error: (text: string) => void };
  color?: boolean;
  /** See {@link DevSiteOptions.maxPageModulesPerWorkers}. */
  maxPageModulesPerWorkers?: number;
  /**
   * When nobody asks for a page, the background starts compiling the site after this long
   * anyway; the first answered page starts it at once. @default 1000
   */
  backgroundDelayMs?: number;
  /**
   * When nobody asks for a page, dev starts watching after this long anyway; the first answered
   * page starts it at once. What changed before the watcher was ready is taken from the files'
   * listing and mtimes then (`changesSince`), so no edit is missed. @default 1000
   */
  watchDelayMs?: number;
}

export interface DevServer {
  port: number;
  url: string;
  site: DevSite;
  /** Resolves when every page has been compiled once (benchmarks and tests wait for it). */
  idle(): Promise<void>;
  /** Resolves once dev watches the site and has taken in what changed before (tests wait for it). */
  watching(): Promise<void>;
  close(): Promise<void>;
}

const BACKGROUND_DELAY_MS = 1000;
const WATCH_DELAY_MS = 1000;

/** What dev watches, from the site's current config (defaults while the config does not load). */
function watchedPaths(site: DevSite): WatchedPaths {
  const { root } = site.options;
  const { config, context, configFiles } = site.pipeline;
  const tool = toolRoot();
  return {
    contentDir: context?.contentDir ?? join(root, 'content'),
    publicDir: context?.publicDir ?? join(root, 'public'),
    configFiles: configFiles.length ? configFiles : CONFIG_FILES.map((name) => join(root, name)),
    themeDir: join(tool, 'theme'),
    rendererDirs: [join(tool, 'dist', 'theme'), join(tool, 'dist', 'src', 'build')],
    islandFiles: site.assets?.islandFiles ?? [],
    sourcePaths: site.sourcePaths(),
    pluginPaths: context ? site.pipeline.watchPaths() : new Map(),
    locales: config?.locales.map((l) => l.locale) ?? [],
    defaultLocale: config?.defaultLocale ?? 'en-US',
  };
}

/**
 * `docs-gen dev`: answers as soon as the config, the client assets and the page map (from front
 * matter) are ready — pages compile when asked for, the rest in the background. On a change,
 * only what depends on it is redone, and every open tab is told over a WebSocket: `reload`,
 * `css`, or `error` (the overlay). Bad input never stops the server.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const started = performance.now();
  const root = resolve(options.root);
  const log = options.log ?? { info: (line: string) => console.log(line), error: (text: string) => console.error(text) };
  const sockets = new Set<WebSocket>();
  /**
   * How many changes the tabs were told of: a page served says how many it shows, a socket that
   * opens hears how many there were. The session tells a tab whose page an earlier dev served
   * (and whose socket reached this one first) that its count is of other changes.
   */
  const changesTold: ChangesTold = { count: 0, session: randomBytes(6).toString('hex') };
  const send = (message: BroadcastMessage) => {
    if (message.type === 'reload' || message.type === 'css') changesTold.count++;
    const text = JSON.stringify(message);
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(text);
  };
  // Before any worker of this session writes: each session adds a pack per worker (cache-packs.ts), and a site only ever run with dev would pile them up.
  mergePackedCaches(join(root, '.docs-gen-cache'));
  const site = new DevSite({ root, send, log, color: options.color, maxPageModulesPerWorkers: options.maxPageModulesPerWorkers });
  const initializing = site.exclusive(() => site.initialize());
  /** An error of dev itself (not of the site's files): on the errors board and in the terminal. */
  const reportInternal = (error: unknown) => {
    site.errors.set('internal', asDiagnostics(error));
    site.errors.report();
  };

  let answered: () => void = () => {};
  const firstAnswer = new Promise<void>((done) => (answered = done));
  const server = createServer((request, response) => {
    applySafeHeaders(response);
    const refused = crossOriginRefusal(request.headers, options.host);
    if (refused) {
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(refusalText(refused));
      return;
    }
    site.noteEarlyRequest(request.url);
    initializing
      .then(() => handleDevRequest(site, request, response, () => ({ ...changesTold })))
      .then(() => answered())
      .catch((error: unknown) => {
        reportInternal(error);
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('docs-gen dev: internal error (see the terminal)');
      });
  });
  // The socket carries error texts with code from the writer's files: the same guard as HTTP.
  const wss = new WebSocketServer({ server, path: DEV_SOCKET_PATH, verifyClient: ({ req }, accept) => accept(!crossOriginRefusal(req.headers, options.host), 403) });
  // The HTTP server's errors (a port in use) reach `listen`; ws repeats them here.
  wss.on('error', () => {});
  wss.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A tab that goes away mid-message is not the server's problem.
    socket.on('error', () => sockets.delete(socket));
    // The site's errors, when it has any (a tab shows them over the page until a reload comes);
    // else how many changes the tabs were told of, for a tab that missed one while it loaded.
    if (site.errors.size) socket.send(JSON.stringify({ type: 'error', message: site.errors.text() } satisfies DevMessage));
    else socket.send(JSON.stringify({ type: 'changes', ...changesTold } satisfies DevMessage));
  });
  const port = await listen(server, options.port, options.host);
  await initializing;
  site.errors.report();

  const background = new BackgroundCompiler(site, (pages, ms, error) => {
    if (error) site.errors.set('internal', asDiagnostics(error));
    else log.info(`docs-gen dev: compiled ${pages} more page${pages === 1 ? '' : 's'} in the background (${(ms / 1000).toFixed(1)} s)`);
    site.announceErrors();
  });
  // The first page a writer opens goes first; the rest of the site compiles after it (or after a
  // second), on every worker: dev started on fewer (DevSite.pool).
  const compileTheRest = () => {
    try {
      site.pool.startAll();
    } catch (error) {
      // A thread that cannot be made (out of memory): dev goes on with those it has.
      reportInternal(error);
    }
    background.start();
  };
  const startBackground = setTimeout(compileTheRest, options.backgroundDelayMs ?? BACKGROUND_DELAY_MS);
  firstAnswer.then(() => {
    clearTimeout(startBackground);
    compileTheRest();
  });

  const onBatch = async (events: FileEvent[], watched: WatchedPaths): Promise<WatchedPaths | undefined> => {
    const changeStarted = performance.now();
    let paths: WatchedPaths | undefined;
    try {
      site.errors.set('internal', []);
      const applied = await site.exclusive(() => applyChanges(site, events, watched));
      // After any change: a config change watches other paths, a component's may import a new file.
      // Watched before the tabs hear of the change: a save that follows at once is seen.
      paths = watchedPaths(site);
      watcher?.update(paths);
      site.errors.report();
      if (applied.message) send(applied.message);
      if (applied.message?.type === 'reload') site.prerender(applied.pages);
      const what = [...new Set(events.map((e) => relative(root, e.path)))].join(', ');
      log.info(`docs-gen dev: ${what} → ${applied.message?.type ?? 'nothing to do'} (${Math.round(performance.now() - changeStarted)} ms)`);
    } catch (error) {
      reportInternal(error);
      send({ type: 'error', message: site.errors.text() });
    }
    background.start();
    return paths;
  };

  // chokidar's first scan of a large site (a stat and a watch per file) takes seconds of the main
  // thread: it starts after the first answer, and what changed before it was ready is taken from
  // the listing `initialize` made before reading (a file added, removed, or with another size or mtime).
  let watcher: SiteWatcher | undefined;
  let closing = false;
  let watchingStarted: () => void = () => {};
  const watchRequested = new Promise<void>((done) => (watchingStarted = done));
  const watching = watchRequested.then(async () => {
    if (closing) return;
    const readFrom = site.readFrom;
    const started = watchSite(watchedPaths(site), async (events) => {
      const paths = await onBatch(events, started.paths);
      if (paths) started.update(paths);
    });
    watcher = started;
    // A page compiled on request or in the background may import a file outside content/ no
    // other page did: watched from then on.
    site.store.onNewImports = () => started.update(watchedPaths(site));
    await started.ready;
    // The stubs read for this start, for the next one (after the first answer: it needs none of it).
    await site.store.outline?.save();
    // From here chokidar sees every change: a config change's `initialize` lists nothing.
    site.watching = true;
    if (!readFrom) return;
    const missed = await changesSince(readFrom, site.startupFiles());
    site.readFrom = undefined;
    site.store.startupStamps = undefined;
    if (!missed.length || closing) return;
    const paths = await onBatch(missed, started.paths);
    if (paths) started.update(paths);
  }).catch((error: unknown) => {
    // Nobody awaits this but `close` and tests: a failure is printed, never an unhandled rejection.
    log.error(`docs-gen dev: watching the site failed: ${error instanceof Error ? error.message : String(error)}`);
    // dev never watches now, so no refresh writes the stubs: they are kept for the next start here.
    void site.store.outline?.save();
  });
  const startWatching = setTimeout(() => watchingStarted(), options.watchDelayMs ?? WATCH_DELAY_MS);
  firstAnswer.then(() => watchingStarted());

  const url = `http://${options.host}:${port}${site.basePath}/`;
  log.info(`docs-gen dev: ${url} (ready in ${Math.round(performance.now() - started)} ms; pages compile on first visit)`);
  return {
    port,
    url,
    site,
    idle: () => background.idle(),
    watching: () => watching,
    close: async () => {
      clearTimeout(startBackground);
      clearTimeout(startWatching);
      // `watching` settles (at once when it never began), and nothing is left half set up.
      closing = true;
      watchingStarted();
      await watching.catch(() => {});
      await watcher?.close();
      for (const socket of sockets) socket.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await background.idle();
      await site.close();
    },
  };
}
