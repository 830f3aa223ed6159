import type { Server } from 'node:http';

/** Starts `server` on 127.0.0.1 at a free port; resolves to its origin, `http://127.0.0.1:port`. */
export async function listenOnLocalhost(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}
