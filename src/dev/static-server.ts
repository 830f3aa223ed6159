import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { extname, join, resolve, sep } from 'node:path';
import { redirectForUrlPath, type RedirectRule } from '../shared/redirect-rules.ts';
import { isExternalHref } from '../shared/resolve-link.ts';
import type { RefusedLink } from '../util/symlink-policy.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.woff2': 'font/woff2',
};

export function contentTypeOf(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Headers on every answer of dev and preview. `nosniff`: a file is only ever what its
 * Content-Type says (a text file in public/ cannot be run as a script or styles); the referrer
 * policy sends other sites the origin, never the page's path.
 */
export const SAFE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

export function applySafeHeaders(response: ServerResponse): void {
  for (const [name, value] of Object.entries(SAFE_HEADERS)) response.setHeader(name, value);
}

/** Answers anything but GET and HEAD with 405, as a static host does; true when it did. */
export function refuseOtherMethods(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
  return true;
}

const inside = (base: string, target: string) => target === base || target.startsWith(base + sep);

/**
 * Maps a request path to a file path inside `root`, or undefined. Decodes once, rejects NUL bytes,
 * backslashes (`%5c` too) and anything that normalises outside `root` (`..`, `%2e%2e`, absolute paths).
 */
export function safeFilePath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]!.split('#')[0]!);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const base = resolve(root);
  const target = resolve(base, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  return inside(base, target) ? target : undefined;
}

/**
 * The file a request path names inside `root`, with clean URLs (`/a/b` → `a/b/index.html`, then
 * `a/b.html`). A symbolic link that leads out of `root` counts as absent (and `onRefusedLink` hears of it).
 */
export async function findFile(root: string, urlPath: string, onRefusedLink?: (link: RefusedLink) => void): Promise<string | undefined> {
  const target = safeFilePath(root, urlPath);
  if (!target) return undefined;
  for (const candidate of [target, join(target, 'index.html'), `${target}.html`]) {
    const info = await stat(candidate).catch(() => undefined);
    if (!info?.isFile()) continue;
    const [real, realRoot] = await Promise.all([realpath(candidate), realpath(root)]);
    if (inside(realRoot, real)) return candidate;
    // The symlink policy (src/util/symlink-policy.ts): a link out of the folder is refused, and named.
    onRefusedLink?.({ file: candidate, target: real, folder: root });
    return undefined;
  }
  return undefined;
}

/** How a file found on disk is read; tests replace it to delete the file first. */
export type OpenStream = (file: string) => Readable;

export interface SendOptions {
  /** @default 200 */
  status?: number;
  /** Rewrites HTML before sending. */
  transformHtml?: (html: string) => string;
  /** @default fs.createReadStream */
  openStream?: OpenStream;
}

const GONE = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/** A file found a moment ago that cannot be read now (deleted, replaced by a folder): 404, anything else 500. */
function sendReadFailure(response: ServerResponse, error: unknown): void {
  const gone = GONE.has((error as NodeJS.ErrnoException).code ?? '');
  response.writeHead(gone ? 404 : 500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
  response.end(gone ? 'Not found' : 'Could not read the file');
}

/**
 * Sends a file (HEAD: headers only). Found is not readable: the file can go between findFile's
 * stat and the open (a rebuild replacing `out/`, an editor saving into `public/`). The status
 * line waits for the first bytes, so a file that cannot be opened is still a 404 (500 for other
 * errors); a read that fails once bytes are out ends that response. Never the server.
 */
export async function sendFile(request: IncomingMessage, response: ServerResponse, file: string, options: SendOptions = {}): Promise<void> {
  const { status = 200, transformHtml, openStream = createReadStream } = options;
  const type = contentTypeOf(file);
  if (type.startsWith('text/html') && transformHtml) {
    let html: string;
    try {
      html = transformHtml(await text(openStream(file)));
    } catch (error) {
      return sendReadFailure(response, error);
    }
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache' }).end(request.method === 'HEAD' ? undefined : html);
    return;
  }
  if (request.method === 'HEAD') {
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache' }).end();
    return;
  }
  // Set, not written: the status line goes out with the first chunk.
  response.statusCode = status;
  response.setHeader('content-type', type);
  response.setHeader('cache-control', 'no-cache');
  const stream = openStream(file);
  stream.on('error', (error: Error) => {
    stream.unpipe(response);
    if (response.headersSent) response.destroy(error);
    else sendReadFailure(response, error);
  });
  // A client that goes away stops the read (and closes the file).
  response.on('close', () => stream.destroy());
  stream.pipe(response);
}

export interface ServeOptions {
  root: string;
  basePath: string;
  /** Rewrites HTML before sending. */
  transformHtml?: (html: string) => string;
  /** Told of each symbolic link refused because it leads out of `root`. */
  onRefusedLink?: (link: RefusedLink) => void;
  /** @default fs.createReadStream */
  openStream?: OpenStream;
}

/** Serves a built site as a static host would: clean URLs, `404.html` with status 404. */
export async function serveStatic(request: IncomingMessage, response: ServerResponse, options: ServeOptions): Promise<void> {
  let path = new URL(request.url ?? '/', 'http://localhost').pathname;
  let file: string | undefined;
  if (!options.basePath || path === options.basePath || path.startsWith(`${options.basePath}/`)) {
    path = path.slice(options.basePath.length) || '/';
    file = await findFile(options.root, path, options.onRefusedLink);
  }
  if (file) return sendFile(request, response, file, options);
  const notFound = await findFile(options.root, '/404.html');
  if (notFound) return sendFile(request, response, notFound, { ...options, status: 404 });
  response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
}

/**
 * Answers a request a config redirect matches (dev and preview, as Next.js and the hosts that
 * read `_redirects` do): 308, or 307 for `permanent: false`, to the destination under the base
 * path, the request's query kept when the destination has none. True when it answered.
 */
export function answerRedirect(request: IncomingMessage, response: ServerResponse, options: { rules: readonly RedirectRule[]; basePath: string; locales: readonly string[]; defaultLocale: string }): boolean {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const { basePath } = options;
  if (basePath && url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) return false;
  const target = redirectForUrlPath(options.rules, url.pathname.slice(basePath.length) || '/', options);
  if (!target) return false;
  const destination = isExternalHref(target.location) ? target.location : `${basePath}${target.location}`;
  const location = destination.includes('?') ? destination : `${destination}${url.search}`;
  response.writeHead(target.status, { location, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  response.end(request.method === 'HEAD' ? undefined : `Redirecting to ${location}`);
  return true;
}
