import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { buildOrmConfig } from './mikro-orm.config.js';

/** Held while migrating: instances started together take turns, the later ones find nothing to do. */
const MIGRATION_LOCK = 'migrations';

/** Applies pending migrations with a short-lived ORM instance, before the app starts. */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    const orm = await MikroORM.init(buildOrmConfig(databaseUrl));
    try {
      const applied = await orm.migrator.up();
      return applied.map((m) => m.name);
    } finally {
      await orm.close(true);
    }
  } finally {
    // Ending the session releases the lock, whatever happened above.
    await lock.end();
  }
}
