import type { Server } from 'node:http';
import { DiagnosticError } from '../diagnostics/diagnostic.ts';

/** Starts listening; a port in use or a host that cannot be bound is a clear error, not a stack trace. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    return Promise.reject(new DiagnosticError([{ severity: 'error', code: 'listen-failed', message: `Cannot listen: --port must be a whole number from 0 to 65535` }]));
  }
  return new Promise((done, fail) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const why = error.code === 'EADDRINUSE' ? `port ${port} is in use on ${host}` : error.code === 'EADDRNOTAVAIL' ? `${host} is not an address of this machine` : error.message;
      fail(new DiagnosticError([{ severity: 'error', code: 'listen-failed', message: `Cannot listen: ${why}`, hint: 'pass another --port (or --host)' }]));
    });
    server.listen(port, host, () => done((server.address() as { port: number }).port));
  });
}
