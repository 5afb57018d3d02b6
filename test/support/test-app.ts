import { mkdtempSync } from 'node:fs';
import { readiness } from '#src/platform/lifecycle/readiness.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '#src/config/app-config.js';
import type { AppModuleOptions } from '#src/app.module.js';
import { createApp } from '#src/bootstrap.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** What a test works with in a running app. */
export interface RunningApp {
  app: NestExpressApplication;
  baseUrl: string;
  db: TestDatabase;
  dataDir: string;
}

export interface TestApp extends RunningApp {
  close(): Promise<void>;
}

export type TestAppOptions = Pick<AppModuleOptions, 'runProjections' | 'logDestination'> & {
  /** Another app's database, to play a restart or a second instance; left for its owner to drop. */
  database?: TestDatabase;
};

/**
 * The real app on a fresh database, listening on a free port; or, given another app's database,
 * a second instance sharing it (as after a restart, or with two app processes), which leaves
 * the database to its owner when closed.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const db = options.database ?? (await createTestDatabase());
  const dataDir = mkdtempSync(join(tmpdir(), 'kk-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    ...env,
  });
  const app = await createApp({
    config,
    databaseUrl: db.url,
    runProjections: options.runProjections,
    logDestination: options.logDestination,
  });
  await app.listen(0, '127.0.0.1');
  // As main.ts does once the server listens.
  readiness.state = 'ready';
  const { port } = app.getHttpServer().address() as { port: number };
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    db,
    dataDir,
    async close() {
      await app.close();
      if (!options.database) await db.drop();
    },
  };
}
