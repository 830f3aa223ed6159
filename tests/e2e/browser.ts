import { createServer, type Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { serveStatic } from '../../src/dev/static-server.ts';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/** Serves a built folder on 127.0.0.1 (random port) the way a static host would. */
export async function serveFolder(root: string, basePath = ''): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => void serveStatic(request, response, { root, basePath }));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server };
}
