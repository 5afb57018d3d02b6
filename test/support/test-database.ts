import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runMigrations } from '#src/platform/database/migrate.js';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/**
 * A fresh database of its own for one test file, migrated unless asked not to be. A migrated one
 * is a copy of the template that global setup migrated once for the run: copying takes a fraction
 * of the time that running every migration again does (docs/decisions/0135-faster-test-run.md).
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const adminUrl = testAdminUrl();
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = migrated ? process.env.TEST_PG_TEMPLATE : undefined;
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = withDatabase(adminUrl, name);
  if (migrated && !template) await runMigrations(url);
  const pool = new pg.Pool({ connectionString: url, max: 60 });
  // Dropping the database at the end kills idle connections; that must not fail the test.
  pool.on('error', () => undefined);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Creates and migrates the run's template database `name` on a server (global setup). */
export async function createTemplateDatabase(adminUrl: string, name: string): Promise<void> {
  await adminQuery(`create database ${name}`, adminUrl);
  await runMigrations(withDatabase(adminUrl, name));
}

/** Drops the run's template databases (global teardown), for a server that outlives the run. */
export async function dropTemplateDatabases(): Promise<void> {
  const name = process.env.TEST_PG_TEMPLATE;
  const urls = process.env.TEST_PG_ADMIN_URLS?.split(' ') ?? [];
  if (name)
    await Promise.all(
      urls.map((url) => adminQuery(`drop database if exists ${name} with (force)`, url)),
    );
}

/** This worker's server (global setup starts one per Jest worker). */
function testAdminUrl(): string {
  const urls = process.env.TEST_PG_ADMIN_URLS?.split(' ');
  if (!urls) throw new Error('TEST_PG_ADMIN_URLS is not set: run tests through jest global setup');
  const worker = Number(process.env.JEST_WORKER_ID ?? 1) - 1;
  return urls[worker % urls.length];
}

async function adminQuery(sql: string, adminUrl = testAdminUrl()): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
