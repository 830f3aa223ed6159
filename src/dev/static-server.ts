import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
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
  '.woff2': 'font/woff2',
};

/**
 * Maps a request path to a file inside `root`, or undefined. Decodes once, rejects NUL bytes,
 * backslashes and anything that normalises outside `root` (`..`, `%2e%2e`, absolute paths).
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
  if (target !== base && !target.startsWith(base + sep)) return undefined;
  return target;
}

/** Resolves clean URLs: `/a/b` → `/a/b/index.html`, then `/a/b.html`. */
async function findFile(root: string, urlPath: string): Promise<string | undefined> {
  const target = safeFilePath(root, urlPath);
  if (!target) return undefined;
  for (const candidate of [target, join(target, 'index.html'), `${target}.html`]) {
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile()) return candidate;
  }
  return undefined;
}

export interface ServeOptions {
  root: string;
  basePath: string;
  /** Rewrites HTML before sending (dev injects its reload client). */
  transformHtml?: (html: string) => string;
}

/** Serves a built site as a static host would: clean URLs, `404.html` with status 404. */
export async function serveStatic(request: IncomingMessage, response: ServerResponse, options: ServeOptions): Promise<void> {
  let path = new URL(request.url ?? '/', 'http://localhost').pathname;
  if (options.basePath) {
    if (path !== options.basePath && !path.startsWith(`${options.basePath}/`)) path = '/__outside-base-path__';
    else path = path.slice(options.basePath.length) || '/';
  }
  const file = await findFile(options.root, path);
  const status = file ? 200 : 404;
  const served = file ?? (await findFile(options.root, '/404.html'));
  if (!served) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const type = TYPES[extname(served)] ?? 'application/octet-stream';
  if (type.startsWith('text/html') && options.transformHtml) {
    const { readFile } = await import('node:fs/promises');
    const html = options.transformHtml(await readFile(served, 'utf8'));
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(html);
    return;
  }
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  createReadStream(served).pipe(response);
}
