import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Jest loads global setup outside its module mapper, so the alias cannot be used here.
// eslint-disable-next-line no-restricted-imports
import {
  freeLoopbackPort,
  startEmbeddedPostgres,
} from '../../src/platform/database/embedded-postgres.ts';

/** Starts one throw-away PostgreSQL for the whole run unless TEST_DATABASE_URL names a server. */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    process.env.TEST_PG_ADMIN_URL = process.env.TEST_DATABASE_URL;
    return;
  }
  const port = await freeLoopbackPort();
  const server = await startEmbeddedPostgres({
    dataDir: mkdtempSync(join(tmpdir(), 'kk-test-pg-')),
    port,
    ephemeral: true,
  });
  process.env.TEST_PG_ADMIN_URL = server.url('postgres');
  (globalThis as { __testPostgres?: { stop(): Promise<void> } }).__testPostgres = server;
}
