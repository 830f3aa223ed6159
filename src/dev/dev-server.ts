import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { watch } from 'chokidar';
import { WebSocketServer, type WebSocket } from 'ws';
import { build } from '../build/build.ts';
import { isDiagnosticError, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { formatDiagnostic } from '../diagnostics/format.ts';
import { loadConfig } from '../config/load-config.ts';
import { serveStatic } from './static-server.ts';
import { DEV_CLIENT } from './dev-client.ts';

/** Messages the dev server sends to open tabs. */
export type DevMessage = { type: 'reload' } | { type: 'error'; message: string };

export interface DevServerOptions {
  root: string;
  port: number;
  host: string;
}

/**
 * `docs-gen dev`: builds into a cache folder, serves it, rebuilds on change and tells every
 * open tab to reload (or to show the error overlay) over a WebSocket. The server keeps running
 * whatever the content's state.
 */
export async function startDevServer(options: DevServerOptions): Promise<{ close: () => Promise<void>; port: number }> {
  const root = resolve(options.root);
  const outDir = join(root, '.docs-gen-cache', 'dev-out');
  const sockets = new Set<WebSocket>();
  let lastError: string | undefined;
  let basePath = '';

  const send = (message: DevMessage) => {
    for (const socket of sockets) socket.send(JSON.stringify(message));
  };
  let running: Promise<void> | undefined;
  let again = false;
  const rebuild = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const started = performance.now();
        try {
          basePath = (await loadConfig(root)).config.basePath;
          const result = await build({ root, outDir });
          lastError = undefined;
          console.log(`docs-gen dev: rebuilt ${result.pages} pages in ${Math.round(performance.now() - started)} ms`);
          send({ type: 'reload' });
        } catch (error) {
          const diagnostics: Diagnostic[] = isDiagnosticError(error) ? error.diagnostics : [{ severity: 'error', code: 'internal', message: (error as Error).message }];
          lastError = diagnostics.map((d) => formatDiagnostic(d)).join('\n');
          console.error(lastError);
          send({ type: 'error', message: lastError });
        }
      } while (again);
      running = undefined;
    })();
    return running;
  };

  await rebuild();
  const server = createServer((request, response) => {
    void serveStatic(request, response, {
      root: outDir,
      basePath,
      transformHtml: (html) => html.replace('</body>', `<script>${DEV_CLIENT}</script></body>`),
    }).catch(() => response.writeHead(500).end());
  });
  const wss = new WebSocketServer({ server, path: '/__docs-gen/ws' });
  wss.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (lastError) socket.send(JSON.stringify({ type: 'error', message: lastError } satisfies DevMessage));
  });
  const watcher = watch(['content', 'public', 'docs-gen.config.ts', 'docs-gen.config.js'].map((p) => join(root, p)), { ignoreInitial: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  watcher.on('all', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild(), 30);
  });
  await new Promise<void>((done) => server.listen(options.port, options.host, done));
  const port = (server.address() as { port: number }).port;
  console.log(`docs-gen dev: http://${options.host}:${port}${basePath}/`);
  return {
    port,
    close: async () => {
      await watcher.close();
      wss.close();
      await new Promise((done) => server.close(done));
    },
  };
}
