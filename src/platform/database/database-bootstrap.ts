import { join } from 'node:path';
import type { AppConfig } from '#src/config/app-config.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';

export interface ResolvedDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** DATABASE_URL when set; otherwise an embedded PostgreSQL whose data stays under DATA_DIR. */
export async function resolveDatabase(
  config: AppConfig,
  log: (message: string) => void,
): Promise<ResolvedDatabase> {
  if (config.DATABASE_URL) {
    return { url: config.DATABASE_URL, embedded: false, stop: async () => undefined };
  }
  const dataDir = join(config.DATA_DIR, 'db');
  const server = await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_PG_PORT, log });
  await server.createDatabase('app');
  if (!server.reused) {
    log(`embedded PostgreSQL running on 127.0.0.1:${server.port}, data in ${dataDir}`);
  }
  return { url: server.url('app'), embedded: true, stop: () => server.stop() };
}
