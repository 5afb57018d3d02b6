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
  const server = await startEmbeddedPostgres({
    dataDir: join(config.DATA_DIR, 'db'),
    port: config.EMBEDDED_PG_PORT,
    log: (message) => {
      if (/ERROR|FATAL|PANIC/.test(message)) log(message);
    },
  });
  await server.createDatabase('app');
  log(
    `embedded PostgreSQL running on 127.0.0.1:${config.EMBEDDED_PG_PORT}, data in ${join(config.DATA_DIR, 'db')}`,
  );
  return { url: server.url('app'), embedded: true, stop: () => server.stop() };
}
