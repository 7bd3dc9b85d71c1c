import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import { ConfigError, loadConfig, prepareDataDir } from './config';
import { buildApp } from './app';
import { DatabaseTooNewError } from './db/database';

if (existsSync('.env')) process.loadEnvFile('.env');

let config;
try {
  config = prepareDataDir(loadConfig(process.env));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp(config).catch((error: unknown) => {
  if (error instanceof DatabaseTooNewError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
app.log.info(
  config.database.kind === 'sqlite' ? `Database: SQLite at ${config.database.file}` : 'Database: PostgreSQL',
);

// Requests in flight per connection, so a shutdown can end the connections that have none.
const inFlight = new Map<Socket, number>();
app.server.on('connection', (socket: Socket) => {
  inFlight.set(socket, 0);
  socket.once('close', () => inFlight.delete(socket));
});
app.server.on('request', (request, response) => {
  const socket = request.socket;
  inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
  response.once('close', () => {
    if (inFlight.has(socket)) inFlight.set(socket, Math.max(0, (inFlight.get(socket) ?? 1) - 1));
  });
});
function endIdleConnections() {
  for (const [socket, requests] of inFlight) {
    // end() flushes what is still being written before the connection goes away.
    if (requests === 0 && !socket.writableEnded) socket.end(() => socket.destroy());
  }
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  // From now on the readiness check fails, so a load balancer stops sending new requests here.
  app.ctx.lifecycle.startDraining();
  app.log.info(`${signal} received: finishing requests in flight, then closing`);
  const timer = setTimeout(() => {
    app.log.error('Shutdown took longer than 10 seconds; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  // Connections with no request in flight (keep-alive ones whose request was answered, or clients that
  // connected and sent nothing) would hold close() open; end them as soon as they have nothing to do.
  const sweep = setInterval(endIdleConnections, 50);
  endIdleConnections();
  try {
    await app.close();
    clearInterval(sweep);
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'Shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Quorum is running at ${config.publicUrl}`);
} catch (error) {
  app.log.error({ err: error }, 'Could not start listening');
  process.exit(1);
}
