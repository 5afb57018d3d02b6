import 'reflect-metadata';
import { pino } from 'pino';
import { readConfigOrExit } from './config/read-config.js';
import { createApp } from './bootstrap.js';
import { resolveDatabase } from './platform/database/database-bootstrap.js';
import { runMigrations } from './platform/database/migrate.js';

const SHUTDOWN_TIMEOUT_MS = 30_000;

async function main(): Promise<void> {
  const config = readConfigOrExit();
  const log = pino({ level: config.LOG_LEVEL });
  log.info({ node: process.version }, `starting on Node ${process.version}`);
  const database = await resolveDatabase(config, (message) => log.info(message));
  let app: Awaited<ReturnType<typeof createApp>> | undefined;
  let stopping = false;

  const shutDown = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    log.info(`${reason}, shutting down`);
    setTimeout(() => {
      log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    await app?.close().catch((error: Error) => log.error(error.message));
    await database.stop().catch((error: Error) => log.error(error.message));
    log.info('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutDown('SIGINT received', 0));
  process.on('SIGTERM', () => void shutDown('SIGTERM received', 0));

  try {
    const applied = await runMigrations(database.url);
    if (applied.length) log.info(`applied migrations: ${applied.join(', ')}`);
    app = await createApp({ config, databaseUrl: database.url });
    await app.listen(config.PORT, config.HOST);
    log.info(`serving on http://localhost:${config.PORT}`);
  } catch (error) {
    log.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    await shutDown('start failed', 1);
  }
}

void main();
