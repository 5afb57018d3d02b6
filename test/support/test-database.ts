import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runMigrations } from '#src/platform/database/migrate.js';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** A fresh database of its own for one test file, migrated unless asked not to be. */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl)
    throw new Error('TEST_PG_ADMIN_URL is not set: run tests through jest global setup');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  if (migrated) await runMigrations(url);
  const pool = new pg.Pool({ connectionString: url, max: 60 });
  // Dropping the database at the end kills idle connections; that must not fail the test.
  pool.on('error', () => undefined);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
