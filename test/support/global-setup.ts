import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Jest loads global setup outside its module mapper, so the alias cannot be used here.
// eslint-disable-next-line no-restricted-imports
import { startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres.ts';

/** Starts one throw-away PostgreSQL for the whole run unless TEST_DATABASE_URL names a server. */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    process.env.TEST_PG_ADMIN_URL = process.env.TEST_DATABASE_URL;
    return;
  }
  const port = await freePort();
  const server = await startEmbeddedPostgres({
    dataDir: mkdtempSync(join(tmpdir(), 'kk-test-pg-')),
    port,
    ephemeral: true,
  });
  process.env.TEST_PG_ADMIN_URL = server.url('postgres');
  (globalThis as { __testPostgres?: { stop(): Promise<void> } }).__testPostgres = server;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
