import 'reflect-metadata';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config/app-config.js';
import { createApp } from './bootstrap.js';
import { resolveDatabase } from './platform/database/database-bootstrap.js';
import { runMigrations } from './platform/database/migrate.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const log = pino({ level: config.LOG_LEVEL });
  log.info({ node: process.version }, `starting on Node ${process.version}`);
  const database = await resolveDatabase(config, (message) => log.info(message));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, shutting down`);
    await app?.close().catch((error: Error) => log.error(error.message));
    await database.stop();
    log.info('stopped');
    process.exit(0);
  };
  let app: Awaited<ReturnType<typeof createApp>> | undefined;
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  try {
    const applied = await runMigrations(database.url);
    if (applied.length) log.info(`applied migrations: ${applied.join(', ')}`);
    app = await createApp({ config, databaseUrl: database.url });
    await app.listen(config.PORT, config.HOST);
    log.info(`serving on http://localhost:${config.PORT}`);
  } catch (error) {
    log.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    await app?.close().catch(() => undefined);
    await database.stop();
    process.exit(1);
  }
}

void main();
