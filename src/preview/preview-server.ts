import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config/load-config.ts';
import { DiagnosticError } from '../diagnostics/diagnostic.ts';
import { listen } from '../dev/listen.ts';
import { answerRedirect, applySafeHeaders, refuseOtherMethods, serveStatic, type OpenStream } from '../dev/static-server.ts';
import { warnOncePerLink } from '../util/symlink-policy.ts';

export interface PreviewOptions {
  /** Site folder: its config gives the base path. */
  root: string;
  /** @default `<root>/out` */
  outDir?: string;
  port: number;
  host: string;
  /** Where the URL line goes. @default console.log */
  log?: (line: string) => void;
  /** Where warnings go (a refused symbolic link). @default console.warn */
  warn?: (text: string) => void;
  /** How files are read. @default fs.createReadStream */
  openStream?: OpenStream;
}

export interface PreviewServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * `docs-gen preview`: serves a finished output folder as a static host would, so a site can be
 * looked at before it is deployed: clean URLs (`/a` → `a/index.html`), the base path, and
 * `404.html` with status 404 for anything else. Nothing outside the folder is ever served.
 */
export async function startPreviewServer(options: PreviewOptions): Promise<PreviewServer> {
  const root = resolve(options.root);
  const outDir = resolve(options.outDir ?? join(root, 'out'));
  if (!existsSync(join(outDir, 'index.html')) && !existsSync(join(outDir, '404.html'))) {
    throw new DiagnosticError([
      { severity: 'error', code: 'preview-no-output', message: `Nothing to preview: ${outDir} holds no built site`, hint: 'run `docs-gen build` first (or pass --out)' },
    ]);
  }
  const { config } = await loadConfig(root);
  const basePath = config.basePath;
  const refusedLink = warnOncePerLink(root, options.warn ?? ((text) => console.warn(text)));
  const server = createServer((request, response) => {
    applySafeHeaders(response);
    if (refuseOtherMethods(request, response)) return;
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    // A host serving under a base path has nothing at `/`: send the reader to the site.
    if (basePath && path === '/') {
      response.writeHead(302, { location: `${basePath}/` }).end();
      return;
    }
    // The config's redirects, as a host reading `_redirects` answers them (the redirect pages of
    // fixed paths are for hosts that read no such file).
    if (answerRedirect(request, response, { rules: config.redirects, basePath, locales: config.locales.map((l) => l.locale), defaultLocale: config.defaultLocale })) return;
    serveStatic(request, response, { root: outDir, basePath, onRefusedLink: refusedLink, openStream: options.openStream }).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  const port = await listen(server, options.port, options.host);
  const url = `http://${options.host}:${port}${basePath}/`;
  (options.log ?? console.log)(`docs-gen preview: ${outDir} at ${url}`);
  return {
    port,
    url,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
