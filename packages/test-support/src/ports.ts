import { execFileSync } from 'node:child_process';
import type { Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';

/**
 * Starts `server` listening on `host` (loopback by default) and resolves with its port. Port 0, the
 * default, lets the system choose a free one, so suites running side by side never collide.
 */
export function listen(server: Server, options: { port?: number; host?: string } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Closes `server`, cutting the connections still open (an HTTP server's keep-alive or hanging ones) first. */
export function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if ('closeAllConnections' in server) (server as HttpServer).closeAllConnections();
    server.close(() => resolve());
  });
}

/** A loopback port that was free a moment ago, for a process that must be told its port before it starts. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const PRINT_FREE_PORT = `
const probe = require('node:net').createServer();
probe.listen(0, '127.0.0.1', () => {
  process.stdout.write(String(probe.address().port));
  probe.close();
});`;

/** `freePort`, synchronously (Playwright reads its configuration synchronously): asks a short-lived Node process. */
export function freePortSync(): number {
  return Number(execFileSync(process.execPath, ['-e', PRINT_FREE_PORT], { encoding: 'utf8' }));
}
