import { existsSync } from 'node:fs';
import { ConfigError, loadConfig, prepareDataDir } from './config';
import { buildApp } from './app';

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

const app = await buildApp(config);
app.log.info(
  config.database.kind === 'sqlite' ? `Database: SQLite at ${config.database.file}` : 'Database: PostgreSQL',
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received: finishing requests in flight, then closing`);
  const timer = setTimeout(() => {
    app.log.error('Shutdown took longer than 10 seconds; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  // Keep-alive connections whose requests were in flight become idle once answered; close them as
  // they do, or close() would wait for the keep-alive timeout.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
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
