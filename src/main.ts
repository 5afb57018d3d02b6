import 'reflect-metadata';
import type { Server } from 'node:http';
import { pino } from 'pino';
import { productionRefusal } from './config/app-config.js';
import { EXIT_CONFIG, readConfigOrExit } from './config/read-config.js';
import { createApp } from './bootstrap.js';
import { resolveDatabase } from './platform/database/database-bootstrap.js';
import { runMigrations } from './platform/database/migrate.js';
import { readiness } from './platform/lifecycle/readiness.js';
import { Metrics } from './platform/metrics/metrics.js';
import { startMetricsServer, stopMetricsServer } from './platform/metrics/metrics-server.js';

/** Part of the stop spent still serving, readiness 503, so the load balancer stops sending. */
const DRAIN_SHARE = 0.2;
const LONGEST_DRAIN_MS = 5_000;

async function main(): Promise<void> {
  const config = readConfigOrExit();
  const refusal = productionRefusal(config);
  if (refusal) {
    console.error(refusal);
    process.exit(EXIT_CONFIG);
  }
  const log = pino({ level: config.LOG_LEVEL });
  log.info({ node: process.version }, `starting on Node ${process.version}`);
  const database = await resolveDatabase(config, (message) => log.info(message)).catch(
    (error: Error) => {
      log.fatal(error.message);
      process.exit(1);
    },
  );
  let app: Awaited<ReturnType<typeof createApp>> | undefined;
  let metricsServer: Server | undefined;
  let stopping = false;

  /**
   * Readiness turns 503 at once; new requests are still served (each told to close its
   * connection) while the load balancer notices, then the server stops accepting and waits for
   * the requests in flight, and the app's own shutdown drains its queues.
   */
  const shutDown = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    readiness.state = 'draining';
    log.info(`${reason}, shutting down`);
    setTimeout(() => {
      log.error('shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    if (app && code === 0) {
      const drain = Math.min(LONGEST_DRAIN_MS, config.SHUTDOWN_TIMEOUT_MS * DRAIN_SHARE);
      await new Promise((done) => setTimeout(done, drain));
    }
    await app?.close().catch((error: Error) => log.error(error.message));
    if (metricsServer) await stopMetricsServer(metricsServer);
    await database.stop().catch((error: Error) => log.error(error.message));
    log.info('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutDown('SIGINT received', 0));
  process.on('SIGTERM', () => void shutDown('SIGTERM received', 0));

  try {
    const applied = await runMigrations(database.url);
    if (applied.length) log.info(`applied migrations: ${applied.join(', ')}`);
    app = await createApp({ config, databaseUrl: database.url }, { shutdownHooks: false });
    app.getHttpServer().prependListener('request', (_request, response) => {
      if (readiness.state === 'draining') response.setHeader('Connection', 'close');
    });
    await app.listen(config.PORT, config.HOST);
    if (config.METRICS_PORT !== undefined) {
      const host = config.METRICS_HOST ?? config.HOST;
      metricsServer = await startMetricsServer(app.get(Metrics), config.METRICS_PORT, host);
      log.info(`metrics on http://${host}:${config.METRICS_PORT}/metrics`);
    }
    if (!stopping) readiness.state = 'ready';
    log.info(`serving on http://localhost:${config.PORT}`);
  } catch (error) {
    log.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    await shutDown('start failed', 1);
  }
}

void main();
